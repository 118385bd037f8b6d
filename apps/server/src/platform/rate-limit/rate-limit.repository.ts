import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { rateLimitCounters } from './rate-limit.tables.ts';

/** One hit in `key`'s window, starting a new window when the last one ended; one statement, no race. */
export async function countHit(
  db: Executor,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<{ hits: number; windowEnds: Date }> {
  const windowEnds = new Date(now.getTime() + windowSeconds * 1000);
  const ended = sql`${rateLimitCounters.windowEnds} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, windowEnds })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimitCounters.hits} + 1 END`,
        windowEnds: sql`CASE WHEN ${ended} THEN excluded.window_ends ELSE ${rateLimitCounters.windowEnds} END`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, windowEnds: rateLimitCounters.windowEnds });
  return row!;
}

export async function readHits(
  db: Executor,
  key: string,
  now: Date,
): Promise<{ hits: number; windowEnds: Date } | undefined> {
  const [row] = await db
    .select({ hits: rateLimitCounters.hits, windowEnds: rateLimitCounters.windowEnds })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.windowEnds, now)));
  return row;
}

export async function forgetHits(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}

export async function deleteEndedWindows(db: Executor, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.windowEnds, now));
}
