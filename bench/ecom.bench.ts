// Commerce as shoppers meet it. Three figures:
// - add to cart: a visitor's add-to-cart through the official `@wix/ecom` currentCart client (its first add,
//   which makes the cart, and a shopper's next add, the target's figures; then one cart growing to 100
//   lines, whose answer grows with it), p50 and p95 over real HTTP on this machine;
// - the SQL statements a cart of 100 lines costs against a cart of 1 (add, read, checkout, order and charge),
//   counted at the PostgreSQL client (PostgreSQL only: PGlite has no wire to count on);
// - checkouts completed into paid orders per second with the built-in test card gateway: distinct buyers,
//   each with a checkout made beforehand, completed by `create-order-and-charge` from many connections at
//   once against server processes of their own (two on PostgreSQL, one per core, as deployed), and the whole
//   journey (add to cart, checkout, pay) per second the same way.
// DATABASE_URL selects PostgreSQL (a scratch database, dropped afterwards), else PGlite.
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import * as currentCart from '@wix/auto_sdk_ecom_current-cart';
import { createClient, OAuthStrategy } from '@wix/sdk';
import pg from 'pg';
import { catalogAppIds } from '@atrium/contract/ecom/common';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/platform/config.ts';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { devCallerHeader } from '../apps/server/src/platform/http/dev-authenticator.ts';
import { identityKit } from '../apps/server/test/identity-helpers.ts';
import { sendOfficialHostTo, startBenchServer, type BenchServer } from './bench-server.ts';
import { createScratchDatabase, measure, percentile, postgresCpuMicros } from './bench-tools.ts';

export interface EcomBenchResult {
  latencies: Array<{ name: string; runs: number; p50Ms: number; p95Ms: number; targetMs?: number }>;
  statements: Array<{ step: string; oneLine: number | string; hundredLines: number | string }>;
  throughput: Array<{ name: string; completed: number; perSecond: number; p50Ms: number; p95Ms: number }>;
  notes: string[];
}

type Headers = Record<string, string>;
const ownerHeaders: Headers = { [devCallerHeader]: 'WIX_USER:OWNER' };
const visitorHeaders = (id: string): Headers => ({ [devCallerHeader]: `ANONYMOUS_VISITOR:${id}` });

/** Statements sent by every pg client of this process (the in-process app's pool). */
let statementsSent = 0;
const clientPrototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const originalQuery = clientPrototype.query;
clientPrototype.query = function (this: unknown, ...args: unknown[]) {
  statementsSent += 1;
  return originalQuery.apply(this, args);
};

async function call(base: string, method: string, route: string, body: unknown, headers: Headers) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200)
    throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Products with plenty of tracked stock, made through the API as a business would. */
async function stockedProducts(base: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const { product } = (await call(
      base,
      'POST',
      '/stores/v1/products',
      {
        product: {
          name: `Bench product ${index}`,
          productType: 'physical',
          priceData: { price: 10 + (index % 7) },
        },
      },
      ownerHeaders,
    )) as { product: { id: string; variants: Array<{ id: string }> } };
    await call(
      base,
      'PATCH',
      `/stores/v2/inventoryItems/product/${product.id}`,
      {
        inventoryItem: {
          trackQuantity: true,
          variants: product.variants.map((variant) => ({ variantId: variant.id, quantity: 99_999 })),
        },
      },
      ownerHeaders,
    );
    ids.push(product.id);
  }
  return ids;
}

const line = (productId: string, quantity = 1) => ({
  quantity,
  catalogReference: { appId: catalogAppIds.stores, catalogItemId: productId },
});

const card = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };

const buyerDetails = (index: number) => ({
  email: `buyer${index}@example.com`,
  billingAddress: { country: 'US', city: 'Portland', addressLine1: `${index} Main St`, postalCode: '97201' },
});

/** A visitor's checkout of one line, and a card token to pay it with. */
async function preparedCheckout(base: string, productId: string, index: number) {
  const headers = visitorHeaders(`bench-${index}-${Math.random().toString(36).slice(2)}`);
  await call(base, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [line(productId)] }, headers);
  const { checkoutId } = (await call(
    base,
    'POST',
    '/ecom/v1/carts/current/create-checkout',
    { channelType: 'WEB', ...buyerDetails(index) },
    headers,
  )) as { checkoutId: string };
  const { paymentToken } = (await call(base, 'POST', '/ecom/v1/test-gateway/tokens', card, headers)) as {
    paymentToken: string;
  };
  return { headers, checkoutId, paymentToken };
}

async function payCheckout(base: string, prepared: Awaited<ReturnType<typeof preparedCheckout>>) {
  const answer = (await call(
    base,
    'POST',
    `/ecom/v1/checkouts/${prepared.checkoutId}/create-order-and-charge`,
    { paymentToken: prepared.paymentToken },
    prepared.headers,
  )) as { orderId?: string };
  if (!answer.orderId) throw new Error(`checkout ${prepared.checkoutId} made no order`);
}

/** What the servers and this database's PostgreSQL backends have spent so far (CPU, statements). */
async function costSample(servers: BenchServer[], databaseName: string | undefined) {
  const stats = await Promise.all(servers.map((server) => server.stats()));
  return {
    statements: stats.reduce((total, stat) => total + stat.statements, 0),
    serverMicros: stats.reduce((total, stat) => total + stat.cpuMicros, 0),
    /** The first server's: the one that works the queues. */
    workerMicros: stats[0]?.cpuMicros ?? 0,
    postgresMicros: postgresCpuMicros(databaseName),
  };
}

/** The cost of one of `count` tasks between two samples, CPU in ms. */
function costOf(before: Awaited<ReturnType<typeof costSample>>, after: typeof before, count: number) {
  const perTask = (micros: number) => Math.round(micros / count / 10) / 100;
  return {
    statements: Math.round(((after.statements - before.statements) / count) * 10) / 10,
    serverMs: perTask(after.serverMicros - before.serverMicros),
    workerServerMs: perTask(after.workerMicros - before.workerMicros),
    postgresMs:
      after.postgresMicros !== undefined && before.postgresMicros !== undefined
        ? perTask(after.postgresMicros - before.postgresMicros)
        : undefined,
  };
}

/** Runs `count` tasks from `connections` loops at once; each task's latency and the wall time. */
async function concurrently(count: number, connections: number, task: (index: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let index = next++; index < count; index = next++) {
        const began = performance.now();
        await task(index);
        latencies.push(performance.now() - began);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/** Add-to-cart through the official client, and the statements a cart of 100 lines costs, in this process. */
async function inProcessFigures(databaseUrl: string | undefined, result: EcomBenchResult) {
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  const config = testConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl ?? '',
    WORKER_ENABLED: 'false',
  });
  const app = await buildApp({ config, database });
  let restoreFetch = () => {};
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const products = await stockedProducts(base, 100);
    const { clientId } = await identityKit({ app, config, close: async () => undefined }).defaultSite();
    restoreFetch = sendOfficialHostTo(base);
    const visitors = await Promise.all(
      Array.from({ length: 230 }, async () => {
        const client = createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId }) });
        // A storefront mints the visitor's tokens when the page loads; `generateVisitorTokens` only returns
        // them, so without `setTokens` the first add would mint them too (a token call before the add).
        client.auth.setTokens(await client.auth.generateVisitorTokens());
        return client;
      }),
    );
    const addLine = (visitor: (typeof visitors)[number], run: number) =>
      visitor.currentCart.addToCurrentCart({ lineItems: [line(products[run % products.length]!)] });
    result.latencies.push(
      await measure(
        'add to cart, first item (official currentCart client; makes the cart)',
        200,
        (run) => addLine(visitors[run]!, run),
        10,
      ),
    );
    // A shopper's next add: the visitors of the first adds hold one or two lines (the warm-up adds twice).
    result.latencies.push(
      await measure(
        "add to cart, another item to a shopper's cart of 1-2 lines (official client)",
        200,
        (run) => addLine(visitors[run % 205]!, run + 1 + Math.floor(run / 205)),
        10,
      ),
    );
    const cpuBefore = process.cpuUsage();
    let lastCart: unknown;
    result.latencies.push(
      await measure(
        'add to cart, another item to one cart growing to 100 lines (official client)',
        200,
        async (run) => {
          lastCart = (await addLine(visitors[229]!, run + 7)).cart;
        },
      ),
    );
    const cpu = process.cpuUsage(cpuBefore);
    result.notes.push(
      `Add to cart growing to 100 lines: ${((cpu.user + cpu.system) / 205 / 1000).toFixed(2)} ms of CPU a call ` +
        `(client and server, one process); the official client's answer for 100 lines is ` +
        `${Buffer.byteLength(JSON.stringify(lastCart))} bytes as JSON.`,
    );

    if (!databaseUrl) {
      result.notes.push(
        'Statement counts are taken at the PostgreSQL client: run with DATABASE_URL to see them.',
      );
      return;
    }
    const rows = new Map<string, { oneLine: number; hundredLines: number }>();
    for (const [key, lines] of [
      ['oneLine', products.slice(0, 1)],
      ['hundredLines', products],
    ] as const) {
      const headers = visitorHeaders(`statements-${lines.length}`);
      const { paymentToken } = (await call(base, 'POST', '/ecom/v1/test-gateway/tokens', card, headers)) as {
        paymentToken: string;
      };
      let checkoutId = '';
      const steps: Array<[string, () => Promise<unknown>]> = [
        [
          'add to cart (every line in one call)',
          () =>
            call(
              base,
              'POST',
              '/ecom/v1/carts/current/add-to-cart',
              { lineItems: lines.map((id) => line(id)) },
              headers,
            ),
        ],
        ['read the cart', () => call(base, 'GET', '/ecom/v1/carts/current', undefined, headers)],
        ['estimate totals', () => call(base, 'POST', '/ecom/v1/carts/current/estimate-totals', {}, headers)],
        [
          'create the checkout',
          async () => {
            const answer = await call(
              base,
              'POST',
              '/ecom/v1/carts/current/create-checkout',
              { channelType: 'WEB', ...buyerDetails(lines.length) },
              headers,
            );
            checkoutId = answer.checkoutId as string;
          },
        ],
        [
          'read the checkout',
          () => call(base, 'GET', `/ecom/v1/checkouts/${checkoutId}`, undefined, headers),
        ],
        [
          'place the order and charge the card',
          () =>
            call(
              base,
              'POST',
              `/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`,
              { paymentToken },
              headers,
            ),
        ],
      ];
      for (const [step, work] of steps) {
        const before = statementsSent;
        await work();
        rows.set(step, {
          ...(rows.get(step) ?? { oneLine: 0, hundredLines: 0 }),
          [key]: statementsSent - before,
        });
      }
    }
    for (const [step, counts] of rows) result.statements.push({ step, ...counts });
  } finally {
    restoreFetch();
    await app.close();
    await database.close();
  }
}

export async function runEcomBench(): Promise<EcomBenchResult> {
  const result: EcomBenchResult = { latencies: [], statements: [], throughput: [], notes: [] };
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  const servers: BenchServer[] = [];
  try {
    if (scratch) {
      const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
      await migrateDatabase(database);
      await database.close();
    }
    await inProcessFigures(scratch?.url, result);

    // PGlite belongs to one process: there, one server on a database of its own.
    const serverCount = scratch ? Math.min(2, os.cpus().length) : 1;
    const connections = Number(process.env.ECOM_BENCH_CONNECTIONS ?? 16);
    const checkouts = Number(process.env.ECOM_BENCH_CHECKOUTS ?? (scratch ? 2000 : 500));
    for (let index = 0; index < serverCount; index += 1) {
      servers.push(
        await startBenchServer({
          databaseUrl: scratch?.url,
          worker: index === 0,
          poolSize: Math.ceil(connections / serverCount) + 2,
        }),
      );
    }
    const baseOf = (index: number) => servers[index % servers.length]!.url;
    const products = await stockedProducts(baseOf(0), 100);
    // Warm both servers' request paths before anything is timed.
    await concurrently(200, connections, async (index) => {
      await payCheckout(baseOf(index), await preparedCheckout(baseOf(index), products[index % 100]!, index));
    });
    const prepareStarted = performance.now();
    const prepared: Array<Awaited<ReturnType<typeof preparedCheckout>>> = [];
    await concurrently(checkouts, connections, async (index) => {
      prepared[index] = await preparedCheckout(baseOf(index), products[index % 100]!, 1000 + index);
    });
    result.notes.push(
      `${checkouts} checkouts prepared (add to cart, checkout, card token) in ${((performance.now() - prepareStarted) / 1000).toFixed(1)} s.`,
    );
    const costBefore = await costSample(servers, scratch?.name);
    const paid = await concurrently(checkouts, connections, (index) =>
      payCheckout(baseOf(index), prepared[index]!),
    );
    const cost = costOf(costBefore, await costSample(servers, scratch?.name), checkouts);
    result.notes.push(
      `One paid checkout (create-order-and-charge) cost ${cost.statements} SQL statements, ` +
        `${cost.serverMs} ms of server CPU (both processes; ${cost.workerServerMs} ms in the one that also ` +
        `works the queues, its mails and events) and ${cost.postgresMs ?? '?'} ms of PostgreSQL CPU; load average ${os.loadavg()[0]!.toFixed(2)}.`,
    );
    paid.latencies.sort((a, b) => a - b);
    result.throughput.push({
      name: `checkouts completed into paid orders (create-order-and-charge, ${connections} connections)`,
      completed: checkouts,
      perSecond: Math.round(checkouts / paid.seconds),
      p50Ms: percentile(paid.latencies, 0.5),
      p95Ms: percentile(paid.latencies, 0.95),
    });
    const journeys = Math.round(checkouts / 2);
    const whole = await concurrently(journeys, connections, async (index) => {
      const base = baseOf(index);
      await payCheckout(base, await preparedCheckout(base, products[index % 100]!, 100_000 + index));
    });
    result.throughput.push({
      name: `whole journeys: add to cart, checkout, card token, pay (${connections} connections)`,
      completed: journeys,
      perSecond: Math.round(journeys / whole.seconds),
      p50Ms: percentile(whole.latencies, 0.5),
      p95Ms: percentile(whole.latencies, 0.95),
    });
    result.notes.push(
      `${servers.length} server process(es)${scratch ? ', one of them working the queues' : ''}; the load generator is this process.`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await scratch?.drop();
  }
  return result;
}

export function printEcomBench(result: EcomBenchResult): void {
  console.log('Commerce: add to cart (official client), statements per cart size, paid checkouts per second');
  console.table(
    result.latencies.map((figure) => ({
      benchmark: figure.name,
      runs: figure.runs,
      'p50 ms': figure.p50Ms,
      'p95 ms': figure.p95Ms,
      'target p50 ms': figure.targetMs ?? '',
    })),
  );
  if (result.statements.length > 0) {
    console.log('SQL statements per call, a cart of 1 line against a cart of 100 lines');
    console.table(
      result.statements.map((row) => ({
        step: row.step,
        '1 line': row.oneLine,
        '100 lines': row.hundredLines,
      })),
    );
  }
  console.table(
    result.throughput.map((row) => ({
      benchmark: row.name,
      completed: row.completed,
      'per second': row.perSecond,
      'p50 ms': row.p50Ms,
      'p95 ms': row.p95Ms,
    })),
  );
  for (const note of result.notes) console.log(note);
}
