import type { DataPermissions, DataRole } from '@atrium/contract/data';
import type { Caller } from '../../platform/context.ts';

export type DataOperation = keyof DataPermissions;

/**
 * What a caller may do with one operation: nothing, everything, or only items it owns (`_owner`).
 * Staff and apps are never limited to their own items.
 */
export type ItemAccess = { allowed: false } | { allowed: true; ownerOnly?: string };

const deny: ItemAccess = { allowed: false };
const all: ItemAccess = { allowed: true };

function isPrivileged(caller: Caller): boolean {
  return caller.identityType === 'APP' || (caller.identityType === 'WIX_USER' && caller.role !== 'STAFF');
}

/**
 * The rule of spec §6 for one collection role: ADMIN and CMS_EDITOR admit any staff member and apps,
 * PRIVILEGED only the owner, admins and apps; SITE_MEMBER any member; SITE_MEMBER_AUTHOR members, limited to
 * the items they own; ANYONE every caller, visitors included.
 */
export function accessFor(caller: Caller, role: DataRole): ItemAccess {
  if (caller.identityType === 'APP' || caller.identityType === 'WIX_USER') {
    if (role === 'PRIVILEGED') return isPrivileged(caller) ? all : deny;
    return all;
  }
  if (role === 'ANYONE') return all;
  if (caller.identityType !== 'MEMBER' || !caller.identityId) return deny;
  if (role === 'SITE_MEMBER') return all;
  if (role === 'SITE_MEMBER_AUTHOR') return { allowed: true, ownerOnly: caller.identityId };
  return deny;
}

/** Who may manage collections and indexes (schemas, not content): the owner, admins and apps. */
export function canManageSchema(caller: Caller): boolean {
  return isPrivileged(caller);
}

/** Staff and apps may set `_owner` explicitly (imports, migrations); everyone else owns what they insert. */
export function mayAssignOwner(caller: Caller): boolean {
  return caller.identityType === 'APP' || caller.identityType === 'WIX_USER';
}
