import type { RouteAccess } from '../../platform/http/request-context.ts';

/** Who may call the catalogue's routes; the declarations are data the tests enumerate. */
export const catalogueAccess = {
  /** Changing the catalogue: the owner or an admin in the dashboard, or an app with an API key. */
  manage: { identities: ['WIX_USER', 'APP'], roles: ['OWNER', 'ADMIN'], scopes: ['bookings.catalog.manage'] },
  /** Business-side reads and staff self-service (time off, their own hours): any dashboard user or an app. */
  business: { identities: ['WIX_USER', 'APP'], scopes: ['bookings.catalog.manage'] },
  /** What visitors and members need to book: services, staff names, policies, prices. */
  read: {
    identities: ['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'],
    scopes: ['bookings.catalog.read', 'bookings.catalog.manage'],
  },
} as const satisfies Record<string, RouteAccess>;
