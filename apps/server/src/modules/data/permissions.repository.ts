import { and, eq, sql } from 'drizzle-orm';
import type { StoredSpecialPermissions } from '@atrium/contract/data-permissions-v1';
import type { Executor } from '../../platform/db/database.ts';
import { dataCollections } from './data.tables.ts';

/** The special permissions kept on each collection's row (read with the schema, so item calls pay nothing). */
export function createPermissionsRepository(db: Executor) {
  return {
    async setSpecialPermissions(
      siteId: string,
      collectionId: string,
      rules: StoredSpecialPermissions[],
      executor: Executor = db,
    ): Promise<boolean> {
      const rows = await executor
        .update(dataCollections)
        .set({
          specialPermissions: rules,
          revision: sql`${dataCollections.revision} + 1`,
          updatedDate: sql`now()`,
        })
        .where(and(eq(dataCollections.siteId, siteId), eq(dataCollections.id, collectionId)))
        .returning({ id: dataCollections.id });
      return rows.length > 0;
    },

    /** The collection of the site holding a special permission, locked for the change. */
    async collectionWithRule(siteId: string, ruleId: string, executor: Executor = db) {
      const [row] = await executor
        .select({ id: dataCollections.id, rules: dataCollections.specialPermissions })
        .from(dataCollections)
        .where(
          and(
            eq(dataCollections.siteId, siteId),
            sql`${dataCollections.specialPermissions} @> ${JSON.stringify([{ id: ruleId }])}::jsonb`,
          ),
        )
        .for('update');
      return row ? { id: row.id, rules: row.rules as StoredSpecialPermissions[] } : undefined;
    },

    async rulesOf(siteId: string, collectionId: string, executor: Executor = db) {
      const [row] = await executor
        .select({ rules: dataCollections.specialPermissions })
        .from(dataCollections)
        .where(and(eq(dataCollections.siteId, siteId), eq(dataCollections.id, collectionId)))
        .for('update');
      return row ? (row.rules as StoredSpecialPermissions[]) : undefined;
    },
  };
}

export type PermissionsRepository = ReturnType<typeof createPermissionsRepository>;
