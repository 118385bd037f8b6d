import type { RouteAccess } from '../../platform/http/request-context.ts';

/** Who may call the store catalog's routes; the declarations are data the permission tests enumerate. */
export const storesAccess = {
  /** Changing the catalog and its stock: the owner or an admin in the dashboard, or an app with an API key. */
  manage: { identities: ['WIX_USER', 'APP'], roles: ['OWNER', 'ADMIN'], scopes: ['stores.catalog.manage'] },
  /** What the business alone reads: cost and profit, inventory, abandoned carts. */
  business: { identities: ['WIX_USER', 'APP'], scopes: ['stores.catalog.manage', 'stores.catalog.read-all'] },
  /** What shoppers read: visible products, collections, brands, ribbons, stock status. */
  read: {
    identities: ['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'],
    scopes: ['stores.catalog.read', 'stores.catalog.read-all', 'stores.catalog.manage'],
  },
} as const satisfies Record<string, RouteAccess>;

/** Whether the caller is the business (sees hidden products, cost and profit). */
export function isBusinessCaller(identityType: string): boolean {
  return identityType === 'WIX_USER' || identityType === 'APP';
}
