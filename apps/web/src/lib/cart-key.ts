/**
 * Every query of the visitor's or member's cart starts with this key: the shop owns the cart's queries,
 * and the booking flow, which puts a booking paid online in the same cart, refreshes them with it.
 */
export const cartKey = ['ecom', 'cart'] as const;

const startedKey = 'atrium.cart.started';

/**
 * Whether this browser's visitor ever put something in a cart. A visitor's cart is reachable only with
 * this browser's visitor token, so until then there is nothing to ask the server for (its answer would
 * be a 404). Members are always asked: their cart may come from another device.
 */
export function visitorCartStarted(): boolean {
  try {
    return localStorage.getItem(startedKey) === '1';
  } catch {
    return true;
  }
}

export function markCartStarted(started: boolean): void {
  try {
    if (started) localStorage.setItem(startedKey, '1');
    else localStorage.removeItem(startedKey);
  } catch {
    // Storage refused (private mode): the server is asked every time.
  }
}
