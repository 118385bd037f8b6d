import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrateDatabase, type Database } from '../src/platform/db/database.ts';
import { createEventBus, purgeHandledEvents, type PgBossEventBus } from '../src/platform/bus/event-bus.ts';
import type { EventEnvelope } from '../src/platform/bus/types.ts';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/platform/config.ts';
import { createTestDatabase, inject } from './test-app.ts';
import { createDeliveriesTable, deliveries, recordDelivery, silentLog, waitFor } from './events-helpers.ts';

const siteId = randomUUID();

describe('event bus', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let bus: PgBossEventBus;
  const calls = new Map<string, number>();
  const flaky = new Set<string>();
  const jobRuns: Array<{ id: string; data: unknown; siteId: string; ranAt: number }> = [];

  const count = (key: string) => calls.get(key) ?? 0;
  const bump = (key: string) => calls.set(key, count(key) + 1);

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await migrateDatabase(database);
    await createDeliveriesTable(database);
    bus = createEventBus({
      database,
      log: silentLog,
      work: true,
      // subscriptionTtlMs 0: emits see a subscription made by another bus at once (the wake-up test
      // subscribes one mid-file; with the 5 s default an emit right after it could miss it).
      tuning: {
        pollingIntervalSeconds: 0.5,
        retryDelaySeconds: 1,
        stopTimeoutMs: 2000,
        subscriptionTtlMs: 0,
      },
    });
    bus.subscribe<{ note: string }>('test.thing.created', 'record', async (event, tx) => {
      bump(`record:${event.id}`);
      await recordDelivery(tx, { eventId: event.id, handler: 'record', payload: event });
      // The first attempt of a flaky event writes and then fails: its write must roll back with it.
      if (flaky.delete(event.id)) throw new Error('temporary failure');
    });
    bus.subscribe('test.thing.created', 'second', async (event, tx) => {
      bump(`second:${event.id}`);
      await recordDelivery(tx, { eventId: event.id, handler: 'second' });
    });
    bus.defineJob<{ n: number }>('test.reminder', async (job) => {
      jobRuns.push({ id: job.id, data: job.data, siteId: job.siteId, ranAt: Date.now() });
    });
    await bus.start();
  }, 120_000);

  afterAll(async () => {
    await bus?.stop();
    await drop?.();
  });

  const handledBy = async (eventId: string, handler = 'record') =>
    (await deliveries(database)).filter((row) => row.eventId === eventId && row.handler === handler);

  it('delivers an event emitted in a committed transaction to every handler, with its envelope', async () => {
    const eventId = await database.transaction((tx) =>
      bus.emit(tx, { name: 'test.thing.created', siteId, data: { note: 'hello' } }),
    );
    await waitFor('both handlers', async () => (await handledBy(eventId, 'second')).length === 1);
    await waitFor('the record handler', async () => (await handledBy(eventId)).length === 1);
    const [row] = await handledBy(eventId);
    const envelope = row!.payload as EventEnvelope<{ note: string }>;
    expect(envelope).toMatchObject({
      id: eventId,
      name: 'test.thing.created',
      siteId,
      data: { note: 'hello' },
    });
    expect(Number.isNaN(Date.parse(envelope.occurredAt))).toBe(false);
    expect(count(`record:${eventId}`)).toBe(1);
  });

  it('emits many events at once, each delivered once under its own id', async () => {
    const ids = await database.transaction((tx) =>
      bus.emitMany(tx, [
        { name: 'test.thing.created', siteId, data: { note: 'bulk 1' } },
        { name: 'test.nobody.listens', siteId, data: {} },
        { name: 'test.thing.created', siteId, data: { note: 'bulk 2' } },
      ]),
    );
    expect(new Set(ids).size).toBe(3);
    const [first, unheard, second] = ids;
    await waitFor(
      'both bulk events',
      async () => (await handledBy(first!)).length + (await handledBy(second!)).length === 2,
    );
    expect(((await handledBy(second!))[0]!.payload as EventEnvelope).data).toEqual({ note: 'bulk 2' });
    expect(await handledBy(unheard!)).toHaveLength(0);
    expect(await database.transaction((tx) => bus.emitMany(tx, []))).toEqual([]);
  });

  it('never delivers an event whose transaction rolled back', async () => {
    let rolledBackId = '';
    await expect(
      database.transaction(async (tx) => {
        rolledBackId = await bus.emit(tx, { name: 'test.thing.created', siteId, data: { note: 'undone' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // An event committed afterwards is delivered; the rolled-back one left no job behind to deliver.
    const laterId = await database.transaction((tx) =>
      bus.emit(tx, { name: 'test.thing.created', siteId, data: { note: 'kept' } }),
    );
    await waitFor('the later event', async () => (await handledBy(laterId)).length === 1);
    const jobs = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'id' = $1`,
      [rolledBackId],
    );
    expect(rolledBackId).not.toBe('');
    expect(jobs[0]!.n).toBe(0);
    expect(await handledBy(rolledBackId)).toHaveLength(0);
    expect(count(`record:${rolledBackId}`)).toBe(0);
  });

  it('retries a handler that throws once, then records the event once', async () => {
    const eventId = await database.transaction(async (tx) => {
      const id = await bus.emit(tx, { name: 'test.thing.created', siteId, data: { note: 'flaky' } });
      flaky.add(id);
      return id;
    });
    await waitFor('the retried delivery', async () => (await handledBy(eventId)).length === 1, 15_000);
    expect(count(`record:${eventId}`)).toBe(2);
    // The other handler of the same event is not run again because this one failed.
    await waitFor('the second handler', async () => (await handledBy(eventId, 'second')).length === 1);
    expect(count(`second:${eventId}`)).toBe(1);
  });

  it('runs a handler once per event id when the same event is delivered again', async () => {
    const eventId = await database.transaction((tx) =>
      bus.emit(tx, { name: 'test.thing.created', siteId, data: { note: 'twice' } }),
    );
    await waitFor('the first delivery', async () => (await handledBy(eventId)).length === 1);
    const [row] = await handledBy(eventId);
    // Redeliver the very same envelope the way pg-boss would after a lost acknowledgement, twice
    // more at once so the copies may land in one batch.
    const queue = bus.eventQueueName('test.thing.created', 'record');
    const copies = await Promise.all(
      [1, 2, 3].map(() => bus.boss!.send(queue, row!.payload as object, { retryLimit: 0 })),
    );
    await waitFor('the copies to be settled', async () => {
      const jobs = await database.query<{ state: string }>(
        `SELECT state FROM pgboss.job WHERE id = ANY($1::uuid[])`,
        [copies],
      );
      return jobs.length === 3 && jobs.every((job) => job.state === 'completed');
    });
    expect(count(`record:${eventId}`)).toBe(1);
    expect(await handledBy(eventId)).toHaveLength(1);
  });

  it('runs a scheduled job after its runAt and not before', async () => {
    const runAt = new Date(Date.now() + 1500);
    const jobId = await database.transaction((tx) =>
      bus.schedule(tx, { name: 'test.reminder', siteId, data: { n: 1 }, runAt }),
    );
    expect(jobId).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(jobRuns.find((run) => run.id === jobId)).toBeUndefined();
    await waitFor('the scheduled job', async () => jobRuns.some((run) => run.id === jobId), 10_000);
    const run = jobRuns.find((entry) => entry.id === jobId)!;
    expect(run.ranAt).toBeGreaterThanOrEqual(runAt.getTime());
    expect(run).toMatchObject({ siteId, data: { n: 1 } });
  });

  it('keeps one pending run per singletonKey and drops a job scheduled in a rolled-back transaction', async () => {
    const runAt = new Date(Date.now() + 60_000);
    const key = `booking-${randomUUID()}`;
    const first = await bus.schedule(undefined, {
      name: 'test.reminder',
      siteId,
      data: { n: 2 },
      runAt,
      singletonKey: key,
    });
    const second = await bus.schedule(undefined, {
      name: 'test.reminder',
      siteId,
      data: { n: 3 },
      runAt,
      singletonKey: key,
    });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();

    let rolledBack: string | null = null;
    await database
      .transaction(async (tx) => {
        rolledBack = await bus.schedule(tx, { name: 'test.reminder', siteId, data: { n: 4 } });
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect(rolledBack).toEqual(expect.any(String));
    const rows = await database.query(`SELECT id FROM pgboss.job WHERE id = $1`, [rolledBack]);
    expect(rows).toHaveLength(0);
  });

  it('wakes a sleeping worker by NOTIFY instead of waiting for its next poll', async () => {
    // A second bus on the same database whose worker polls only every 60 s. Its queue is made after
    // the first bus started, so the first bus's pg-boss must look it up during the emit: on PGlite
    // that look-up has to go through the caller's transaction or the database freezes.
    const sleepy = createEventBus({
      database,
      log: silentLog,
      work: true,
      tuning: { pollingIntervalSeconds: 60, stopTimeoutMs: 2000 },
    });
    sleepy.subscribe('test.wake.requested', 'record', async (event, tx) => {
      await recordDelivery(tx, { eventId: event.id, handler: 'wake' });
    });
    await sleepy.start();
    try {
      // Let the worker's first (empty) fetch pass, so it is asleep when the event arrives.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const started = Date.now();
      const eventId = await database.transaction((tx) =>
        bus.emit(tx, { name: 'test.wake.requested', siteId, data: {} }),
      );
      await waitFor(
        'the woken delivery',
        async () => (await handledBy(eventId, 'wake')).length === 1,
        10_000,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await sleepy.stop();
    }
  });

  it('refuses to emit or schedule unknown work clearly', async () => {
    await expect(
      database.transaction((tx) => bus.schedule(tx, { name: 'test.unknown', siteId, data: {} })),
    ).rejects.toThrow('Job "test.unknown" is not defined');
    expect(() => bus.subscribe('test.thing.created', 'late', async () => undefined)).toThrow(
      'must be registered before the event bus starts',
    );
    expect(() => bus.subscribe('bad name', 'x', async () => undefined)).toThrow('may contain only');
    // An event nobody subscribed to is accepted and goes nowhere.
    const id = await database.transaction((tx) =>
      bus.emit(tx, { name: 'test.nobody.listens', siteId, data: {} }),
    );
    expect(id).toEqual(expect.any(String));
  });

  it('registers the purge of old handled-event records as a UTC cron, and the purge deletes by age', async () => {
    const schedules = await bus.boss!.getSchedules();
    expect(schedules.find((entry) => entry.name === 'cron/events.purge-handled')).toMatchObject({
      cron: '17 3 * * *',
      timezone: 'UTC',
    });
    const old = randomUUID();
    await database.db.execute(
      sql`INSERT INTO handled_events (handler, event_id, handled_date) VALUES ('test/old', ${old}, now() - interval '40 days')`,
    );
    const before = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM handled_events`);
    const deleted = await purgeHandledEvents(database, new Date(Date.now() - 30 * 24 * 3600 * 1000));
    const after = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM handled_events`);
    expect(deleted).toBe(1);
    expect(after[0]!.n).toBe(before[0]!.n - 1);
  });

  it('refuses to emit until started', async () => {
    const idle = createEventBus({ database, log: silentLog, work: false });
    await expect(
      database.transaction((tx) => idle.emit(tx, { name: 'test.thing.created', siteId, data: {} })),
    ).rejects.toThrow('The event bus is not started');
  });

  it('is wired into the app: started when ready, reported by GET /readyz, stopped on close', async () => {
    const app = await buildApp({ config: testConfig({ WORKER_ENABLED: 'false' }), database });
    try {
      expect(await app.events.health()).toBe('stopped');
      await app.ready();
      const response = await inject(app, { method: 'GET', url: '/readyz' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'ok', database: database.kind, queue: 'ok' });
    } finally {
      await app.close();
    }
    expect(await app.events.health()).toBe('stopped');
  });
});
