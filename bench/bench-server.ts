// The benchmarks' server processes (app-server.ts, forked as a deployment would run them), and the fetch
// detour that lets the official clients in the load generator reach them.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ServerMessage } from './app-server.ts';
import { devCallerHeader } from '../apps/server/src/platform/http/dev-authenticator.ts';

const root = path.resolve(import.meta.dirname, '..');

export interface BenchServer {
  child: ChildProcess;
  url: string;
  /** The statements this process's pg clients sent and its CPU time so far. */
  stats(): Promise<Extract<ServerMessage, { type: 'stats' }>>;
  /** Runs SQL on the server's database (bulk set-up): the only way in to its in-memory PGlite. */
  sql<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
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
  const waiters: Array<{ resolve: (message: ServerMessage) => void; reject: (error: Error) => void }> = [];
  child.on('message', (message: ServerMessage) => waiters.shift()?.resolve(message));
  // One exit listener for every waiter (one each left a listener per statement behind).
  child.once('exit', (code) => {
    for (const waiter of waiters.splice(0)) waiter.reject(new Error(`bench server exited (${code})`));
  });
  const next = () => new Promise<ServerMessage>((resolve, reject) => waiters.push({ resolve, reject }));
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
    async sql(text, values) {
      const reply = next();
      child.send({ type: 'sql', text, values });
      const done = (await reply) as Extract<ServerMessage, { type: 'sql-done' }>;
      if (done.error) throw new Error(`bench SQL failed: ${done.error}`);
      return (done.rows ?? []) as never[];
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

/**
 * The default site of a bench server, an API key of its owner with every scope (made through the development
 * header, as the owner's dashboard would), and the site's OAuth client for visitors.
 */
export async function ownerCredentials(base: string, keyName: string) {
  const owner = { [devCallerHeader]: 'WIX_USER:OWNER', 'content-type': 'application/json' };
  const site = (await (await fetch(`${base}/sites/v1/site`, { headers: owner })).json()) as {
    site: { id: string };
  };
  const created = await fetch(`${base}/identity/v1/api-keys`, {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({ name: keyName, scopes: ['*'] }),
  });
  if (created.status !== 200) throw new Error(`api key: ${created.status} ${await created.text()}`);
  const { key } = (await created.json()) as { key: string };
  const clients = await fetch(`${base}/identity/v1/oauth-clients`, { headers: owner });
  const { clients: list } = (await clients.json()) as { clients: Array<{ clientId: string }> };
  return { siteId: site.site.id, apiKey: key, clientId: list[0]!.clientId };
}
