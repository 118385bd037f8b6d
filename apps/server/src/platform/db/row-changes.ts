import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Committed changes of a few small, hot tables (API keys, data collections), as the database announces
 * them: a trigger on each (migration 0037) calls `pg_notify('atrium_row_changes', '<table>:<key>')` in
 * the writing transaction, so every process hears of a change when it commits, whoever wrote it (a
 * route, a restore, a site's deletion cascading, another process). Per-process caches of those rows
 * (`createRowCache`) listen here; the first one to subscribe starts the listening, and until it listens
 * they keep nothing.
 */
export const rowChangesChannel = 'atrium_row_changes';

export interface RowChangeListener {
  /** One row of the table changed; `key` is what its trigger names it by (`<site id>/<id>`, `<id>`). */
  changed(table: string, key: string): void;
  /** Notices may have been missed (the listening connection was lost): forget everything. */
  lost(): void;
}

export interface RowChanges {
  /** True while notices are heard; a cache keeps nothing otherwise. */
  readonly listening: boolean;
  subscribe(listener: RowChangeListener): () => void;
  close(): Promise<void>;
}

const reconnectDelayMs = 1_000;

function dispatch(listeners: Set<RowChangeListener>, payload: string) {
  const separator = payload.indexOf(':');
  if (separator < 0) return;
  const table = payload.slice(0, separator);
  const key = payload.slice(separator + 1);
  for (const listener of listeners) listener.changed(table, key);
}

/** The embedded database: one connection, so a notice arrives with the result of the statement that committed. */
export function pgliteRowChanges(client: PGlite): RowChanges {
  const listeners = new Set<RowChangeListener>();
  let listening = false;
  let unlisten: (() => Promise<void>) | undefined;
  let started: Promise<void> | undefined;
  return {
    get listening() {
      return listening;
    },
    subscribe(listener) {
      listeners.add(listener);
      started ??= client
        .listen(rowChangesChannel, (payload) => dispatch(listeners, payload))
        .then((stop) => {
          unlisten = stop;
          listening = true;
        })
        .catch(() => undefined);
      return () => listeners.delete(listener);
    },
    async close() {
      await started;
      listening = false;
      await unlisten?.().catch(() => undefined);
    },
  };
}

/**
 * PostgreSQL: one connection of its own that only listens. When it is lost, every cache forgets what it
 * holds and keeps nothing until a new connection listens again.
 */
export function postgresRowChanges(connectionString: string): RowChanges {
  const listeners = new Set<RowChangeListener>();
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lose = () => {
    if (!listening) return;
    listening = false;
    for (const listener of listeners) listener.lost();
  };

  async function connect() {
    if (closed) return;
    const next = new pg.Client({ connectionString });
    next.on('error', () => undefined);
    next.on('notification', (message) => {
      if (message.channel === rowChangesChannel && message.payload) dispatch(listeners, message.payload);
    });
    next.on('end', () => {
      if (client !== next) return;
      client = undefined;
      lose();
      if (!closed) retry = setTimeout(() => void connect(), reconnectDelayMs);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${rowChangesChannel}`);
    } catch {
      await next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), reconnectDelayMs);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    listening = true;
  }

  let started: Promise<void> | undefined;
  return {
    get listening() {
      return listening;
    },
    subscribe(listener) {
      listeners.add(listener);
      started ??= connect();
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await started;
      listening = false;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

export interface RowCache<V> {
  /** The cached value, or what `load` finds (kept unless a change came in while it was loading). */
  get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined>;
  /** This process changed the row: forget it now rather than when the notice comes. */
  forget(key: string): void;
}

/**
 * Rows of one table kept in this process until the database says they changed. `maxAgeMs` bounds how long
 * an entry lives anyway, and `maxEntries` how many are kept (the oldest go first).
 */
export function createRowCache<V>(
  changes: RowChanges,
  table: string,
  options: { maxAgeMs?: number; maxEntries?: number } = {},
): RowCache<V> {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { value: V; expires: number }>();
  // Any change (of any row) makes loads already under way unkeepable: they may have read the old row.
  let generation = 0;
  const forget = (key: string) => {
    generation += 1;
    entries.delete(key);
  };
  changes.subscribe({
    changed(changedTable, key) {
      if (changedTable === table) forget(key);
    },
    lost() {
      generation += 1;
      entries.clear();
    },
  });
  return {
    async get(key, load) {
      const now = performance.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (!changes.listening) return load();
      const started = generation;
      const value = await load();
      if (value === undefined || started !== generation || !changes.listening) return value;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expires: now + maxAgeMs });
      return value;
    },
    forget,
  };
}
