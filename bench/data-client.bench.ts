// Data collections as a headless site meets them (issue #17): the official `@wix/data` clients, unchanged, in
// this process (the load generator) against one server process on the same machine. 100,000 items are
// imported in bulks of 1,000, an index on (category, price) is made, and the reads start at once: no warm-up
// beyond a few calls, no manual ANALYZE. Then 16 clients read side by side for the throughput figure.
// Run alone with `DATA_CLIENT_BENCH_MAIN=1 node apps/server/bin/run-ts.mjs bench/data-client.bench.ts`;
// DATA_BENCH_ITEMS changes the item count; DATA_BENCH_KEEP=1 keeps the scratch database.
import * as collections from '@wix/auto_sdk_data_collections';
import * as indexes from '@wix/auto_sdk_data_indexes';
import { ApiKeyStrategy, createClient } from '@wix/sdk';
import * as items from '@wix/wix-data-items-sdk';
import { ownerCredentials, sendOfficialHostTo, startBenchServer } from './bench-server.ts';
import { createScratchDatabase, measure, percentile } from './bench-tools.ts';
import { benchPostFields, categories, makeItem, random, type DataBenchFigure } from './data.bench.ts';

const collectionId = 'ClientBenchPosts';
const bulkSize = 1000;
const concurrentClients = 16;
const throughputSeconds = 10;

export interface DataClientBenchResult {
  figures: DataBenchFigure[];
  requestsPerSecond: number;
  /** p50 and p95 of one request while 16 clients read side by side. */
  concurrentP50Ms: number;
  concurrentP95Ms: number;
}

type DataClient = ReturnType<typeof dataClient>;

function dataClient(apiKey: string, siteId: string) {
  return createClient({ modules: { items, collections, indexes }, auth: ApiKeyStrategy({ apiKey, siteId }) });
}

/** The reads of the mix, one per kind; `run` picks the category, price band or item. */
function reads(client: DataClient, itemCount: number) {
  return {
    eq: (run: number) =>
      client.items
        .query(collectionId)
        .eq('category', categories[run % categories.length]!)
        .limit(50)
        .find(),
    firstItem: () => client.items.query(collectionId).limit(1).find(),
    rangeSorted: (run: number) => {
      const low = (run * 37) % 900;
      return client.items
        .query(collectionId)
        .ge('price', low)
        .lt('price', low + 50)
        .ascending('price')
        .limit(50)
        .find();
    },
    categoryRangeSorted: (run: number) => {
      const low = (run * 37) % 900;
      return client.items
        .query(collectionId)
        .eq('category', categories[run % categories.length]!)
        .ge('price', low)
        .lt('price', low + 200)
        .ascending('price')
        .limit(50)
        .find();
    },
    count: (run: number) =>
      client.items
        .query(collectionId)
        .eq('category', categories[run % categories.length]!)
        .count(),
    aggregate: () =>
      client.items.aggregate(collectionId).group('category').avg('price').max('views').count().run(),
    get: (run: number) => client.items.get(collectionId, `post-${(run * 7919) % itemCount}`),
  };
}

export async function runDataClientBench(options: { items?: number } = {}): Promise<DataClientBenchResult> {
  const itemCount = options.items ?? Number(process.env.DATA_BENCH_ITEMS ?? 100_000);
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL)
    : undefined;
  const server = await startBenchServer({ databaseUrl: scratch?.url, worker: true, poolSize: 10 });
  const restoreFetch = sendOfficialHostTo(server.url);
  try {
    const { apiKey, siteId } = await ownerCredentials(server.url, 'data client bench');
    const client = dataClient(apiKey, siteId);
    await client.collections.createDataCollection({
      _id: collectionId,
      displayName: 'Client bench posts',
      fields: benchPostFields.map((field) => ({ ...field })),
    });

    const next = random(42);
    const bulkSamples: number[] = [];
    for (let start = 0; start < itemCount; start += bulkSize) {
      const batch = Array.from({ length: Math.min(bulkSize, itemCount - start) }, (_, offset) => {
        const { data } = makeItem(start + offset, next);
        return { ...data, published: new Date(data.published.$date) };
      });
      const started = performance.now();
      const result = await client.items.bulkInsert(collectionId, batch);
      bulkSamples.push(performance.now() - started);
      if (result.errors.length > 0)
        throw new Error(`bulk insert failed: ${JSON.stringify(result.errors[0])}`);
    }
    await client.indexes.createIndex(collectionId, {
      name: 'byCategoryPrice',
      fields: [
        { path: 'category', order: 'ASC' },
        { path: 'price', order: 'ASC' },
      ],
    });

    const read = reads(client, itemCount);
    const figures: DataBenchFigure[] = [
      {
        name: `official client: bulkInsert of ${bulkSize} (${bulkSamples.length} calls)`,
        runs: bulkSamples.length,
        p50Ms: percentile(bulkSamples, 0.5),
        p95Ms: percentile(bulkSamples, 0.95),
      },
      await measure('official client, just imported: eq category, limit 50', 200, read.eq, 2.5),
      await measure('official client, just imported: limit(1), no filter', 200, read.firstItem),
      await measure(
        'official client, just imported: price range, sort by price, limit 50',
        200,
        read.rangeSorted,
        2.5,
      ),
      await measure(
        'official client, just imported: eq category, price range, sort by price, limit 50',
        200,
        read.categoryRangeSorted,
      ),
      await measure('official client, just imported: count (eq category)', 100, read.count, 5),
      await measure('official client, just imported: aggregate grouped by category', 30, read.aggregate),
      await measure('official client, just imported: get by id', 200, read.get, 2),
    ];

    // 16 clients, each sending its next read as soon as the last one answered: eq, range, get and count in turn.
    const mix = [read.eq, read.rangeSorted, read.get, read.count];
    const latencies: number[] = [];
    const deadline = performance.now() + throughputSeconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrentClients }, async (_, clientIndex) => {
        for (let run = clientIndex; performance.now() < deadline; run += concurrentClients) {
          const sent = performance.now();
          await mix[run % mix.length]!(run);
          latencies.push(performance.now() - sent);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    // The (category, price) index serves a range on price alone only as a skip scan (each category's first
    // rows, merged: run-query.ts `skipScan`); an index that leads with price reads the page in order by
    // itself. Measured last, so the figures above keep the set-up.
    await client.indexes.createIndex(collectionId, {
      name: 'byPrice',
      fields: [{ path: 'price', order: 'ASC' }],
    });
    figures.push(
      await measure(
        'official client, with an index on price too: price range, sort by price, limit 50',
        200,
        read.rangeSorted,
      ),
    );
    return {
      figures,
      requestsPerSecond: Math.round(latencies.length / seconds),
      concurrentP50Ms: percentile(latencies, 0.5),
      concurrentP95Ms: percentile(latencies, 0.95),
    };
  } finally {
    restoreFetch();
    await server.stop();
    // DATA_BENCH_KEEP=1 leaves the scratch database for EXPLAIN ANALYZE.
    if (process.env.DATA_BENCH_KEEP === '1' && scratch) console.log(`Kept ${scratch.url}`);
    else await scratch?.drop();
  }
}

export function printDataClientBench(result: DataClientBenchResult): void {
  console.log(
    `Data collections through the official client (@wix/data), one server process, reads right after the import`,
  );
  console.table(
    result.figures.map((figure) => ({
      benchmark: figure.name,
      runs: figure.runs,
      'p50 ms': figure.p50Ms,
      'p95 ms': figure.p95Ms,
      'target p50': figure.targetMs ? `≤ ${figure.targetMs} ms` : '',
    })),
  );
  console.log(
    `${concurrentClients} clients side by side (eq, range, get, count in turn, ${throughputSeconds} s): ` +
      `${result.requestsPerSecond} requests/s (target ≥ 450), p50 ${result.concurrentP50Ms} ms, ` +
      `p95 ${result.concurrentP95Ms} ms`,
  );
}

if (process.env.DATA_CLIENT_BENCH_MAIN === '1') {
  console.log(`On ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}`);
  printDataClientBench(await runDataClientBench());
}
