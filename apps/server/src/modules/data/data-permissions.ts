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

type SpecialRule = {
  userId?: string | null;
  policyId?: string | null;
  itemRead?: string | null;
  itemInsert?: string | null;
  itemUpdate?: string | null;
  itemRemove?: string | null;
};

const ruleKeys: Record<DataOperation, 'itemRead' | 'itemInsert' | 'itemUpdate' | 'itemRemove'> = {
  read: 'itemRead',
  insert: 'itemInsert',
  update: 'itemUpdate',
  remove: 'itemRemove',
};

function subjectMatches(rule: SpecialRule, caller: Caller): boolean {
  if (rule.userId) return caller.identityId === rule.userId;
  switch (rule.policyId) {
    case 'VISITORS':
      return caller.identityType === 'ANONYMOUS_VISITOR';
    case 'MEMBERS':
      return caller.identityType === 'MEMBER';
    case 'STAFF':
      return caller.identityType === 'WIX_USER';
    case 'OWNER':
      return caller.identityType === 'WIX_USER' && caller.role === 'OWNER';
    case 'ADMIN':
      return caller.identityType === 'WIX_USER' && caller.role === 'ADMIN';
    case 'STAFF_ROLE':
      return caller.identityType === 'WIX_USER' && caller.role === 'STAFF';
    default:
      return false;
  }
}

/**
 * Special permissions on top of the access level (README "Permissions"): a rule DENIED for the caller
 * refuses the operation and wins over any ALLOWED; otherwise a rule ALLOWED grants it on every item. The
 * owner, admins and apps are never refused: they may bypass (what `suppressAuth` asks), and they manage
 * the rules anyway.
 */
export function withSpecialPermissions(
  caller: Caller,
  operation: DataOperation,
  access: ItemAccess,
  rules: readonly SpecialRule[],
): ItemAccess {
  if (isPrivileged(caller) || rules.length === 0) return access;
  const key = ruleKeys[operation];
  const effects = rules.filter((rule) => subjectMatches(rule, caller)).map((rule) => rule[key]);
  if (effects.includes('DENIED')) return deny;
  if (effects.includes('ALLOWED')) return all;
  return access;
}
