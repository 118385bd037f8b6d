// What every benchmark shares: a scratch PostgreSQL database, percentiles, and a measured loop.
import { randomUUID } from 'node:crypto';

export function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]! * 100) / 100;
}

export async function measure(
  name: string,
  runs: number,
  work: (run: number) => Promise<unknown>,
  targetMs?: number,
) {
  for (let run = 0; run < 5; run += 1) await work(run); // warm-up: JIT and buffer caches
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work(run);
    samples.push(performance.now() - started);
  }
  return { name, runs, p50Ms: percentile(samples, 0.5), p95Ms: percentile(samples, 0.95), targetMs };
}

/** A database of its own on the PostgreSQL server at `serverUrl`, dropped by `drop`. */
export async function createScratchDatabase(serverUrl: string) {
  const pg = (await import('pg')).default;
  const name = `atrium_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
