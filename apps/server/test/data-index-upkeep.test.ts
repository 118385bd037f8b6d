import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergePendingIndexEntriesJob, writesBeforeMerge } from '../src/modules/data/index-upkeep.ts';
import { createCollection, post } from './data-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// New GIN entries wait in a pending list that every `$eq` and search reads sequentially; after enough item
// writes a job merges the lists into the index trees, outside the requests (README, "GIN pending lists").

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createCollection(t, { id: 'Notes', fields: [{ key: 'title', type: 'TEXT' }] });
}, 240_000);
afterAll(async () => t?.close(), 60_000);

function notes(from: number, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    data: { _id: `note-${from + index}`, title: `note number ${from + index} about gardens` },
  }));
}

async function bulkInsert(from: number, count: number) {
  const response = await post(t, '/data/v2/bulk/items/insert', {
    dataCollectionId: 'Notes',
    dataItems: notes(from, count),
    returnEntity: false,
  });
  expect(response.status).toBe(200);
  expect(response.body.bulkActionMetadata.totalSuccesses).toBe(count);
}

/** Merges what is pending now; answers how many pending pages there were. */
async function pendingPagesMerged(): Promise<number> {
  const [row] = await t.app.database.query<{ data: number; search: number }>(
    `SELECT gin_clean_pending_list('data_items_data_gin'::regclass) AS data,
            gin_clean_pending_list('data_items_search_gin'::regclass) AS search`,
  );
  return Number(row!.data) + Number(row!.search);
}

async function mergeJobStates(): Promise<string[]> {
  const rows = await t.app.database.query<{ state: string }>(
    `SELECT state FROM pgboss.job WHERE name = $1 ORDER BY created_on`,
    [`jobs/${mergePendingIndexEntriesJob}`],
  );
  return rows.map((row) => row.state);
}

describe('merging the GIN pending lists', () => {
  it('leaves a few writes pending: no job is asked for below the threshold', async () => {
    await bulkInsert(0, 50);
    expect(await mergeJobStates()).toEqual([]);
    expect(await pendingPagesMerged()).toBeGreaterThan(0);
  });

  it('merges them by a job soon after enough writes, so reads find nothing pending', async () => {
    await bulkInsert(1000, writesBeforeMerge);
    await expect.poll(mergeJobStates, { timeout: 30_000, interval: 250 }).toEqual(['completed']);
    expect(await pendingPagesMerged()).toBe(0);
    // The merged entries still answer queries and searches.
    const found = await post(t, '/data/v2/items/query', {
      dataCollectionId: 'Notes',
      query: { filter: { _id: 'note-1042' } },
    });
    expect(found.body.dataItems.map((item: { id: string }) => item.id)).toEqual(['note-1042']);
    const searched = await post(t, '/data/v2/items/search', {
      dataCollectionId: 'Notes',
      search: { search: { expression: '1042' } },
    });
    expect(searched.body.dataItems.map((item: { id: string }) => item.id)).toEqual(['note-1042']);
  });

  it('asks for one merge at a time however many bulk calls come together', async () => {
    await Promise.all([bulkInsert(2000, writesBeforeMerge), bulkInsert(3000, writesBeforeMerge)]);
    await bulkInsert(4000, writesBeforeMerge);
    await expect
      .poll(async () => (await mergeJobStates()).filter((state) => state !== 'completed'), {
        timeout: 30_000,
        interval: 250,
      })
      .toEqual([]);
    const states = await mergeJobStates();
    // The first job, then at most one per moment a merge was due and none was waiting.
    expect(states.length).toBeGreaterThanOrEqual(2);
    expect(states.length).toBeLessThanOrEqual(4);
    expect(await pendingPagesMerged()).toBe(0);
  });

  it('refreshes the planner statistics once enough rows changed since they were taken (PGlite has no autovacuum)', async () => {
    // The items above: over 1,000 writes since the table was created, never analyzed before.
    const [statistics] = await t.app.database.query<{ analyzed: boolean; rows: number }>(
      `SELECT s.last_analyze IS NOT NULL AS analyzed, c.reltuples::float8 AS rows
         FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid
        WHERE c.oid = 'data_items'::regclass`,
    );
    expect(statistics!.analyzed).toBe(true);
    expect(Number(statistics!.rows)).toBeGreaterThanOrEqual(1500);
  });
});
