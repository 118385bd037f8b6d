import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { devCallerHeader } from '../apps/server/src/platform/http/dev-authenticator.ts';

export interface BenchFigure {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

async function measure(url: string, headers: Record<string, string>, name: string): Promise<BenchFigure> {
  // A short warm-up so the JIT and the database caches settle before measuring.
  await autocannon({ url, headers, connections: 10, duration: 2 });
  const result = await autocannon({ url, headers, connections: 10, duration: 8 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

/** Request overhead: a trivial JSON route, and a route whose work is one one-row database read. */
export async function runHttpOverheadBench(): Promise<BenchFigure[]> {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, poolSize: 10 });
  const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent' }), database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    return [
      await measure(`${address}/healthz`, {}, 'GET /healthz (trivial JSON)'),
      await measure(
        `${address}/sites/v1/site`,
        { [devCallerHeader]: 'WIX_USER:OWNER' },
        'GET /sites/v1/site (one-row read)',
      ),
    ];
  } finally {
    await app.close();
    await database.close();
  }
}
