import { and, eq, like, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import { storesCollections, type StoresCollectionRow } from './stores.tables.ts';

const c = storesCollections;
export type NewCollectionRow = typeof storesCollections.$inferInsert;

export const collectionsQueryEntity = defineQueryEntity({
  name: 'stores.collections',
  table: c,
  idColumn: c.id,
  maxLimit: 100,
  fields: { id: c.id, name: c.name, slug: c.slug, visible: c.visible, createdDate: c.createdDate },
});

/** The only file of collections that speaks Drizzle (membership lives on the products: products.repository.ts). */
export function createCollectionsRepository(db: Executor) {
  return {
    siteCollections(siteId: string, options: { hidden: boolean }) {
      return and(eq(c.siteId, siteId), options.hidden ? undefined : eq(c.visible, true))!;
    },

    async insert(values: NewCollectionRow, executor: Executor = db): Promise<StoresCollectionRow> {
      const [row] = await executor.insert(c).values(values).returning();
      return row!;
    },

    async update(
      siteId: string,
      id: string,
      changes: Partial<Pick<NewCollectionRow, 'name' | 'slug' | 'description' | 'visible' | 'media'>>,
      executor: Executor = db,
    ): Promise<StoresCollectionRow | undefined> {
      const [row] = await executor
        .update(c)
        .set({ ...changes, revision: sql`${c.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .returning();
      return row;
    },

    async remove(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(c)
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .returning({ id: c.id });
      return rows.length > 0;
    },

    async find(
      siteId: string,
      id: string,
      executor: Executor = db,
    ): Promise<StoresCollectionRow | undefined> {
      const [row] = await executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), eq(c.id, id)));
      return row;
    },

    async findBySlug(
      siteId: string,
      slug: string,
      executor: Executor = db,
    ): Promise<StoresCollectionRow | undefined> {
      const [row] = await executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), eq(c.slug, slug)));
      return row;
    },

    async slugsLike(siteId: string, base: string, executor: Executor = db): Promise<Set<string>> {
      const escaped = base.replace(/[\\%_]/g, (char) => `\\${char}`);
      const rows = await executor
        .select({ slug: c.slug })
        .from(c)
        .where(and(eq(c.siteId, siteId), like(c.slug, `${escaped}%`)));
      return new Set(rows.map((row) => row.slug));
    },
  };
}

export type CollectionsRepository = ReturnType<typeof createCollectionsRepository>;
