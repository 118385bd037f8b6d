import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../../platform/db/database.ts';
import { referenceAdapterItems } from './adapter.tables.ts';

export function createAdapterRepository(db: Executor) {
  const where = (collectionId: string, filter: Record<string, unknown>) =>
    and(
      eq(referenceAdapterItems.collectionId, collectionId),
      Object.keys(filter).length > 0
        ? sql`${referenceAdapterItems.data} @> ${JSON.stringify(filter)}::jsonb`
        : undefined,
    );
  return {
    async install(): Promise<void> {
      await db.execute(sql`CREATE TABLE IF NOT EXISTS reference_adapter_items (
        collection_id text NOT NULL, item_id text NOT NULL, data jsonb NOT NULL, PRIMARY KEY (collection_id, item_id))`);
    },
    async find(collectionId: string, filter: Record<string, unknown>, skip: number, limit: number) {
      const rows = await db
        .select({ data: referenceAdapterItems.data })
        .from(referenceAdapterItems)
        .where(where(collectionId, filter))
        .orderBy(asc(referenceAdapterItems.itemId))
        .limit(limit)
        .offset(skip);
      return rows.map((row) => row.data as Record<string, unknown>);
    },
    async count(collectionId: string, filter: Record<string, unknown>) {
      const [row] = await db
        .select({ n: count() })
        .from(referenceAdapterItems)
        .where(where(collectionId, filter));
      return Number(row?.n ?? 0);
    },
    async upsert(collectionId: string, itemId: string, data: Record<string, unknown>) {
      await db
        .insert(referenceAdapterItems)
        .values({ collectionId, itemId, data })
        .onConflictDoUpdate({
          target: [referenceAdapterItems.collectionId, referenceAdapterItems.itemId],
          set: { data },
        });
    },
    async remove(collectionId: string, itemId: string) {
      const rows = await db
        .delete(referenceAdapterItems)
        .where(
          and(eq(referenceAdapterItems.collectionId, collectionId), eq(referenceAdapterItems.itemId, itemId)),
        )
        .returning({ data: referenceAdapterItems.data });
      return rows[0]?.data as Record<string, unknown> | undefined;
    },
  };
}
