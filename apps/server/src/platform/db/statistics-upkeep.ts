import type { Database } from './database.ts';

export const statisticsUpkeepName = 'db.analyze-grown-tables';

/** Tables smaller than this many pages (64 KiB) are planned well enough from their size alone. */
const minimumPages = 8;
/** Growth since the last statistics after which they are taken again: a fifth more pages. */
const growthFactor = 1.2;

interface TableSize {
  name: string;
  /** Pages and rows the last statistics recorded (`pg_class`); rows are -1 before the first. */
  analyzedPages: number;
  analyzedRows: number;
  pages: number;
  /** Another transaction holds a write lock on the table: it may be loading it, uncommitted. */
  beingWritten: boolean;
}

/**
 * Takes the planner's statistics of the tables that grew by a fifth (or were never analyzed) since their
 * last statistics, and returns their names. On PostgreSQL autovacuum does this about once a minute; the
 * embedded database has no autovacuum at all, so without this a table filled after start-up (a catalog
 * imported, a year of bookings) would be planned forever from no statistics. Growth is read from the
 * table's size against the size its last statistics recorded (`pg_class.relpages`), which both databases
 * keep; PGlite's change counters stay at zero.
 *
 * A table another transaction is writing is left for the next round: its uncommitted rows are not live, so
 * statistics taken in the middle of a bulk load record the new pages with no rows in them, and the planner
 * then takes the loaded table for empty (a 500,000-row insert from a join planned as nested full scans ran for
 * minutes). Statistics that recorded no rows in a table of some size are taken again, for the same reason.
 */
export async function analyzeGrownTables(database: Pick<Database, 'query'>): Promise<string[]> {
  const tables = await database.query<TableSize>(
    `select c.relname as name, c.relpages as "analyzedPages", c.reltuples::float8 as "analyzedRows",
        (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
        exists (select 1 from pg_locks l
          where l.relation = c.oid and l.pid <> pg_backend_pid()
            and l.mode in ('RowExclusiveLock', 'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock')
        ) as "beingWritten"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'`,
  );
  const grown = tables.filter(
    (table) =>
      table.pages >= minimumPages &&
      !table.beingWritten &&
      (table.analyzedPages <= 0 ||
        table.analyzedRows <= 0 ||
        table.pages > table.analyzedPages * growthFactor),
  );
  for (const table of grown) await database.query(`analyze "${table.name.replaceAll('"', '""')}"`);
  return grown.map((table) => table.name);
}
