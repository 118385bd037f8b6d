import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database.ts';
import { migrateDatabase } from '../src/platform/db/database.ts';
import { createRateLimiter, type RateLimitRule } from '../src/platform/rate-limit/rate-limiter.ts';
import { createTestDatabase } from './test-app.ts';

// Several server processes share one PostgreSQL database; each builds its own limiter over it. Two
// limiters on one database stand for two processes: they must count against one limit.
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await migrateDatabase(database);
}, 120_000);
afterAll(async () => drop?.());

const rule: RateLimitRule = { name: 'test.sign-in.ip', max: 5, windowSeconds: 60 };

describe('rate limits in the shared store', () => {
  it('counts the hits of two processes against one limit, and refuses the sixth with a Retry-After', async () => {
    let clock = new Date('2030-01-01T10:00:00Z');
    const now = () => clock;
    const first = createRateLimiter({ database, store: 'database', now });
    const second = createRateLimiter({ database, store: 'database', now });
    for (let i = 0; i < 5; i++) await (i % 2 === 0 ? first : second).hit(rule, '203.0.113.9');
    const refused = await second.hit(rule, '203.0.113.9').catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    expect(
      (refused as { options: { headers?: Record<string, string> } }).options.headers?.['retry-after'],
    ).toBe('60');
    // Another address has its own count.
    await expect(first.hit(rule, '198.51.100.7')).resolves.toBeUndefined();
    // The window ends: counting starts again, with no job run.
    clock = new Date(clock.getTime() + 61_000);
    await expect(first.hit(rule, '203.0.113.9')).resolves.toBeUndefined();
    expect((await second.peek(rule, '203.0.113.9')).hits).toBe(1);
  });

  it('counts concurrent hits exactly (one statement per hit, no lost update)', async () => {
    const limiter = createRateLimiter({ database, store: 'database' });
    const wide: RateLimitRule = { name: 'test.burst', max: 1000, windowSeconds: 60 };
    await Promise.all(Array.from({ length: 40 }, () => limiter.count(wide, 'burst')));
    expect((await limiter.peek(wide, 'burst')).hits).toBe(40);
  });

  it('sweeps ended windows', async () => {
    let clock = new Date('2031-01-01T00:00:00Z');
    const limiter = createRateLimiter({ database, store: 'database', now: () => clock });
    await limiter.hit({ name: 'test.sweep', max: 10, windowSeconds: 1 }, 'x');
    clock = new Date(clock.getTime() + 5_000);
    await limiter.sweep();
    const left = await database.query(`SELECT key FROM rate_limit_counters WHERE key = 'test.sweep:x'`);
    expect(left).toEqual([]);
  });
});
