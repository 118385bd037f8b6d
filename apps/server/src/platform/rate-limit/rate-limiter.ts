import { rateLimited } from '../errors/app-error.ts';
import type { Database } from '../db/database.ts';
import { countHit, deleteEndedWindows, forgetHits, readHits } from './rate-limit.repository.ts';

/** One limit: at most `max` hits of one subject (an address, an account, a visitor) per window. */
export interface RateLimitRule {
  /** Names the counter family, e.g. `sign-in.ip`; two rules never share a name. */
  readonly name: string;
  readonly max: number;
  readonly windowSeconds: number;
}

export interface HitCount {
  hits: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

interface CounterStore {
  increment(key: string, windowSeconds: number, now: Date): Promise<{ hits: number; windowEnds: Date }>;
  read(key: string, now: Date): Promise<{ hits: number; windowEnds: Date } | undefined>;
  forget(key: string): Promise<void>;
  sweep(now: Date): Promise<void>;
}

export interface RateLimiter {
  /** Counts one hit of `subject` under `rule` and throws a 429 (with Retry-After) past the rule's max. */
  hit(rule: RateLimitRule, subject: string): Promise<void>;
  /** Counts one hit and tells the count, without throwing (for lockouts that decide on their own). */
  count(rule: RateLimitRule, subject: string): Promise<HitCount>;
  /** The hits counted so far in `subject`'s current window, without counting one. */
  peek(rule: RateLimitRule, subject: string): Promise<HitCount>;
  /** Starts `subject`'s window afresh (a successful sign-in clears its failures). */
  forget(rule: RateLimitRule, subject: string): Promise<void>;
  /** Deletes ended windows; run by a cron where the counters live in the database. */
  sweep(): Promise<void>;
}

function memoryStore(): CounterStore {
  const windows = new Map<string, { hits: number; windowEnds: Date }>();
  let lastSweep = 0;
  return {
    async increment(key, windowSeconds, now) {
      if (now.getTime() - lastSweep > 60_000) {
        lastSweep = now.getTime();
        for (const [k, w] of windows) if (w.windowEnds <= now) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.windowEnds <= now) {
        window = { hits: 0, windowEnds: new Date(now.getTime() + windowSeconds * 1000) };
        windows.set(key, window);
      }
      window.hits += 1;
      return { ...window };
    },
    async read(key, now) {
      const window = windows.get(key);
      return window && window.windowEnds > now ? { ...window } : undefined;
    },
    async forget(key) {
      windows.delete(key);
    },
    async sweep(now) {
      for (const [k, w] of windows) if (w.windowEnds <= now) windows.delete(k);
    },
  };
}

function databaseStore(database: Database): CounterStore {
  return {
    increment: (key, windowSeconds, now) => countHit(database.db, key, windowSeconds, now),
    read: (key, now) => readHits(database.db, key, now),
    forget: (key) => forgetHits(database.db, key),
    sweep: (now) => deleteEndedWindows(database.db, now),
  };
}

/**
 * Rate limits for the whole deployment. On PostgreSQL the counters live in the database, so every server
 * process counts against the same limit; the embedded database serves one process, which counts in memory.
 */
export function createRateLimiter(options: {
  database?: Database;
  store?: 'memory' | 'database';
  now?: () => Date;
}): RateLimiter {
  const now = options.now ?? (() => new Date());
  const useDatabase =
    (options.store ?? (options.database?.kind === 'postgres' ? 'database' : 'memory')) === 'database';
  const store = useDatabase && options.database ? databaseStore(options.database) : memoryStore();

  const secondsUntil = (end: Date, time: Date) =>
    Math.max(1, Math.ceil((end.getTime() - time.getTime()) / 1000));

  async function count(rule: RateLimitRule, subject: string): Promise<HitCount> {
    const time = now();
    const { hits, windowEnds } = await store.increment(`${rule.name}:${subject}`, rule.windowSeconds, time);
    return { hits, retryAfterSeconds: secondsUntil(windowEnds, time) };
  }

  return {
    count,
    async peek(rule, subject) {
      const time = now();
      const window = await store.read(`${rule.name}:${subject}`, time);
      return window
        ? { hits: window.hits, retryAfterSeconds: secondsUntil(window.windowEnds, time) }
        : { hits: 0, retryAfterSeconds: 0 };
    },
    async hit(rule, subject) {
      const { hits, retryAfterSeconds } = await count(rule, subject);
      if (hits > rule.max) throw rateLimited(retryAfterSeconds);
    },
    forget: (rule, subject) => store.forget(`${rule.name}:${subject}`),
    sweep: () => store.sweep(now()),
  };
}
