import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import type { HoldsService } from '../../platform/holds/holds.service.ts';
import { levelColumnsOf } from './product-aggregates.ts';
import type { ProductsRepository } from './products.repository.ts';

/** Products rewritten per transaction: a batch of 500 takes tens of milliseconds at 10 variants each. */
const batchSize = 500;

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
  /** Rewrites every product queued when it started, batch by batch; how many it took. */
  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const taken = await deps.database.transaction((tx) =>
        deps.repository.drainFigures(tx, levelColumnsOf(deps.holds), new Date(), batchSize),
      );
      total += taken;
      if (taken < batchSize) return total;
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
