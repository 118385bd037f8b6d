// The store catalog at size: 50,000 products with 10 variants each (two options, 5 × 2), 20 collections, half of
// the variants tracking stock. The catalog is imported in bulk SQL (as a migration from another shop would be),
// ANALYZEd, its per-product figures kept by the server's worker, and then read the way a headless storefront reads it: through the official `@wix/stores` client over
// real HTTP on this machine. Figures: a page of 50 of one collection (query-platformized, `collectionIds`
// $hasSome), and one product page read (getProduct with its variants and stock). DATABASE_URL selects
// PostgreSQL (a scratch database, dropped afterwards), else PGlite; STORES_BENCH_PRODUCTS changes the count.
import * as products from '@wix/auto_sdk_stores_products';
import { ApiKeyStrategy, createClient } from '@wix/sdk';
import { ownerCredentials, sendOfficialHostTo, startBenchServer, type BenchServer } from './bench-server.ts';
import { createScratchDatabase, measure } from './bench-tools.ts';

export interface StoresBenchFigure {
  name: string;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  targetMs?: number;
  /** Per request, on the server process: SQL statements sent and CPU time (user + system), in ms. */
  statements?: number;
  serverCpuMs?: number;
  /** Bytes of the answer body as sent (before compression), where the run reads it. */
  answerBytes?: number;
}

const defaultProducts = 50_000;
const collections = 20;

/** Products, variants, inventory items and stock in a few set-based statements. */
export async function importCatalog(server: BenchServer, siteId: string, count: number) {
  const options = JSON.stringify([
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      name: 'Size',
      optionType: 'drop_down',
      choices: ['XS', 'S', 'M', 'L', 'XL'].map((name, index) => ({
        id: `00000000-0000-4000-8000-00000000010${index}`,
        name,
        value: name,
        visible: true,
        mediaIds: [],
      })),
    },
    {
      id: '00000000-0000-4000-8000-0000000000a2',
      name: 'Colour',
      optionType: 'color',
      choices: [
        {
          id: '00000000-0000-4000-8000-000000000200',
          name: 'Black',
          value: '#000000',
          visible: true,
          mediaIds: [],
        },
        {
          id: '00000000-0000-4000-8000-000000000201',
          name: 'White',
          value: '#ffffff',
          visible: true,
          mediaIds: [],
        },
      ],
    },
  ]);
  await server.sql(
    `INSERT INTO stores_collections (id, site_id, name, slug)
     SELECT ('00000000-0000-4000-9000-' || lpad(c::text, 12, '0'))::uuid, $1, 'Collection ' || c, 'collection-' || c
     FROM generate_series(1, ${collections}) c`,
    [siteId],
  );
  await server.sql(
    `INSERT INTO stores_products (id, site_id, name, slug, price, min_price, max_price, description, sku, manage_variants,
       track_inventory, options, media, collection_ids, updated_date)
     SELECT ('00000000-0000-4000-a000-' || lpad(i::text, 12, '0'))::uuid, $1, 'Product ' || i, 'product-' || i,
       (10 + (i % 90))::numeric, (10 + (i % 90))::numeric, (10 + (i % 90))::numeric,
       '<p>A very good product number ' || i || '</p>', 'SKU-' || i, true, (i % 2 = 0), $2::jsonb,
       jsonb_build_array(jsonb_build_object('id', 'm' || i, 'mediaType', 'image', 'url', 'https://images.example.com/' || i || '.jpg')),
       ARRAY[('00000000-0000-4000-9000-' || lpad((1 + i % ${collections})::text, 12, '0'))::uuid],
       now() - (i || ' seconds')::interval
     FROM generate_series(1, ${count}) i`,
    [siteId, options],
  );
  await server.sql(
    `INSERT INTO stores_variants (site_id, product_id, id, position, choices, sku)
     SELECT $1, p.id, gen_random_uuid(), s * 2 + c,
       jsonb_build_object('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-00000000010' || s,
                          '00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-00000000020' || c),
       p.sku || '-' || s || c
     FROM stores_products p, generate_series(0, 4) s, generate_series(0, 1) c WHERE p.site_id = $1`,
    [siteId],
  );
  await server.sql(
    `INSERT INTO stores_inventory_items (site_id, product_id, variant_id, track_quantity)
     SELECT v.site_id, v.product_id, v.id, p.track_inventory FROM stores_variants v JOIN stores_products p ON p.id = v.product_id
     WHERE v.site_id = $1`,
    [siteId],
  );
  await server.sql(
    `INSERT INTO platform_hold_capacities (site_id, key, total)
     SELECT site_id, 'stores.inventory:' || id, (hashtext(id::text) & 15) FROM stores_inventory_items
     WHERE site_id = $1 AND track_quantity`,
    [siteId],
  );
  await server.sql('ANALYZE');
}

/** Waits until the server's figures upkeep has taken every queued product. */
export async function figuresCaughtUp(server: BenchServer): Promise<void> {
  // Caught up once the queue is empty and the vacuum that follows a long drain is done too, twice in a row
  // (the vacuum starts a moment after the last batch empties the queue).
  let idle = 0;
  for (;;) {
    const [row] = await server.sql<{ queued: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM stores_figures_queue)
          OR EXISTS (SELECT 1 FROM pg_stat_activity
                     WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'vacuum%'
                       AND state = 'active') AS queued`,
    );
    idle = row?.queued ? 0 : idle + 1;
    if (idle === 2) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function runStoresBench(options: { products?: number } = {}): Promise<StoresBenchFigure[]> {
  const count = options.products ?? Number(process.env.STORES_BENCH_PRODUCTS ?? defaultProducts);
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL)
    : undefined;
  // The server runs in a process of its own, as a storefront's server would: the client's work here does
  // not wait on the server's event loop, nor the server's on the client's.
  const server = await startBenchServer({ databaseUrl: scratch?.url, worker: true, poolSize: 10 });
  const restoreFetch = sendOfficialHostTo(server.url);
  try {
    const { siteId, apiKey } = await ownerCredentials(server.url, 'stores bench');
    const started = performance.now();
    await importCatalog(server, siteId, count);
    const importSeconds = (performance.now() - started) / 1000;
    // The import queued every product for the figures upkeep (stores README, "Figures kept per product"),
    // which the server's worker runs once a second; the pages are read once it has caught up.
    const figuresStarted = performance.now();
    await figuresCaughtUp(server);
    const figuresSeconds = (performance.now() - figuresStarted) / 1000;
    const client = createClient({ modules: { products }, auth: ApiKeyStrategy({ apiKey, siteId }) });
    const collectionId = (run: number) =>
      `00000000-0000-4000-9000-${String(1 + (run % collections)).padStart(12, '0')}`;
    const productId = (run: number) =>
      `00000000-0000-4000-a000-${String(1 + ((run * 7919) % count)).padStart(12, '0')}`;
    const figures: StoresBenchFigure[] = [];
    // The server's statements and CPU over a measured loop (its 5 warm-up runs included), per request.
    const withServerFigures = async (
      runs: number,
      loop: () => Promise<StoresBenchFigure>,
    ): Promise<StoresBenchFigure> => {
      const before = await server.stats();
      const figure = await loop();
      const after = await server.stats();
      const requests = runs + 5;
      return {
        ...figure,
        statements: Math.round(((after.statements - before.statements) / requests) * 10) / 10,
        serverCpuMs: Math.round((after.cpuMicros - before.cpuMicros) / requests / 10) / 100,
      };
    };
    let answerBytes = 0;
    figures.push(
      await withServerFigures(200, () =>
        measure(
          `collection page of 50 (official client, ${count.toLocaleString('en')} products)`,
          200,
          async (run) => {
            const page = await client.products
              .queryProducts()
              .hasSome('collectionIds', [collectionId(run)])
              .limit(50)
              .find();
            if (page.items.length !== 50) throw new Error(`a page had ${page.items.length} products`);
            if (page.items.some((item) => item.variants && item.variants.length > 0)) {
              throw new Error('a list answer carried variants');
            }
          },
          10,
        ),
      ),
    );
    const plain = await withServerFigures(200, () =>
      measure('the same page over plain HTTP (no client)', 200, async (run) => {
        const response = await fetch(`${server.url}/stores-reader/v1/products/query-platformized`, {
          method: 'POST',
          headers: { authorization: apiKey, 'wix-site-id': siteId, 'content-type': 'application/json' },
          body: JSON.stringify({
            query: { filter: { collectionIds: { $hasSome: [collectionId(run)] } }, paging: { limit: 50 } },
          }),
        });
        if (response.status !== 200) throw new Error(`query answered ${response.status}`);
        answerBytes = Buffer.byteLength(await response.text());
      }),
    );
    figures.push({ ...plain, answerBytes });
    figures.push(
      await withServerFigures(300, () =>
        measure(
          'product page read: getProduct with 10 variants and stock (official client)',
          300,
          async (run) => {
            const { product } = await client.products.getProduct(productId(run));
            if (product?.variants?.length !== 10) throw new Error('a product page lacked its variants');
          },
          5,
        ),
      ),
    );
    figures.push({
      name: `import of the catalog (bulk SQL, seconds)`,
      runs: 1,
      p50Ms: Math.round(importSeconds * 10) / 10,
      p95Ms: 0,
    });
    figures.push({
      name: `figures kept for every product, after the import (seconds)`,
      runs: 1,
      p50Ms: Math.round(figuresSeconds * 10) / 10,
      p95Ms: 0,
    });
    return figures;
  } finally {
    restoreFetch();
    await server.stop();
    if (process.env.STORES_BENCH_KEEP) console.log(`kept ${scratch?.url ?? 'the PGlite data'}`);
    else await scratch?.drop();
  }
}

export function printStoresBench(figures: StoresBenchFigure[]): void {
  console.log('Store catalog (50,000 products × 10 variants, read through the official @wix/stores client)');
  console.table(
    figures.map((figure) => ({
      benchmark: figure.name,
      runs: figure.runs,
      'p50 ms': figure.p50Ms,
      'p95 ms': figure.p95Ms,
      'target p50 ms': figure.targetMs ?? '',
      'statements/req': figure.statements ?? '',
      'server CPU ms/req': figure.serverCpuMs ?? '',
      'answer bytes': figure.answerBytes ?? '',
    })),
  );
}
