import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import { dataTasks, type DataTaskRow } from './tasks.tables.ts';

export function createTasksRepository(db: Executor) {
  return {
    async insert(row: typeof dataTasks.$inferInsert, executor: Executor = db): Promise<DataTaskRow> {
      const [inserted] = await executor.insert(dataTasks).values(row).returning();
      return inserted!;
    },

    async find(siteId: string, id: string, executor: Executor = db): Promise<DataTaskRow | undefined> {
      const [row] = await executor
        .select()
        .from(dataTasks)
        .where(and(eq(dataTasks.siteId, siteId), eq(dataTasks.id, id)));
      return row;
    },

    async findById(id: string, executor: Executor = db): Promise<DataTaskRow | undefined> {
      const [row] = await executor.select().from(dataTasks).where(eq(dataTasks.id, id));
      return row;
    },

    async list(siteId: string, paging: { limit: number; offset: number }, executor: Executor = db) {
      const rows = await executor
        .select()
        .from(dataTasks)
        .where(eq(dataTasks.siteId, siteId))
        .orderBy(desc(dataTasks.createdDate), desc(dataTasks.id))
        .limit(paging.limit)
        .offset(paging.offset);
      const [total] = await executor
        .select({ n: count() })
        .from(dataTasks)
        .where(eq(dataTasks.siteId, siteId));
      return { rows, total: Number(total?.n ?? 0) };
    },

    async update(id: string, changes: Partial<typeof dataTasks.$inferInsert>, executor: Executor = db) {
      const [row] = await executor.update(dataTasks).set(changes).where(eq(dataTasks.id, id)).returning();
      return row;
    },

    /** Adds one batch's outcome: counts add up, the first `maxFailures` failures are kept. */
    async addBatch(
      id: string,
      batch: {
        succeeded: number;
        failed: number;
        failures: Array<{ code: string; description: string; data?: Record<string, unknown> }>;
        lastItemId: string;
      },
      maxFailures: number,
      executor: Executor = db,
    ): Promise<DataTaskRow | undefined> {
      const [row] = await executor
        .update(dataTasks)
        .set({
          itemsSucceeded: sql`${dataTasks.itemsSucceeded} + ${batch.succeeded}`,
          itemsFailed: sql`${dataTasks.itemsFailed} + ${batch.failed}`,
          failures: sql`(SELECT COALESCE(jsonb_agg(f), '[]'::jsonb) FROM (
            SELECT f FROM jsonb_array_elements(${dataTasks.failures} || ${JSON.stringify(batch.failures)}::jsonb)
            WITH ORDINALITY AS e(f, n) ORDER BY n LIMIT ${maxFailures}) kept)`,
          lastItemId: batch.lastItemId,
        })
        .where(eq(dataTasks.id, id))
        .returning();
      return row;
    },
  };
}

export type TasksRepository = ReturnType<typeof createTasksRepository>;
