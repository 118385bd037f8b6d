import type { App } from '../src/app.ts';

/**
 * Every row of one site, one JSON string per table (every table with a `site_id` column, and the site
 * itself), so a test can show that nothing of a site changed and a failure names the table that did.
 */
export async function siteRows(app: App, siteId: string): Promise<Record<string, string>> {
  const tables = await app.database.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'site_id' ORDER BY table_name`,
  );
  const snapshot: Record<string, unknown[]> = {};
  for (const { table_name: table } of tables) {
    // Table names come from the catalogue, not from input; the site id is bound.
    snapshot[table] = await app.database.query(
      `SELECT * FROM "${table.replace(/"/g, '""')}" WHERE site_id = $1 ORDER BY 1, 2`,
      [siteId],
    );
  }
  snapshot.sites = await app.database.query('SELECT * FROM sites WHERE id = $1', [siteId]);
  return Object.fromEntries(
    Object.entries(snapshot).map(([table, rows]) => [
      table,
      JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)),
    ]),
  );
}
