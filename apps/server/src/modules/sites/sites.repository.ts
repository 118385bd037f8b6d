import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { sites, type SiteRow } from './sites.tables.ts';

export type NewSite = Pick<SiteRow, 'name' | 'timezone' | 'currency' | 'locale'> & { isDefault?: boolean };

export function createSitesRepository(db: Executor) {
  return {
    async findById(id: string, executor: Executor = db): Promise<SiteRow | undefined> {
      const [row] = await executor.select().from(sites).where(eq(sites.id, id)).limit(1);
      return row;
    },

    async findDefault(executor: Executor = db): Promise<SiteRow | undefined> {
      const [row] = await executor.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
      return row;
    },

    /** Inserts the default site unless one exists; safe when several processes start at once. */
    async insertDefaultIfMissing(site: NewSite, executor: Executor = db): Promise<SiteRow> {
      await executor
        .insert(sites)
        .values({ ...site, isDefault: true })
        .onConflictDoNothing({ target: sites.isDefault, where: sql`${sites.isDefault}` });
      const [row] = await executor.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
      return row!;
    },

    async insert(site: NewSite, executor: Executor = db): Promise<SiteRow> {
      const [row] = await executor.insert(sites).values(site).returning();
      return row!;
    },

    /** Updates when the revision still matches; returns undefined when it does not (or the site is gone). */
    async updateAtRevision(
      id: string,
      revision: number,
      changes: Partial<NewSite>,
      executor: Executor = db,
    ): Promise<SiteRow | undefined> {
      const [row] = await executor
        .update(sites)
        .set({ ...changes, revision: sql`${sites.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(sites.id, id), eq(sites.revision, revision)))
        .returning();
      return row;
    },
  };
}

export type SitesRepository = ReturnType<typeof createSitesRepository>;
