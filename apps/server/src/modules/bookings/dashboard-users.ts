import type { Executor } from '../../platform/db/database.ts';

/**
 * The site's dashboard users as bookings needs them: a staff member is linked to the active dashboard
 * user (WIX_USER) with the same email, since staff members carry no identity link. The identity module
 * provides it (`identity.dashboardUsers`, passed in by app.ts).
 */
export interface DashboardUsers {
  /** Active dashboard users' ids by lower-cased email. */
  idsByEmail(siteId: string, emails: readonly string[], executor?: Executor): Promise<Map<string, string>>;
  /** The email of an active dashboard user, or undefined for anyone else. */
  emailOf(siteId: string, identityId: string, executor?: Executor): Promise<string | undefined>;
}
