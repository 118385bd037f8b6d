/**
 * Domain events of identity (`identity.<entity>.<past-tense verb>`), written in the caller's transaction.
 * `identity.member.signedIn` is written when a visitor signs in or registers as a member with their visitor
 * credential: other modules carry the visitor's things over to the member (commerce merges the carts).
 */
export const identityEvents = {
  memberSignedIn: 'identity.member.signedIn',
} as const;

export interface MemberSignedInEvent {
  memberId: string;
  /** The visitor identity the member signed in from. */
  visitorId: string;
}
