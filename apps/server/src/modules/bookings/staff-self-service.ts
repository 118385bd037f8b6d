import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/db/database.ts';
import { forbidden } from '../../platform/errors/app-error.ts';
import type { StaffRow } from './catalogue.tables.ts';
import type { DashboardUsers } from './dashboard-users.ts';

/**
 * Owners, admins and apps manage every staff member's time off; a STAFF user only their own, i.e. the
 * staff member whose email is their dashboard account's (staff members have no identity link), as
 * external calendars decide it. Otherwise a colleague could block out or free up someone else's day.
 */
export async function assertMayManageTimeOf(
  ctx: RequestContext,
  member: StaffRow,
  users: Pick<DashboardUsers, 'idsByEmail'>,
  executor?: Executor,
): Promise<void> {
  const { caller } = ctx;
  if (caller.identityType === 'APP') return;
  if (caller.identityType === 'WIX_USER' && (caller.role === 'OWNER' || caller.role === 'ADMIN')) return;
  if (caller.identityType === 'WIX_USER' && caller.identityId && member.email) {
    const ids = await users.idsByEmail(ctx.site.id, [member.email], executor);
    if (ids.get(member.email.toLowerCase()) === caller.identityId) return;
  }
  throw forbidden(`Only the owner, an admin or staff member ${member.id} may change their time off`);
}
