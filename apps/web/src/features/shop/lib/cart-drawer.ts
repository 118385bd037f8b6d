import { useSyncExternalStore } from 'react';

// The cart drawer opens from the header's cart button and from "Add to cart" on a product page: two
// places in different parts of the page, so its state lives here rather than in either.
let opened = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (opened === value) return;
  opened = value;
  for (const listener of listeners) listener();
}

export const cartDrawer = {
  open: () => set(true),
  close: () => set(false),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the cart drawer is open. */
export function useCartDrawerOpened(): boolean {
  return useSyncExternalStore(subscribe, () => opened);
}
