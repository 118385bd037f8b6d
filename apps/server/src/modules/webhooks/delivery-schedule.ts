/**
 * When a failed delivery is tried again: exponential backoff with jitter, and when it stops. Pure, so the
 * schedule is tested without waiting for it.
 */
export interface RetryPolicy {
  /** The wait after the first failure; it doubles with every failure after it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long after the message was created it is still retried. */
  retryForMs: number;
}

/** The wait before attempt `failedAttempts + 1`; `random` in [0, 1) spreads retries of many deliveries. */
export function retryDelayMs(policy: RetryPolicy, failedAttempts: number, random: number): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 40);
  const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
  // ±20 %: enough that deliveries failing together do not come back together.
  return Math.round(delay * (0.8 + 0.4 * random));
}

/** The next attempt's time, or undefined when the delivery has been retried long enough. */
export function nextAttemptDate(
  policy: RetryPolicy,
  createdDate: Date,
  failedAttempts: number,
  now: Date,
  random: number,
): Date | undefined {
  const next = new Date(now.getTime() + retryDelayMs(policy, failedAttempts, random));
  return next.getTime() - createdDate.getTime() > policy.retryForMs ? undefined : next;
}
