import { describe, expect, it } from 'vitest';
import { nextAttemptDate, retryDelayMs, type RetryPolicy } from './delivery-schedule.ts';

const hour = 3600_000;
const production: RetryPolicy = { baseDelayMs: 5000, maxDelayMs: 4 * hour, retryForMs: 120 * hour };

describe('retryDelayMs', () => {
  it.each([
    // failed attempts, random, expected wait
    [1, 0.5, 5000],
    [2, 0.5, 10_000],
    [3, 0.5, 20_000],
    [10, 0.5, 2_560_000],
    [12, 0.5, 10_240_000],
    [13, 0.5, 4 * hour], // 20 480 s capped at 4 h
    [40, 0.5, 4 * hour],
    [1, 0, 4000], // -20 %
    [1, 0.999_999, 6000], // +20 %
  ])('after %i failures with random %f waits %i ms', (failures, random, expected) => {
    expect(retryDelayMs(production, failures, random)).toBe(expected);
  });
});

describe('nextAttemptDate', () => {
  it('keeps retrying for at least 3 days, about 40 attempts, and stops after the retry window', () => {
    const created = new Date('2026-11-01T00:00:00Z');
    let now = created;
    let failures = 0;
    for (;;) {
      failures += 1;
      const next = nextAttemptDate(production, created, failures, now, 0.5);
      if (!next) break;
      now = next;
    }
    expect(now.getTime() - created.getTime()).toBeGreaterThan(72 * hour);
    expect(now.getTime() - created.getTime()).toBeLessThanOrEqual(120 * hour);
    expect(failures).toBeGreaterThan(30);
    expect(failures).toBeLessThan(50);
  });

  it('gives up when the next attempt would fall past the window', () => {
    const created = new Date('2026-11-01T00:00:00Z');
    const late = new Date(created.getTime() + 119.5 * hour);
    expect(nextAttemptDate(production, created, 30, late, 0.5)).toBeUndefined();
  });
});
