import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import { dataExternalConnections, type DataExternalConnectionRow } from './external-connections.tables.ts';

export function createExternalConnectionsRepository(db: Executor) {
  const byName = (siteId: string, name: string) =>
    and(eq(dataExternalConnections.siteId, siteId), eq(dataExternalConnections.name, name));
  return {
    async insert(
      row: typeof dataExternalConnections.$inferInsert,
    ): Promise<DataExternalConnectionRow | undefined> {
      const [inserted] = await db
        .insert(dataExternalConnections)
        .values(row)
        .onConflictDoNothing()
        .returning();
      return inserted;
    },
    async find(siteId: string, name: string): Promise<DataExternalConnectionRow | undefined> {
      const [row] = await db.select().from(dataExternalConnections).where(byName(siteId, name));
      return row;
    },
    async list(siteId: string, limit: number, offset: number) {
      const where = eq(dataExternalConnections.siteId, siteId);
      const rows = await db
        .select()
        .from(dataExternalConnections)
        .where(where)
        .orderBy(asc(dataExternalConnections.name))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(dataExternalConnections).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },
    async update(
      siteId: string,
      name: string,
      changes: Partial<typeof dataExternalConnections.$inferInsert>,
    ) {
      const [row] = await db
        .update(dataExternalConnections)
        .set({ ...changes, updatedDate: new Date() })
        .where(byName(siteId, name))
        .returning();
      return row;
    },
    async remove(siteId: string, name: string): Promise<boolean> {
      const rows = await db.delete(dataExternalConnections).where(byName(siteId, name)).returning();
      return rows.length > 0;
    },
  };
}

export type ExternalConnectionsRepository = ReturnType<typeof createExternalConnectionsRepository>;
