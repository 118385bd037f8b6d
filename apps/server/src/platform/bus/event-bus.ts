import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  PgBoss,
  fromDrizzle,
  fromPglite,
  type ConstructorOptions,
  type Db,
  type DrizzleTransactionLike,
  type Job,
  type JobResult,
} from 'pg-boss';
import { executeRows, type Database, type Tx } from '../db/database.ts';
import { handledEvents } from './bus.tables.ts';
import type { EventBus, EventEnvelope, JobOptions, ScheduledJob } from './types.ts';

/** Knobs with production defaults; tests shorten the waits. */
export interface EventBusTuning {
  /** Seconds between fetches when no NOTIFY wakes the worker (retries and deferred jobs wait for it). */
  pollingIntervalSeconds: number;
  /** Jobs fetched at once; a full batch is followed by the next fetch at once (burst). */
  batchSize: number;
  /** Retries of a failed event delivery, `retryDelaySeconds * 2^n` apart (with jitter, capped). */
  eventRetryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /**
   * How long one batch of event deliveries may run. It is also how soon events held by a process that
   * died are delivered elsewhere, so it is minutes, not pg-boss's 15.
   */
  eventExpireInSeconds: number;
  /** Defaults of `defineJob` (each job kind may override them). */
  jobRetryLimit: number;
  jobExpireInSeconds: number;
  /** Handler transactions in flight at once in this process (each holds a database connection). */
  handlerConcurrency: number;
  /** How long `stop` waits for running handlers before failing them back to the queue. */
  stopTimeoutMs: number;
  /** How long a handled-event record is kept (far beyond any job's retention in the queue). */
  handledRetentionDays: number;
  /** How long the subscription table, read by `emit`, is reused before it is read again. */
  subscriptionTtlMs: number;
}

export interface EventBusOptions {
  database: Database;
  log: FastifyBaseLogger;
  /**
   * Whether this process works the queues (event handlers, jobs, cron, queue maintenance). Every
   * process can emit and schedule; `WORKER_ENABLED=false` makes a web-only process.
   */
  work: boolean;
  tuning?: Partial<EventBusTuning>;
}

export type QueueHealth = 'ok' | 'stopped' | 'unavailable';

export interface PgBossEventBus extends EventBus {
  /** For /readyz: whether the queue's database answers. */
  health(): Promise<QueueHealth>;
  /** The queue that carries one handler's deliveries (tests use it to deliver a duplicate). */
  eventQueueName(eventName: string, handlerName: string): string;
  /** The underlying pg-boss instance once started; infrastructure and tests only. */
  readonly boss: PgBoss | undefined;
}

const bossSchema = 'pgboss';
const namePattern = /^[\w.-]+$/;
const purgeCronName = 'events.purge-handled';

function defaultTuning(database: Database): EventBusTuning {
  return {
    pollingIntervalSeconds: 2,
    batchSize: 20,
    eventRetryLimit: 10,
    retryDelaySeconds: 2,
    retryDelayMaxSeconds: 900,
    eventExpireInSeconds: 120,
    jobRetryLimit: 5,
    jobExpireInSeconds: 600,
    // PGlite runs one transaction at a time anyway; on PostgreSQL leave most of the pool to requests.
    handlerConcurrency: database.kind === 'pglite' ? 1 : 4,
    stopTimeoutMs: 10_000,
    handledRetentionDays: 30,
    subscriptionTtlMs: 5000,
  };
}

function assertName(kind: string, name: string): void {
  if (!namePattern.test(name)) {
    throw new Error(`${kind} "${name}" may contain only letters, digits, "_", "-" and "."`);
  }
}

/** Bounds the handler transactions in flight; a freed slot is handed straight to the next waiter. */
function createLimiter(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function limit<T>(work: () => Promise<T>): Promise<T> {
    if (active < max) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

/** Named (server-side prepared) statements per pg-boss statement text; a bound keeps odd texts unnamed. */
const statementNames = new Map<string, string>();
const maxStatementNames = 64;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < maxStatementNames) {
    name = `pgboss_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * pg-boss's statements (`$1..$n` text) run through the caller's transaction. They go straight to the
 * transaction's driver client: pg-boss's Drizzle adapter would re-split every statement's text into a
 * Drizzle `sql` object and build it again, which costs more CPU than the insert itself. On PostgreSQL
 * they are named, so each connection parses and plans a job insert once. A driver client Drizzle does
 * not expose (never seen) falls back to that adapter.
 */
function transactionDb(tx: Tx): Db {
  const client = (tx as unknown as { session?: { client?: DriverClient } }).session?.client;
  if (!client || typeof client.query !== 'function') {
    // Drizzle types `execute()` loosely, hence the cast.
    return fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
  }
  const named = 'release' in client;
  return {
    async executeSql(text, values) {
      const result = named
        ? await client.query({ name: statementName(text), text, values })
        : await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

/** What node-postgres's pool client and PGlite's transaction have in common. */
interface DriverClient {
  query(
    text: string | { name?: string; text: string; values?: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss on PGlite's one connection. Inside `emit` or `schedule` pg-boss may still run a statement
 * of its own (a queue it has not cached yet is looked up first); on the plain connection that
 * statement would wait for the caller's open transaction, which waits for it: a frozen database. So
 * while a send for a caller runs, this adapter sends pg-boss's own statements through the caller's
 * transaction too. Background work (polling, maintenance) carries no caller and keeps the connection.
 */
function pgliteDb(pglite: NonNullable<Database['pglite']>, caller: AsyncLocalStorage<Db>): Db {
  const connection = fromPglite(pglite);
  return {
    ...connection,
    executeSql: (text, values) => (caller.getStore() ?? connection).executeSql(text, values),
  };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Deletes handled-event records older than `before`, in chunks so no statement holds locks for long. */
export async function purgeHandledEvents(database: Database, before: Date): Promise<number> {
  const chunk = 5000;
  let total = 0;
  for (;;) {
    const rows = await executeRows<{ handler: string }>(
      database.db,
      sql`DELETE FROM ${handledEvents} WHERE (handler, event_id) IN (
            SELECT handler, event_id FROM ${handledEvents} WHERE handled_date < ${before} LIMIT ${chunk}
          ) RETURNING handler`,
    );
    total += rows.length;
    if (rows.length < chunk) return total;
  }
}

interface Subscription {
  eventName: string;
  queue: string;
  handler: (event: EventEnvelope<unknown>, tx: Tx) => Promise<void>;
}

interface JobKind {
  name: string;
  queue: string;
  handler: (job: ScheduledJob<unknown>) => Promise<void>;
  retryLimit: number;
  expireInSeconds: number;
}

interface CronEntry {
  queue: string;
  schedule: string;
  handler: () => Promise<void>;
}

interface JobPayload {
  siteId: string;
  data: unknown;
}

/**
 * The event bus on pg-boss, on both databases. PGlite: pg-boss runs its statements through PGlite's
 * single connection (`fromPglite`), and every statement made for a caller goes through the caller's
 * Drizzle transaction (`fromDrizzle`, and `pgliteDb` for pg-boss's own look-ups): a statement outside
 * it would wait for that transaction to end, which never happens. PostgreSQL: pg-boss keeps its own
 * small pool and a LISTEN connection, so a new job wakes the workers of every process at once instead
 * of at the next poll.
 *
 * Each (event, handler) pair has its own queue, subscribed in pg-boss's subscription table: a handler
 * that keeps failing is retried alone, and an event emitted by any process reaches every handler any
 * process has subscribed.
 */
export function createEventBus(options: EventBusOptions): PgBossEventBus {
  const { database, log, work } = options;
  const tuning = { ...defaultTuning(database), ...options.tuning };
  const limit = createLimiter(tuning.handlerConcurrency);
  const subscriptions = new Map<string, Subscription>();
  const jobKinds = new Map<string, JobKind>();
  const crons = new Map<string, CronEntry>();
  const observers = new Map<string, (tx: Tx, events: ReadonlyArray<EventEnvelope>) => Promise<void>>();
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  const callerTransaction = new AsyncLocalStorage<Db>();

  const eventQueueName = (eventName: string, handlerName: string) => `events/${eventName}/${handlerName}`;

  // The subscription table rather than this process's handlers: a handler another process (or a newer
  // release during a rolling deploy) subscribed still gets the event. It is read once per
  // `subscriptionTtlMs`, not per emit (one statement fewer in every change's transaction), so a
  // subscription made elsewhere reaches this process's emits that much later: the same as subscribing
  // a few seconds later. This process's own subscriptions are in the table before the bus starts.
  let routesCache: { routes: Array<{ event: string; queue: string }>; at: number } | undefined;
  async function subscriptionsOf(db: Db) {
    const now = Date.now();
    if (routesCache && now - routesCache.at < tuning.subscriptionTtlMs) return routesCache.routes;
    const { rows } = await db.executeSql(`SELECT event, name FROM ${bossSchema}.subscription`);
    const routes = (rows as Array<{ event: string; name: string }>).map((row) => ({
      event: row.event,
      queue: row.name,
    }));
    routesCache = { routes, at: now };
    return routes;
  }

  const eventQueueOptions = () => ({
    retryLimit: tuning.eventRetryLimit,
    retryDelay: tuning.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: tuning.retryDelayMaxSeconds,
    expireInSeconds: tuning.eventExpireInSeconds,
  });

  const jobQueueOptions = (kind: JobKind) => ({
    retryLimit: kind.retryLimit,
    retryDelay: tuning.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: tuning.retryDelayMaxSeconds,
    expireInSeconds: kind.expireInSeconds,
  });

  const workOptions = (batchSize: number) => ({
    batchSize,
    // Without this a worker waits out the polling interval after every fetch (about 2 jobs/s).
    burstWhenBatchFull: true,
    perJobResults: true as const,
    pollingIntervalSeconds: tuning.pollingIntervalSeconds,
    // NOTIFY wakes workers for new jobs only; retries and deferred jobs become due silently, so the
    // poll stays as brisk as without NOTIFY (pg-boss would relax it to 30 s).
    notifyPollingIntervalSeconds: tuning.pollingIntervalSeconds,
  });

  function assertCanRegister(what: string): void {
    if (boss || starting) throw new Error(`${what} must be registered before the event bus starts`);
  }

  function requireBoss(): PgBoss {
    if (!boss) throw new Error('The event bus is not started: emit and schedule only once the app is ready');
    return boss;
  }

  function createBoss(): PgBoss {
    const common: ConstructorOptions = {
      schema: bossSchema,
      // Listening, maintenance and cron belong where the queues are worked; a web-only process sends.
      useListenNotify: work,
      supervise: work,
      schedule: work,
    };
    if (database.kind === 'pglite') {
      if (!database.pglite) throw new Error('PGlite database without its client');
      return new PgBoss({
        ...common,
        backend: 'pglite',
        db: pgliteDb(database.pglite, callerTransaction),
        // Index rebuilds and vacuum monitoring are server concerns; on the embedded database they
        // only block the one connection.
        reindex: false,
        monitorVacuum: false,
      });
    }
    if (!database.connectionString) throw new Error('PostgreSQL database without a connection string');
    return new PgBoss({
      ...common,
      connectionString: database.connectionString,
      max: Math.max(2, tuning.handlerConcurrency),
      application_name: 'atrium-jobs',
    });
  }

  async function deliverEvent(subscription: Subscription, job: Job<EventEnvelope>): Promise<JobResult> {
    const envelope = job.data;
    try {
      await limit(() =>
        database.transaction(async (tx) => {
          // The record and the handler's writes commit together: a concurrent duplicate waits on this
          // row's key and then finds it, a failed run leaves nothing behind.
          const claimed = await tx
            .insert(handledEvents)
            .values({ handler: subscription.queue, eventId: envelope.id })
            .onConflictDoNothing()
            .returning({ eventId: handledEvents.eventId });
          if (claimed.length === 0) return;
          await subscription.handler(envelope, tx);
        }),
      );
      return { id: job.id, status: 'completed' };
    } catch (error) {
      log.warn(
        {
          err: error,
          event: envelope.name,
          eventId: envelope.id,
          queue: subscription.queue,
          attempt: job.retryCount + 1,
        },
        'event handler failed; it will be retried with backoff until its retry limit',
      );
      return { id: job.id, status: 'failed', output: { message: errorMessage(error) } };
    }
  }

  async function runJob(kind: JobKind, job: Job<JobPayload>): Promise<JobResult> {
    try {
      await kind.handler({ id: job.id, name: kind.name, siteId: job.data.siteId, data: job.data.data });
      return { id: job.id, status: 'completed' };
    } catch (error) {
      log.warn({ err: error, queue: kind.queue, jobId: job.id, attempt: job.retryCount + 1 }, 'job failed');
      return { id: job.id, status: 'failed', output: { message: errorMessage(error) } };
    }
  }

  async function startWorkers(instance: PgBoss): Promise<void> {
    for (const subscription of subscriptions.values()) {
      await instance.work<EventEnvelope>(subscription.queue, workOptions(tuning.batchSize), (jobs) =>
        Promise.all(jobs.map((job) => deliverEvent(subscription, job))),
      );
    }
    for (const kind of jobKinds.values()) {
      // Jobs hold no transaction, so a batch runs side by side; its expiry bounds the slowest one.
      await instance.work<JobPayload>(kind.queue, workOptions(Math.min(tuning.batchSize, 5)), (jobs) =>
        Promise.all(jobs.map((job) => runJob(kind, job))),
      );
    }
    for (const entry of crons.values()) {
      await instance.schedule(entry.queue, entry.schedule, null, { tz: 'UTC' });
      await instance.work(entry.queue, workOptions(2), (jobs) =>
        Promise.all(
          jobs.map(async (job): Promise<JobResult> => {
            try {
              await entry.handler();
              return { id: job.id, status: 'completed' };
            } catch (error) {
              log.warn({ err: error, queue: entry.queue }, 'cron run failed');
              return { id: job.id, status: 'failed', output: { message: errorMessage(error) } };
            }
          }),
        ),
      );
    }
  }

  async function doStart(): Promise<void> {
    if (!work && database.kind === 'pglite') {
      // The embedded database belongs to this one process, so no other process can work its queue.
      log.warn('WORKER_ENABLED is false on the embedded database: events and jobs will wait unprocessed');
    }
    routesCache = undefined;
    const instance = createBoss();
    // pg-boss reports background failures as events; an EventEmitter 'error' without a listener
    // would crash the process.
    instance.on('error', (error) => log.error({ err: error }, 'job queue error'));
    instance.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
    await instance.start();
    try {
      for (const subscription of subscriptions.values()) {
        await instance.createQueue(subscription.queue, { ...eventQueueOptions(), notify: true });
        await instance.subscribe(subscription.eventName, subscription.queue);
      }
      for (const kind of jobKinds.values()) {
        // `short`: at most one waiting job per singletonKey (unkeyed jobs get a key of their own).
        await instance.createQueue(kind.queue, { ...jobQueueOptions(kind), policy: 'short', notify: true });
      }
      for (const entry of crons.values()) {
        await instance.createQueue(entry.queue, { retryLimit: 2, retryDelay: 30, expireInSeconds: 3600 });
      }
      if (work) await startWorkers(instance);
    } catch (error) {
      await instance.stop({ graceful: false }).catch(() => undefined);
      throw error;
    }
    boss = instance;
  }

  const bus: PgBossEventBus = {
    get boss() {
      return boss;
    },
    eventQueueName,

    subscribe(eventName, handlerName, handler) {
      assertName('Event name', eventName);
      assertName('Handler name', handlerName);
      assertCanRegister(`Handler "${handlerName}" of "${eventName}"`);
      const queue = eventQueueName(eventName, handlerName);
      if (subscriptions.has(queue))
        throw new Error(`Handler "${handlerName}" of "${eventName}" is registered twice`);
      subscriptions.set(queue, { eventName, queue, handler: handler as Subscription['handler'] });
    },

    defineJob(name, handler, jobOptions: JobOptions = {}) {
      assertName('Job name', name);
      assertCanRegister(`Job "${name}"`);
      if (jobKinds.has(name)) throw new Error(`Job "${name}" is defined twice`);
      jobKinds.set(name, {
        name,
        queue: `jobs/${name}`,
        handler: handler as JobKind['handler'],
        retryLimit: jobOptions.retryLimit ?? tuning.jobRetryLimit,
        expireInSeconds: jobOptions.expireInSeconds ?? tuning.jobExpireInSeconds,
      });
    },

    observe(observerName, observer) {
      assertName('Observer name', observerName);
      assertCanRegister(`Observer "${observerName}"`);
      if (observers.has(observerName)) throw new Error(`Observer "${observerName}" is registered twice`);
      observers.set(observerName, observer);
    },

    cron(name, schedule, handler) {
      assertName('Cron name', name);
      assertCanRegister(`Cron "${name}"`);
      if (crons.has(name)) throw new Error(`Cron "${name}" is defined twice`);
      crons.set(name, { queue: `cron/${name}`, schedule, handler });
    },

    async emit(tx, event) {
      const [id] = await bus.emitMany(tx, [event]);
      return id!;
    },

    async emitMany(tx, events) {
      const instance = requireBoss();
      const occurredAt = new Date().toISOString();
      const envelopes: EventEnvelope[] = events.map((event) => ({
        id: randomUUID(),
        name: event.name,
        siteId: event.siteId,
        occurredAt,
        data: event.data,
      }));
      if (envelopes.length === 0) return [];
      const db = transactionDb(tx);
      const routes = await subscriptionsOf(db);
      const names = new Set(envelopes.map((envelope) => envelope.name));
      const options = eventQueueOptions();
      await callerTransaction.run(db, async () => {
        for (const { event, queue } of routes.filter((route) => names.has(route.event))) {
          const jobs = envelopes
            .filter((envelope) => envelope.name === event)
            .map((envelope) => ({ ...options, data: envelope as unknown as object }));
          // Bounded statements: one huge JSON parameter would hold the PGlite thread for long.
          for (let offset = 0; offset < jobs.length; offset += 500) {
            await instance.insert(queue, jobs.slice(offset, offset + 500), { db });
          }
        }
      });
      for (const observer of observers.values()) await observer(tx, envelopes);
      return envelopes.map((envelope) => envelope.id);
    },

    async schedule(tx, job) {
      const instance = requireBoss();
      const kind = jobKinds.get(job.name);
      if (!kind) throw new Error(`Job "${job.name}" is not defined (defineJob)`);
      const payload: JobPayload = { siteId: job.siteId, data: job.data };
      const send = (db?: Db) =>
        instance.send(kind.queue, payload as unknown as object, {
          ...jobQueueOptions(kind),
          ...(job.runAt ? { startAfter: job.runAt } : {}),
          singletonKey: job.singletonKey ?? randomUUID(),
          ...(db ? { db } : {}),
        });
      if (!tx) return send();
      const db = transactionDb(tx);
      return callerTransaction.run(db, () => send(db));
    },

    async start() {
      if (boss) return;
      starting ??= doStart().finally(() => {
        starting = undefined;
      });
      await starting;
    },

    async stop() {
      if (starting) await starting.catch(() => undefined);
      const instance = boss;
      if (!instance) return;
      boss = undefined;
      await instance.stop({ graceful: true, timeout: tuning.stopTimeoutMs, close: true });
    },

    async health() {
      const instance = boss;
      if (!instance) return 'stopped';
      try {
        await instance.getDb().executeSql('SELECT 1');
        return 'ok';
      } catch {
        return 'unavailable';
      }
    },
  };

  // Handled-event records outlive every job that could redeliver them; past that they are dead weight.
  bus.cron(purgeCronName, '17 3 * * *', async () => {
    const before = new Date(Date.now() - tuning.handledRetentionDays * 24 * 3600 * 1000);
    const deleted = await purgeHandledEvents(database, before);
    if (deleted > 0) log.info({ deleted }, 'purged old handled-event records');
  });

  return bus;
}
