import type { Database } from './database.ts';

export const statisticsUpkeepName = 'db.analyze-grown-tables';

/** Tables smaller than this many pages (64 KiB) are planned well enough from their size alone. */
const minimumPages = 8;
/** Growth since the last statistics after which they are taken again: a fifth more pages. */
const growthFactor = 1.2;

/**
 * Takes the planner's statistics of the tables that grew by a fifth (or were never analyzed) since their
 * last statistics, and returns their names. On PostgreSQL autovacuum does this about once a minute; the
 * embedded database has no autovacuum at all, so without this a table filled after start-up (a catalog
 * imported, a year of bookings) would be planned forever from no statistics. Growth is read from the
 * table's size against the size its last statistics recorded (`pg_class.relpages`), which both databases
 * keep; PGlite's change counters stay at zero.
 */
export async function analyzeGrownTables(database: Pick<Database, 'query'>): Promise<string[]> {
  const tables = await database.query<{ name: string; analyzedPages: number; pages: number }>(
    `select c.relname as name, c.relpages as "analyzedPages",
        (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'`,
  );
  const grown = tables.filter(
    (table) =>
      table.pages >= minimumPages &&
      (table.analyzedPages <= 0 || table.pages > table.analyzedPages * growthFactor),
  );
  for (const table of grown) await database.query(`analyze "${table.name.replaceAll('"', '""')}"`);
  return grown.map((table) => table.name);
}
