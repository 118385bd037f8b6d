import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../platform/bus/types.ts';
import type { DataRepository } from './data.repository.ts';

export const mergePendingIndexEntriesJob = 'data.merge-pending-index-entries';

/** Item writes in this process after which the pending lists are merged (about 0.5 MB of index entries). */
export const writesBeforeMerge = 500;

/** How long after the writes that asked for it the merge runs, so a burst of bulk calls asks once. */
const mergeDelayMs = 1000;

/**
 * Keeps the items table's GIN indexes quick to read. New entries wait in a pending list that every lookup
 * reads sequentially (README, "GIN pending lists"); PostgreSQL merges it when it passes its limit, inside
 * the insert that passes it, or when autovacuum runs (never on PGlite). Here a job merges it soon after
 * each few hundred item writes, outside any request: reads stay on the tree and inserts rarely pay a merge.
 */
export function createIndexUpkeep(deps: {
  repository: DataRepository;
  events: Partial<Pick<EventBus, 'defineJob' | 'schedule'>>;
  log?: FastifyBaseLogger;
}) {
  const { events } = deps;
  let unmergedWrites = 0;
  let writesSinceAnalyze = 0;
  let lastSiteId: string | undefined;

  /**
   * Refreshes the planner's statistics when a tenth of the table (and at least 1,000 rows) changed since they
   * were taken, autovacuum's own rule, without waiting for autovacuum (which wakes once a minute, and never
   * runs on PGlite): a table just imported has no statistics, and its plans read every row. The server's
   * counts cover every process; where it keeps none (PGlite, one process) this process's writes count.
   */
  async function analyzeWhenStale(): Promise<void> {
    const { changedSinceAnalyze, analyzedRows } = await deps.repository.itemsStatistics();
    const changed = Math.max(changedSinceAnalyze, writesSinceAnalyze);
    if (changed <= 1000 + 0.1 * Math.max(analyzedRows, 0)) return;
    writesSinceAnalyze = 0;
    await deps.repository.analyzeItems();
  }
  if (events.defineJob) {
    events.defineJob(
      mergePendingIndexEntriesJob,
      async () => {
        await deps.repository.mergePendingIndexEntries();
        await analyzeWhenStale();
      },
      {
        retryLimit: 2,
        expireInSeconds: 600,
      },
    );
  }
  return {
    /** Counts item writes (rolled-back ones too: they left index entries all the same). */
    noteWrites(siteId: string, count: number): void {
      unmergedWrites += count;
      writesSinceAnalyze += count;
      lastSiteId = siteId;
    },

    /** After a transaction: asks for a merge once enough writes have gathered. Never inside one. */
    async mergeWhenDue(): Promise<void> {
      if (!events.defineJob || !events.schedule || !lastSiteId || unmergedWrites < writesBeforeMerge) return;
      unmergedWrites = 0;
      try {
        await events.schedule(undefined, {
          name: mergePendingIndexEntriesJob,
          // The job's site is only its label: the lists belong to the table, shared by every site.
          siteId: lastSiteId,
          data: {},
          runAt: new Date(Date.now() + mergeDelayMs),
          // One merge waiting at a time, whichever site's writes asked for it.
          singletonKey: mergePendingIndexEntriesJob,
        });
      } catch (error) {
        // The writes have committed; a missed merge only leaves reads slower until the next one.
        deps.log?.warn({ err: error }, 'could not schedule the merge of pending index entries');
      }
    },
  };
}

export type IndexUpkeep = ReturnType<typeof createIndexUpkeep>;
