import type { RouteAccess } from '../../platform/http/request-context.ts';

/** Who may call commerce's routes; the declarations are data the permission tests enumerate. */
export const ecomAccess = {
  /** A buyer's own cart and checkout: visitors and members (their own), the business and apps (any). */
  buyer: {
    identities: ['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'],
    scopes: ['ecom.checkout', 'ecom.orders.manage'],
  },
  /** The current cart: only a visitor or member has one. */
  currentCart: { identities: ['ANONYMOUS_VISITOR', 'MEMBER'] },
  /** Reading orders: members read their own, the business and apps all of them. */
  orderRead: {
    identities: ['MEMBER', 'WIX_USER', 'APP'],
    scopes: ['ecom.orders.read', 'ecom.orders.manage'],
  },
  /** Changing orders, taking and refunding payments: the owner or an admin, or an app with the scope. */
  manage: { identities: ['WIX_USER', 'APP'], roles: ['OWNER', 'ADMIN'], scopes: ['ecom.orders.manage'] },
} as const satisfies Record<string, RouteAccess>;

/** Whether the caller is the business (sees and changes every buyer's carts, checkouts and orders). */
export function isBusinessCaller(identityType: string): boolean {
  return identityType === 'WIX_USER' || identityType === 'APP';
}
