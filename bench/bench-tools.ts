// What every benchmark shares: a scratch PostgreSQL database, percentiles, a measured loop, and CPU time
// read per process (the servers', PostgreSQL's) so a figure can be told apart from the machine's load.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

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
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** CPU seconds of this database's PostgreSQL backends and the server's WAL writer (local server only). */
export function postgresCpuMicros(databaseName: string | undefined): number | undefined {
  if (!databaseName || process.platform !== 'linux') return undefined;
  const ticksPerSecond = 100;
  let total = 0;
  let found = false;
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.startsWith('postgres:')) continue;
      if (!command.includes(` ${databaseName} `) && !command.includes('walwriter')) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += Number(fields[11]) + Number(fields[12]);
      found = true;
    } catch {
      // The process ended while being read.
    }
  }
  return found ? (total / ticksPerSecond) * 1_000_000 : undefined;
}

/** The machine's CPU time so far, and how much of it the host took for itself (steal), in clock ticks. */
export function machineTicks(): { total: number; steal: number } {
  if (process.platform !== 'linux') return { total: 0, steal: 0 };
  const fields = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { total: fields.slice(0, 8).reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
}
