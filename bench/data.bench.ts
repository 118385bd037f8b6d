// Data collections on 100,000 items of a blog-like collection: bulk insert, indexed $eq query, range query
// with sort, full-text search, grouped aggregate and count, each through the HTTP layer (app.inject).
// Run alone with `DATA_BENCH_MAIN=1 node apps/server/bin/run-ts.mjs bench/data.bench.ts`; DATABASE_URL selects
// PostgreSQL (a scratch database of its own, dropped afterwards), DATA_BENCH_ITEMS changes the item count and
// DATA_BENCH_KEEP=1 keeps the items and the scratch database, to EXPLAIN ANALYZE the generated SQL.
import { buildApp, type App } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { devCallerHeader } from '../apps/server/src/platform/http/dev-authenticator.ts';
import { createScratchDatabase, measure, percentile } from './bench-tools.ts';

export interface DataBenchFigure {
  name: string;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  /** The target on PostgreSQL from the issue, when there is one. */
  targetMs?: number;
}

const headers = { [devCallerHeader]: 'WIX_USER:OWNER' };
const collectionId = 'BenchPosts';
const totalItems = 100_000;
const bulkSize = 1000;

/**
 * A vocabulary of 4,000 made-up words drawn with Zipf frequencies (the k-th word about 1/k as often as the
 * first), like real text: a few words are everywhere, most are rare.
 */
const syllables = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'ta',
  'vo',
  'si',
  'pe',
  'da',
  'gu',
  'ho',
  'zi',
  'be',
  'fa',
  'no',
];
const words = Array.from({ length: 4000 }, (_, index) => {
  let word = '';
  let rest = index + 17;
  while (rest > 0) {
    word += syllables[rest % syllables.length];
    rest = Math.floor(rest / syllables.length);
  }
  return word;
});
const zipfWeights = words.map((_, index) => 1 / (index + 1));
const zipfTotal = zipfWeights.reduce((sum, weight) => sum + weight, 0);
const zipfCumulative: number[] = [];
for (const weight of zipfWeights) zipfCumulative.push((zipfCumulative.at(-1) ?? 0) + weight / zipfTotal);

function zipfWord(next: () => number): string {
  const target = next();
  let low = 0;
  let high = zipfCumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (zipfCumulative[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return words[low]!;
}
/** The fields of the benchmarks' blog-like collection (`makeItem` fills them). */
export const benchPostFields = [
  { key: 'slug', type: 'TEXT' },
  { key: 'title', type: 'TEXT' },
  { key: 'body', type: 'TEXT' },
  { key: 'category', type: 'TEXT' },
  { key: 'price', type: 'NUMBER' },
  { key: 'views', type: 'NUMBER' },
  { key: 'published', type: 'DATETIME' },
  { key: 'tags', type: 'ARRAY_STRING' },
] as const;

export const categories = Array.from({ length: 20 }, (_, index) => `category-${index}`);

/** A deterministic pseudo-random sequence, so every run measures the same data. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function makeItem(index: number, next: () => number) {
  const pick = () => zipfWord(next);
  const title = `${pick()} ${pick()} ${pick()}`;
  return {
    data: {
      _id: `post-${index}`,
      number: index,
      slug: `post-${index}-${title.replace(/ /g, '-')}`,
      title,
      body: Array.from({ length: 30 }, pick).join(' '),
      category: categories[Math.floor(next() * categories.length)],
      price: Math.floor(next() * 100_000) / 100,
      views: Math.floor(next() * 10_000),
      published: {
        $date: new Date(Date.UTC(2024, 0, 1) + Math.floor(next() * 730 * 86_400_000)).toISOString(),
      },
      tags: [pick(), pick()],
    },
  };
}

async function call(app: App, url: string, payload: unknown) {
  const response = await app.inject({ method: 'POST', url, payload: payload as object, headers });
  if (response.statusCode !== 200)
    throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
  return JSON.parse(response.body);
}

export async function runDataBench(options: { items?: number } = {}): Promise<DataBenchFigure[]> {
  const items = options.items ?? totalItems;
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL)
    : undefined;
  const database = await openDatabase({ databaseUrl: scratch?.url, poolSize: 10 });
  const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent' }), database });
  await app.ready();
  const figures: DataBenchFigure[] = [];
  try {
    await app.inject({ method: 'DELETE', url: `/data/v2/collections/${collectionId}`, headers });
    await call(app, '/data/v2/collections', {
      collection: { id: collectionId, fields: benchPostFields },
    });

    const next = random(42);
    const bulkSamples: number[] = [];
    for (let start = 0; start < items; start += bulkSize) {
      const dataItems = Array.from({ length: Math.min(bulkSize, items - start) }, (_, offset) =>
        makeItem(start + offset, next),
      );
      const started = performance.now();
      const result = await call(app, '/data/v2/bulk/items/insert', {
        dataCollectionId: collectionId,
        dataItems,
        returnEntity: false,
      });
      bulkSamples.push(performance.now() - started);
      if (result.bulkActionMetadata.totalFailures > 0) throw new Error('bulk insert reported failures');
    }
    figures.push({
      name: `bulk insert of ${bulkSize} items (${bulkSamples.length} calls)`,
      runs: bulkSamples.length,
      p50Ms: percentile(bulkSamples, 0.5),
      p95Ms: percentile(bulkSamples, 0.95),
      targetMs: 150,
    });

    await call(app, '/data/v2/indexes', {
      dataCollectionId: collectionId,
      index: { name: 'byPrice', fields: [{ path: 'price', order: 'ASC' }] },
    });
    await database.query('ANALYZE data_items');

    const lookup = random(7);
    figures.push(
      await measure(
        'indexed $eq query (a JSON field, one match)',
        200,
        () => {
          const index = Math.floor(lookup() * items);
          return call(app, '/data/v2/items/query', {
            dataCollectionId: collectionId,
            query: { filter: { number: index }, paging: { limit: 50 } },
          });
        },
        5,
      ),
    );
    figures.push(
      await measure('indexed $eq query (category, 50 of ~5%)', 200, (run) =>
        call(app, '/data/v2/items/query', {
          dataCollectionId: collectionId,
          query: { filter: { category: categories[run % categories.length] }, paging: { limit: 50 } },
        }),
      ),
    );
    figures.push(
      await measure('range query, sort, limit 50 (price)', 200, (run) => {
        const low = (run * 37) % 900;
        return call(app, '/data/v2/items/query', {
          dataCollectionId: collectionId,
          query: {
            filter: { price: { $gte: low, $lt: low + 50 } },
            sort: [{ fieldName: 'price', order: 'ASC' }],
            paging: { limit: 50 },
          },
        });
      }),
    );
    figures.push(
      await measure(
        'full-text search, limit 50 (a word of rank 50-250, and a two-word AND)',
        100,
        (run) =>
          call(app, '/data/v2/items/search', {
            dataCollectionId: collectionId,
            search: {
              search:
                run % 2 === 0
                  ? { expression: words[50 + run * 2] }
                  : { expression: `${words[3]} ${words[60 + run]}`, mode: 'AND' },
              paging: { limit: 50 },
            },
          }),
        30,
      ),
    );
    figures.push(
      await measure('aggregate grouped by category (avg, max, count)', 30, () =>
        call(app, '/data/v2/items/aggregate', {
          dataCollectionId: collectionId,
          aggregation: {
            groupingFields: ['category'],
            operations: [
              { resultFieldName: 'avgPrice', average: { itemFieldName: 'price' } },
              { resultFieldName: 'maxViews', max: { itemFieldName: 'views' } },
              { resultFieldName: 'count', itemCount: {} },
            ],
          },
        }),
      ),
    );
    figures.push(
      await measure('count with a filter (category)', 50, (run) =>
        call(app, '/data/v2/items/count', {
          dataCollectionId: collectionId,
          filter: { category: categories[run % categories.length] },
        }),
      ),
    );
    figures.push(...(await deleteByQueryWhileReading(app, items)));
    return figures;
  } finally {
    // DATA_BENCH_KEEP=1 leaves the items (and on PostgreSQL the scratch database) for EXPLAIN ANALYZE.
    const keep = process.env.DATA_BENCH_KEEP === '1';
    if (!keep) {
      await app
        .inject({ method: 'DELETE', url: `/data/v2/collections/${collectionId}`, headers })
        .catch(() => undefined);
    }
    await app.close();
    await database.close();
    if (keep && scratch) console.log(`Kept ${scratch.url}`);
    else await scratch?.drop();
  }
}

/**
 * A DELETE_BY_QUERY task over every item (the scenario: exact counts while reads keep answering):
 * the task's duration, and the latency of one-category queries sent back to back while it runs. Throws
 * when the counts are not exact.
 */
async function deleteByQueryWhileReading(app: App, items: number): Promise<DataBenchFigure[]> {
  const expected = (await call(app, '/data/v2/items/count', { dataCollectionId: collectionId }))
    .totalCount as number;
  const started = performance.now();
  const { task } = await call(app, '/data/v1/tasks', {
    task: { type: 'DELETE_BY_QUERY', deleteByQueryOptions: { dataCollectionId: collectionId, filter: {} } },
  });
  const readSamples: number[] = [];
  let current = task as { id: string; status: string; itemsSucceeded: number; itemsFailed: number };
  for (let run = 0; current.status === 'NEW' || current.status === 'RUNNING'; run += 1) {
    const readStarted = performance.now();
    await call(app, '/data/v2/items/query', {
      dataCollectionId: collectionId,
      query: { filter: { category: categories[run % categories.length] }, paging: { limit: 50 } },
    });
    readSamples.push(performance.now() - readStarted);
    const response = await app.inject({ method: 'GET', url: `/data/v1/tasks/${current.id}`, headers });
    current = JSON.parse(response.body).task;
  }
  const durationMs = Math.round(performance.now() - started);
  const left = (await call(app, '/data/v2/items/count', { dataCollectionId: collectionId }))
    .totalCount as number;
  if (
    current.status !== 'COMPLETED' ||
    current.itemsSucceeded !== expected ||
    current.itemsFailed !== 0 ||
    left !== 0
  ) {
    throw new Error(
      `DELETE_BY_QUERY over ${expected} items: ${current.status}, ${current.itemsSucceeded} deleted, ` +
        `${current.itemsFailed} failed, ${left} left`,
    );
  }
  return [
    {
      name: `DELETE_BY_QUERY task over ${items} items (whole task, exact counts checked)`,
      runs: 1,
      p50Ms: durationMs,
      p95Ms: durationMs,
    },
    {
      name: 'query (category, limit 50) while that task runs',
      runs: readSamples.length,
      p50Ms: percentile(readSamples, 0.5),
      p95Ms: percentile(readSamples, 0.95),
    },
  ];
}

/** A database of its own on the PostgreSQL server, so the bench neither sees nor leaves other data. */
export function printDataBench(figures: DataBenchFigure[]): void {
  console.table(
    figures.map((figure) => ({
      benchmark: figure.name,
      runs: figure.runs,
      'p50 ms': figure.p50Ms,
      'p95 ms': figure.p95Ms,
      'target p50 (PostgreSQL)': figure.targetMs ? `< ${figure.targetMs} ms` : '',
    })),
  );
}

// `npm run bench` imports runDataBench; DATA_BENCH_MAIN=1 runs this file alone.
if (process.env.DATA_BENCH_MAIN === '1') {
  const items = process.env.DATA_BENCH_ITEMS ? Number(process.env.DATA_BENCH_ITEMS) : undefined;
  console.log(`Data collections on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}`);
  printDataBench(await runDataBench({ items }));
}
