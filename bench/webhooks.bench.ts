// Webhook deliveries per second to a local receiver, and the time from an event's commit to its first
// attempt, with two server processes (app-server.ts, both working the queues) on one PostgreSQL.
//
// Throughput: bulk inserts of data items (one event per item), each event delivered to one
// subscription; deliveries per second from the first to the last arrival, per round. Latency: single
// inserts at a steady rate through both servers; the latency of a delivery is its arrival minus the
// event's createdDate (set when the event is written, just before the commit, so it is a little longer
// than commit-to-attempt). `npm run bench -- webhooks` with DATABASE_URL naming a PostgreSQL server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { devCallerHeader } from '../apps/server/src/platform/http/dev-authenticator.ts';
import { createScratchDatabase, percentile } from './bench-tools.ts';
import { startBenchServer, type BenchServer } from './bench-server.ts';

const owner = { [devCallerHeader]: 'WIX_USER:OWNER', 'content-type': 'application/json' };
const rounds = 3;
const itemsPerRound = 2000;
const steadyRatePerSecond = 50;
const steadySeconds = 10;

export interface WebhooksBenchResult {
  throughputPerSecond: number[];
  latencyP50Ms: number;
  latencyP95Ms: number;
  steadyDeliveries: number;
  duplicates: number;
}

async function call(base: string, method: string, route: string, body: unknown) {
  const response = await fetch(`${base}${route}`, { method, headers: owner, body: JSON.stringify(body) });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200)
    throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Records each delivery's arrival and its event's createdDate; answers 204 at once. */
async function startReceiver() {
  const arrivals: Array<{ id: string; receivedAt: number; createdAt: number }> = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const envelope = JSON.parse(body) as { createdDate: string };
      arrivals.push({
        id: String(request.headers['webhook-id']),
        receivedAt: Date.now(),
        createdAt: Date.parse(envelope.createdDate),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

async function waitForArrivals(arrivals: unknown[], count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (arrivals.length < count) {
    if (Date.now() > deadline) throw new Error(`only ${arrivals.length} of ${count} deliveries arrived`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function runWebhooksBench(): Promise<WebhooksBenchResult | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log('The webhooks benchmark needs two server processes on PostgreSQL: set DATABASE_URL.');
    return undefined;
  }
  const scratch = await createScratchDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
  await migrateDatabase(database);
  await database.close();
  const receiver = await startReceiver();
  const servers: BenchServer[] = [];
  try {
    const [a, b] = await Promise.all([
      startBenchServer({ databaseUrl: scratch.url, worker: true }),
      startBenchServer({ databaseUrl: scratch.url, worker: true }),
    ]);
    servers.push(a, b);
    await call(a.url, 'POST', '/data/v2/collections', {
      collection: { id: 'Bench', fields: [{ key: 'n', type: 'NUMBER' }] },
    });
    await call(a.url, 'POST', '/webhooks/v1/subscriptions', {
      subscription: { url: receiver.url, eventTypes: ['data_item_created'] },
    });
    // The emitting processes read pg-boss's subscription table once per 5 s; let the new job queue reach them.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const throughputPerSecond: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const before = receiver.arrivals.length;
      // Two bulk calls of half the round each, one per server, side by side.
      await Promise.all(
        [a, b].map((server) =>
          call(server.url, 'POST', '/data/v2/bulk/items/insert', {
            dataCollectionId: 'Bench',
            dataItems: Array.from({ length: itemsPerRound / 2 }, (_, n) => ({ data: { n } })),
          }),
        ),
      );
      await waitForArrivals(receiver.arrivals, before + itemsPerRound, 120_000);
      const arrived = receiver.arrivals.slice(before);
      const first = Math.min(...arrived.map((arrival) => arrival.createdAt));
      const last = Math.max(...arrived.map((arrival) => arrival.receivedAt));
      throughputPerSecond.push(Math.round((itemsPerRound / (last - first)) * 1000));
    }

    const before = receiver.arrivals.length;
    const total = steadyRatePerSecond * steadySeconds;
    const started = Date.now();
    const inserts: Array<Promise<unknown>> = [];
    for (let n = 0; n < total; n += 1) {
      const due = started + (n * 1000) / steadyRatePerSecond;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      inserts.push(
        call(n % 2 === 0 ? a.url : b.url, 'POST', '/data/v2/items', {
          dataCollectionId: 'Bench',
          dataItem: { data: { n } },
        }),
      );
    }
    await Promise.all(inserts);
    await waitForArrivals(receiver.arrivals, before + total, 60_000);
    const steady = receiver.arrivals.slice(before);
    const latencies = steady.map((arrival) => arrival.receivedAt - arrival.createdAt);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const ids = receiver.arrivals.map((arrival) => arrival.id);
    return {
      throughputPerSecond,
      latencyP50Ms: percentile(latencies, 0.5),
      latencyP95Ms: percentile(latencies, 0.95),
      steadyDeliveries: steady.length,
      duplicates: ids.length - new Set(ids).size,
    };
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    await receiver.close();
    await scratch.drop();
  }
}

export function printWebhooksBench(result: WebhooksBenchResult | undefined): void {
  if (!result) return;
  const sorted = [...result.throughputPerSecond].sort((x, y) => x - y);
  console.log('Webhooks: two server processes on PostgreSQL, one local receiver');
  console.table([
    {
      figure: `deliveries/s (bulk rounds of ${itemsPerRound})`,
      median: sorted[Math.floor(sorted.length / 2)],
      rounds: result.throughputPerSecond.join(', '),
      goal: '≥ 200',
    },
    {
      figure: `commit to first attempt, ms (${steadyRatePerSecond} events/s for ${steadySeconds} s)`,
      median: result.latencyP50Ms,
      rounds: `p95 ${result.latencyP95Ms}`,
      goal: 'p95 ≤ 2000',
    },
  ]);
  console.log(`Duplicate webhook-ids at the receiver: ${result.duplicates}`);
}
