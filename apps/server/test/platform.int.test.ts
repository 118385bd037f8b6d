import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readSideBySide, type Executor } from '../src/platform/db/database.ts';
import { analyzeGrownTables } from '../src/platform/db/statistics-upkeep.ts';
import { createTestApp, inject, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('platform', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await inject(t.app, { method: 'GET', url: '/healthz' })).body).toEqual({ status: 'ok' });
    const ready = await inject(t.app, { method: 'GET', url: '/readyz' });
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ok');
  });

  it('serves an OpenAPI 3.1 document that lists the routes', async () => {
    const response = await inject(t.app, { method: 'GET', url: '/openapi.json' });
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(Object.keys(response.body.paths)).toContain('/sites/v1/site');
  });

  it('returns the caller request id, or makes one', async () => {
    const given = await inject(t.app, {
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await inject(t.app, { method: 'GET', url: '/healthz' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await inject(t.app, {
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a b\u0001' },
    });
    expect(unsafe.headers['x-request-id']).not.toBe('a b\u0001');
  });

  it('answers an unknown route with a 404 in the error shape', async () => {
    const response = await inject(t.app, { method: 'GET', url: '/nothing/here' });
    expect(response.status).toBe(404);
    expect(response.body.details.applicationError.code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('readSideBySide', () => {
  const reads = (log: string[], executor: Executor) =>
    ['a', 'b'].map((name) => async () => {
      log.push(`${name} sent`);
      await executor.execute(sql`select pg_sleep(0.02)`);
      log.push(`${name} done`);
      return name;
    });

  it('sends the reads of a transaction one after another, on its one connection', async () => {
    const log: string[] = [];
    const results = await t.database!.transaction((tx) => readSideBySide(tx, ...reads(log, tx)));
    expect(results).toEqual(['a', 'b']);
    expect(log).toEqual(['a sent', 'a done', 'b sent', 'b done']);
  });

  it('sends reads outside a transaction side by side', async () => {
    const log: string[] = [];
    const results = await readSideBySide(t.database!.db, ...reads(log, t.database!.db));
    expect(results).toEqual(['a', 'b']);
    expect(log.slice(0, 2)).toEqual(['a sent', 'b sent']);
  });
});

describe('the database connections', () => {
  it.runIf(process.env.DATABASE_URL)('run without JIT on PostgreSQL', async () => {
    const [setting] = await t.database!.query<{ jit: string }>('show jit');
    expect(setting).toEqual({ jit: 'off' });
  });

  it('keep capacity keys under the bytewise collation', async () => {
    const rows = await t.database!.query<{ column_name: string; collation_name: string }>(
      `select column_name, collation_name from information_schema.columns
        where (table_name, column_name) in (('platform_hold_capacities', 'key'), ('platform_holds', 'capacity_key'))
        order by column_name`,
    );
    expect(rows).toEqual([
      { column_name: 'capacity_key', collation_name: 'C' },
      { column_name: 'key', collation_name: 'C' },
    ]);
  });
});

describe('analyzeGrownTables', () => {
  const statsOf = async () =>
    (
      await t.database!.query<{ reltuples: number }>(
        `select reltuples from pg_class where relname = 'statistics_upkeep_probe'`,
      )
    )[0]!.reltuples;

  it('takes the statistics of a table that grew by a fifth, and of no other', async () => {
    await t.database!.query('create table statistics_upkeep_probe (id int primary key, note text)');
    await t.database!.query(
      `insert into statistics_upkeep_probe select g, repeat('x', 40) from generate_series(1, 5000) g`,
    );
    expect(await statsOf()).toBeLessThanOrEqual(0);
    expect(await analyzeGrownTables(t.database!)).toContain('statistics_upkeep_probe');
    expect(await statsOf()).toBe(5000);
    expect(await analyzeGrownTables(t.database!)).not.toContain('statistics_upkeep_probe');
    await t.database!.query(
      `insert into statistics_upkeep_probe select g, repeat('x', 40) from generate_series(5001, 5500) g`,
    );
    expect(await analyzeGrownTables(t.database!)).not.toContain('statistics_upkeep_probe');
    await t.database!.query(
      `insert into statistics_upkeep_probe select g, repeat('x', 40) from generate_series(5501, 8000) g`,
    );
    expect(await analyzeGrownTables(t.database!)).toContain('statistics_upkeep_probe');
    expect(await statsOf()).toBe(8000);
    await t.database!.query('drop table statistics_upkeep_probe');
  });

  // Two connections: the load's transaction stays open while the upkeep runs on another.
  it.runIf(process.env.DATABASE_URL)(
    'leaves a table that is being loaded, and takes again statistics that saw it empty',
    async () => {
      await t.database!.query('create table statistics_upkeep_probe (id int primary key, note text)');
      const load = `insert into statistics_upkeep_probe select g, repeat('x', 40) from generate_series(1, 5000) g`;
      await t.database!.transaction(async (tx) => {
        await tx.execute(sql.raw(load));
        expect(await analyzeGrownTables(t.database!)).not.toContain('statistics_upkeep_probe');
        // What an upkeep without that check did: statistics taken mid-load record the pages and no rows.
        await t.database!.query('analyze statistics_upkeep_probe');
      });
      expect(await statsOf()).toBe(0);
      expect(await analyzeGrownTables(t.database!)).toContain('statistics_upkeep_probe');
      expect(await statsOf()).toBe(5000);
      await t.database!.query('drop table statistics_upkeep_probe');
    },
  );
});
