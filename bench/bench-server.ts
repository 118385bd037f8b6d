// The benchmarks' server processes (app-server.ts, forked as a deployment would run them), and the fetch
// detour that lets the official clients in the load generator reach them.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ServerMessage } from './app-server.ts';

const root = path.resolve(import.meta.dirname, '..');

export interface BenchServer {
  child: ChildProcess;
  url: string;
  /** The statements this process's pg clients sent and its CPU time so far. */
  stats(): Promise<Extract<ServerMessage, { type: 'stats' }>>;
  stop(): Promise<void>;
}

/** One server process on `databaseUrl` (undefined: its own in-memory PGlite), listening on a free port. */
export async function startBenchServer(options: {
  databaseUrl: string | undefined;
  /** Whether this process works the job queues (one per deployment does). */
  worker: boolean;
  poolSize?: number;
}): Promise<BenchServer> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = fork(
    path.join(root, 'apps/server/bin/run-ts.mjs'),
    [path.join(root, 'bench/app-server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        BENCH_DATABASE_URL: options.databaseUrl ?? '',
        BENCH_WORKER: String(options.worker),
        BENCH_POOL_SIZE: String(options.poolSize ?? 10),
      },
      execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const waiters: Array<(message: ServerMessage) => void> = [];
  child.on('message', (message: ServerMessage) => waiters.shift()?.(message));
  const next = () =>
    new Promise<ServerMessage>((resolve, reject) => {
      waiters.push(resolve);
      child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
  const listening = await next();
  if (listening.type !== 'listening') throw new Error('bench server did not start');
  return {
    child,
    url: listening.url,
    async stats() {
      const reply = next();
      child.send({ type: 'stats' });
      return (await reply) as Extract<ServerMessage, { type: 'stats' }>;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    },
  };
}

/**
 * The official clients always call the hosted API host; this hands those requests to Atrium at `base`, as a
 * DNS entry and a TLS-terminating proxy would. Returns the function that puts the process's fetch back.
 */
export function sendOfficialHostTo(base: string): () => void {
  const originalFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!url.hostname.endsWith('wixapis.com')) return originalFetch(request);
    return originalFetch(new Request(`${base}${url.pathname}${url.search}`, request));
  };
  return () => {
    globalThis.fetch = originalFetch;
  };
}
