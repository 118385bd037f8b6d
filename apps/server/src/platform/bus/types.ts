import type { Tx } from '../db/database.ts';

/** A domain event as handlers receive it. Names follow `<module>.<entity>.<past-tense verb>`. */
export interface EventEnvelope<Data = unknown> {
  /** Unique per event; handlers are idempotent by it. */
  id: string;
  name: string;
  siteId: string;
  occurredAt: string;
  data: Data;
}

export interface ScheduledJob<Data = unknown> {
  id: string;
  name: string;
  siteId: string;
  data: Data;
}

export interface JobOptions {
  /** How many times a failed run is retried (with exponential backoff). */
  retryLimit?: number;
  /** How long one run may take before it counts as failed and is retried elsewhere. */
  expireInSeconds?: number;
}

/**
 * Domain events and timed work on one durable queue (pg-boss on both databases).
 * Writes always join the caller's transaction, so a rolled-back change emits nothing.
 */
export interface EventBus {
  /** Writes one event with the caller's transaction; returns its id. */
  emit<Data>(tx: Tx, event: { name: string; siteId: string; data: Data }): Promise<string>;
  /** Writes many events with one statement per subscribed handler (bulk operations); returns their ids. */
  emitMany(tx: Tx, events: ReadonlyArray<{ name: string; siteId: string; data: unknown }>): Promise<string[]>;
  /**
   * An in-process handler; delivery is at least once, and a handler runs once per event id. Call it
   * while the app is being built (before it is ready).
   *
   * The handler runs inside a transaction that also records the event as handled: do its database
   * writes through `tx`, so they and the record commit or roll back together. Never query through
   * the plain database inside a handler: on PGlite (one connection) that waits for this very
   * transaction forever. Keep handlers short; slow outside calls belong in a job (`schedule`).
   */
  subscribe<Data>(
    name: string,
    handlerName: string,
    handler: (event: EventEnvelope<Data>, tx: Tx) => Promise<void>,
  ): void;
  /**
   * A job kind for timed work; `schedule` enqueues one run of it. Runs at least once, outside any
   * transaction (a job may be long), so a job must tolerate running again after a crash.
   */
  defineJob<Data>(
    name: string,
    handler: (job: ScheduledJob<Data>) => Promise<void>,
    options?: JobOptions,
  ): void;
  /**
   * Enqueues one run of a defined job, with the caller's transaction when given. `runAt` defers it.
   * With `singletonKey`, at most one run per key waits at a time: a second call while one is
   * pending returns null and leaves the first as it is.
   */
  schedule<Data>(
    tx: Tx | undefined,
    job: { name: string; siteId: string; data: Data; runAt?: Date; singletonKey?: string },
  ): Promise<string | null>;
  /**
   * Sees every event as it is emitted, inside the emitter's transaction (whatever its name): for work
   * that must commit or roll back with the change itself and needs no per-event job, such as recording
   * webhook deliveries. Keep it to one cheap statement: it runs in every change's transaction.
   */
  observe(
    observerName: string,
    observer: (tx: Tx, events: ReadonlyArray<EventEnvelope<unknown>>) => Promise<void>,
  ): void;
  /** Recurring work, cron syntax in UTC, e.g. every five minutes is "star-slash-5 * * * *". */
  cron(name: string, schedule: string, handler: () => Promise<void>): void;
  /** Installs the queue schema and, in a process that works the queues, starts the workers. */
  start(): Promise<void>;
  /** Stops fetching, waits for running handlers (bounded), and releases the queue's connections. */
  stop(): Promise<void>;
}
