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
  emit<Data>(tx: Tx, event: { name: string; siteId: string; data: Data }): Promise<string>;
  /** An in-process handler; delivery is at least once, and a handler runs once per event id. */
  subscribe<Data>(name: string, handlerName: string, handler: (event: EventEnvelope<Data>) => Promise<void>): void;
  /** A job kind for timed work; `schedule` enqueues one run of it. */
  defineJob<Data>(name: string, handler: (job: ScheduledJob<Data>) => Promise<void>, options?: JobOptions): void;
  schedule<Data>(
    tx: Tx | undefined,
    job: { name: string; siteId: string; data: Data; runAt?: Date; singletonKey?: string },
  ): Promise<string | null>;
  /** Recurring work, cron syntax in UTC (`*/5 * * * *`). */
  cron(name: string, schedule: string, handler: () => Promise<void>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
