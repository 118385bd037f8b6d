import type { BookingPolicyLimits, PolicyViolations } from './availability.types.ts';

/**
 * How the booking policy judges a slot that starts at `start` when asked at `now`: too early while more
 * than `earliestBookingInMinutes` ahead, too late once less than `latestBookingInMinutes` remain (or once
 * it has started).
 */
export function policyViolations(start: number, now: number, policy: BookingPolicyLimits): PolicyViolations {
  const earliestMs =
    policy.earliestBookingInMinutes === null ? null : policy.earliestBookingInMinutes * 60_000;
  const latestMs = (policy.latestBookingInMinutes ?? 0) * 60_000;
  const tooEarlyToBook = earliestMs !== null && start - now > earliestMs;
  return {
    tooEarlyToBook,
    tooLateToBook: start - now < latestMs,
    bookOnlineDisabled: policy.bookOnlineDisabled,
    earliestBookingDate: tooEarlyToBook && earliestMs !== null ? start - earliestMs : null,
  };
}

export function violatesPolicy(violations: PolicyViolations): boolean {
  return violations.tooEarlyToBook || violations.tooLateToBook || violations.bookOnlineDisabled;
}
