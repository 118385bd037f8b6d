/**
 * Domain events of identity (`identity.<entity>.<past-tense verb>`), written in the caller's transaction.
 * `identity.member.signedIn` is written when a visitor signs in or registers as a member with their visitor
 * credential: other modules carry the visitor's things over to the member (commerce merges the carts,
 * bookings hands over the visitor's bookings).
 */
export const identityEvents = {
  memberSignedIn: 'identity.member.signedIn',
  memberEmailVerified: 'identity.member.emailVerified',
} as const;

/**
 * A member proved they read mail at `email` (a mailed code): other modules may give them what was made
 * under that address before they had an account (bookings made as a guest).
 */
export interface MemberEmailVerifiedEvent {
  memberId: string;
  email: string;
}

export interface MemberSignedInEvent {
  memberId: string;
  /** The visitor identity the member signed in from. */
  visitorId: string;
}
