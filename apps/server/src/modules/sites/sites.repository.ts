import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { operatorApiKeys, siteHosts, sites, type OperatorApiKeyRow, type SiteRow } from './sites.tables.ts';

export type NewSite = Pick<SiteRow, 'name' | 'timezone' | 'currency' | 'locale'> & { isDefault?: boolean };
export type SiteWithHosts = SiteRow & { hosts: string[] };

export function createSitesRepository(db: Executor) {
  async function hostsOf(siteIds: string[], executor: Executor): Promise<Map<string, string[]>> {
    const byId = new Map<string, string[]>(siteIds.map((id) => [id, []]));
    if (siteIds.length === 0) return byId;
    const rows = await executor
      .select({ siteId: siteHosts.siteId, host: siteHosts.host })
      .from(siteHosts)
      .where(inArray(siteHosts.siteId, siteIds))
      .orderBy(asc(siteHosts.siteId), asc(siteHosts.position));
    for (const row of rows) byId.get(row.siteId)?.push(row.host);
    return byId;
  }

  async function withHosts(row: SiteRow | undefined, executor: Executor): Promise<SiteWithHosts | undefined> {
    if (!row) return undefined;
    return { ...row, hosts: (await hostsOf([row.id], executor)).get(row.id) ?? [] };
  }

  return {
    async findById(id: string, executor: Executor = db): Promise<SiteWithHosts | undefined> {
      const [row] = await executor.select().from(sites).where(eq(sites.id, id)).limit(1);
      return withHosts(row, executor);
    },

    async findDefault(executor: Executor = db): Promise<SiteWithHosts | undefined> {
      const [row] = await executor.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
      return withHosts(row, executor);
    },

    /** The site that claims `host` (lower case, no port). */
    async findByHost(host: string, executor: Executor = db): Promise<SiteWithHosts | undefined> {
      const [row] = await executor
        .select({ site: sites })
        .from(siteHosts)
        .innerJoin(sites, eq(sites.id, siteHosts.siteId))
        .where(eq(siteHosts.host, host))
        .limit(1);
      return withHosts(row?.site, executor);
    },

    async list(executor: Executor = db): Promise<SiteWithHosts[]> {
      const rows = await executor.select().from(sites).orderBy(asc(sites.createdDate), asc(sites.id));
      const hosts = await hostsOf(
        rows.map((row) => row.id),
        executor,
      );
      return rows.map((row) => ({ ...row, hosts: hosts.get(row.id) ?? [] }));
    },

    /** Of `hosts`, those claimed by a site other than `siteId`. */
    async hostsClaimedElsewhere(hosts: string[], siteId: string | undefined, executor: Executor = db) {
      if (hosts.length === 0) return [];
      const rows = await executor
        .select({ host: siteHosts.host, siteId: siteHosts.siteId })
        .from(siteHosts)
        .where(inArray(siteHosts.host, hosts));
      return rows.filter((row) => row.siteId !== siteId).map((row) => row.host);
    },

    async replaceHosts(siteId: string, hosts: string[], executor: Executor = db): Promise<void> {
      await executor.delete(siteHosts).where(eq(siteHosts.siteId, siteId));
      if (hosts.length > 0)
        await executor.insert(siteHosts).values(hosts.map((host, position) => ({ host, siteId, position })));
    },

    /** Inserts the default site unless one exists; safe when several processes start at once. */
    async insertDefaultIfMissing(site: NewSite, executor: Executor = db): Promise<SiteWithHosts> {
      await executor
        .insert(sites)
        .values({ ...site, isDefault: true })
        .onConflictDoNothing({ target: sites.isDefault, where: sql`${sites.isDefault}` });
      const [row] = await executor.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
      return (await withHosts(row, executor))!;
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

    async setStatus(
      id: string,
      status: SiteRow['status'],
      executor: Executor = db,
    ): Promise<SiteRow | undefined> {
      const [row] = await executor
        .update(sites)
        .set({
          status,
          disabledDate: status === 'DISABLED' ? sql`now()` : null,
          revision: sql`${sites.revision} + 1`,
          updatedDate: sql`now()`,
        })
        .where(eq(sites.id, id))
        .returning();
      return row;
    },

    async insertOperatorKey(
      name: string,
      secretHash: string,
      executor: Executor = db,
    ): Promise<OperatorApiKeyRow> {
      const [row] = await executor.insert(operatorApiKeys).values({ name, secretHash }).returning();
      return row!;
    },

    async findActiveOperatorKey(id: string, executor: Executor = db): Promise<OperatorApiKeyRow | undefined> {
      const [row] = await executor
        .select()
        .from(operatorApiKeys)
        .where(and(eq(operatorApiKeys.id, id), isNull(operatorApiKeys.revokedDate)))
        .limit(1);
      return row;
    },

    async touchOperatorKey(id: string, executor: Executor = db): Promise<void> {
      await executor
        .update(operatorApiKeys)
        .set({ lastUsedDate: sql`now()` })
        .where(eq(operatorApiKeys.id, id));
    },
  };
}

export type SitesRepository = ReturnType<typeof createSitesRepository>;
