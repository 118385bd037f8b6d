import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import { analyzeGrownTables } from '../../platform/db/statistics-upkeep.ts';
import type { HoldsService } from '../../platform/holds/holds.service.ts';
import { levelColumnsOf } from './product-aggregates.ts';
import type { ProductsRepository } from './products.repository.ts';

/** Products rewritten per transaction: a batch of 500 takes tens of milliseconds at 10 variants each. */
const batchSize = 500;
/**
 * A drain this long (an import) leaves as many dead rows in the queue and in the figures it rewrote, and the
 * figures' statistics from before: both tables are vacuumed and analyzed at once, as autovacuum would do a
 * minute later on PostgreSQL (when it is on; the embedded database has none).
 */
const vacuumAfter = 10_000;

/**
 * The figures upkeep (README, "Figures kept per product"): rewrites the kept figures of the products that
 * writes queued, so a list page reads one row per product instead of every variant's stock. Reads are
 * exact without it (a queued product is summed up live); it only makes them cheaper.
 */
export function createFiguresUpkeep(deps: {
  database: Database;
  repository: ProductsRepository;
  holds: HoldsService;
}) {
  /**
   * Rewrites every product queued when it started, batch by batch; how many it took. A drain of at least
   * `vacuumAfter` products vacuums the tables it left dead rows in.
   */
  async function drain(options: { vacuumAfter?: number } = {}): Promise<number> {
    let total = 0;
    for (;;) {
      const taken = await deps.database.transaction((tx) =>
        deps.repository.drainFigures(tx, levelColumnsOf(deps.holds), new Date(), batchSize),
      );
      total += taken;
      // A full first batch is a long queue (an import): the tables the drain reads may have grown since
      // their statistics, which the statistics upkeep takes only once a minute, and planned as the small
      // tables they were, every batch took a second (a drain of 50,000 products, 102 s against 3).
      if (total === batchSize) await analyzeGrownTables(deps.database);
      if (taken < batchSize) {
        if (total >= (options.vacuumAfter ?? vacuumAfter))
          await deps.database.query('VACUUM (ANALYZE) stores_figures_queue, stores_product_figures');
        return total;
      }
      // Lets waiting requests have the connection between batches (PGlite has one).
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Drains whatever is queued every `intervalMs` (one pass at a time) until the returned stop is called;
   * a failed pass is logged and tried again at the next tick.
   */
  function start(intervalMs: number, log: FastifyBaseLogger): () => Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    let pass: Promise<void> | undefined;
    let stopped = false;
    const tick = () => {
      pass = (async () => {
        try {
          if (await deps.repository.figuresQueued()) await drain();
        } catch (error) {
          log.warn({ err: error }, 'the store figures upkeep failed; it tries again');
        }
      })();
      void pass.then(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
    };
    timer = setTimeout(tick, intervalMs);
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await pass;
    };
  }

  return { drain, start };
}
