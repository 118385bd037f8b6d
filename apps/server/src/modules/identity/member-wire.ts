import type { Identity, Member } from '@atrium/contract/identity';
import { identityErrors } from './identity.errors.ts';
import type { IdentityRow } from './identity.tables.ts';

/** How members and identities are written on the wire, and the one form of a login email. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string, field = 'loginId.email'): string {
  const value = email.trim().toLowerCase();
  if (value.length > 254 || !emailPattern.test(value)) throw identityErrors.invalidEmail(undefined, field);
  return value;
}

export function toWireIdentity(row: IdentityRow): Identity {
  return {
    id: row.id,
    identityType: row.identityType,
    status: row.status,
    email: row.email,
    emailVerified: row.emailVerified,
    ...(row.role ? { role: row.role } : {}),
    identityProfile: row.profile,
    revision: String(row.revision),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

const memberStatus: Record<IdentityRow['status'], Member['status']> = {
  ACTIVE: 'APPROVED',
  PENDING: 'PENDING',
  BLOCKED: 'BLOCKED',
  OFFLINE: 'OFFLINE',
  DELETED: 'UNKNOWN',
};

/** The member as the `members` client knows it (`GET /identity/v1/members/my`). */
export function toMember(row: IdentityRow): Member {
  const profile = row.profile;
  const customFields = Object.fromEntries(
    (profile.customFields ?? []).map((field) => [field.name, { name: field.name, value: field.value }]),
  );
  return {
    id: row.id,
    loginEmail: row.email,
    loginEmailVerified: row.emailVerified,
    status: memberStatus[row.status],
    contactId: row.id,
    contact: {
      ...(profile.firstName ? { firstName: profile.firstName } : {}),
      ...(profile.lastName ? { lastName: profile.lastName } : {}),
      phones: profile.phones ?? [],
      emails: profile.emails ?? [row.email],
      addresses: profile.addresses ?? [],
      customFields,
    },
    profile: {
      ...(profile.nickname ? { nickname: profile.nickname } : {}),
      slug: row.id,
      ...(profile.picture ? { photo: { url: profile.picture } } : {}),
    },
    privacyStatus: profile.privacyStatus === 'PUBLIC' ? 'PUBLIC' : 'PRIVATE',
    activityStatus: 'ACTIVE',
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
    ...(row.lastLoginDate ? { lastLoginDate: row.lastLoginDate.toISOString() } : {}),
  };
}
