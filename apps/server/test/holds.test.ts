// The holds primitive (platform/holds) on a real database: PGlite by default, PostgreSQL with
// DATABASE_URL. Time is the `now` each call is given: the tests move it, they never sleep.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, type Database } from '../src/platform/db/database.ts';
import { createHoldsService, type HoldsService } from '../src/platform/holds/holds.service.ts';
import { createTestDatabase } from './test-app.ts';
import { createExpiredEventsTable, insertExpiredHolds, recordingEventBus } from './holds-helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const minute = 60_000;
const t0 = new Date('2031-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * minute);

let database: Database;
let databaseUrl: string | undefined;
let drop: () => Promise<void>;
let holds: HoldsService;

beforeAll(async () => {
  ({ database, databaseUrl, drop } = await createTestDatabase());
  await migrateDatabase(database);
  await createExpiredEventsTable(database);
  holds = createHoldsService({ database, events: recordingEventBus('test') });
});

afterAll(async () => {
  await drop();
});

async function newCapacity(total: number, key = `item:${randomUUID()}`) {
  const siteId = randomUUID();
  await holds.defineCapacity(database.db, siteId, key, total);
  return { siteId, key };
}

async function available(siteId: string, key: string, now: Date) {
  return (await holds.available(siteId, [key], now)).get(key);
}

async function hold(
  siteId: string,
  key: string,
  owner: string,
  quantity: number,
  expiresAt: Date,
  now: Date,
) {
  return database.transaction((tx) =>
    holds.hold(tx, { siteId, kind: 'test', owner, items: [{ key, quantity }], expiresAt, now }),
  );
}

async function events(siteOwnerIds: readonly string[]) {
  return database.query<{ name: string; hold_id: string; worker: string }>(
    `SELECT name, hold_id, worker FROM test_hold_events WHERE hold_id = ANY($1::uuid[])`,
    [`{${siteOwnerIds.join(',')}}`],
  );
}

describe('hold', () => {
  it('stops counting at its expiry with no job run (the clock moved, not slept)', async () => {
    const { siteId, key } = await newCapacity(1);
    expect((await hold(siteId, key, 'cart-a', 1, at(15), at(0))).ok).toBe(true);
    expect(await available(siteId, key, at(0))).toBe(0);
    expect(await available(siteId, key, new Date(at(15).getTime() - 1))).toBe(0);
    expect((await hold(siteId, key, 'cart-b', 1, at(30), at(14))).ok).toBe(false);

    expect(await available(siteId, key, at(15))).toBe(1);
    expect(await hold(siteId, key, 'cart-b', 1, at(30), at(15))).toMatchObject({ ok: true });
    expect(await available(siteId, key, at(15))).toBe(0);
    const [row] = await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM platform_holds WHERE site_id = $1`,
      [siteId],
    );
    expect(row!.count).toBe(2);
  });

  it('refuses what is not there and says what was left, changing nothing', async () => {
    const { siteId, key } = await newCapacity(3);
    await hold(siteId, key, 'cart-a', 2, at(15), at(0));
    const outcome = await hold(siteId, key, 'cart-b', 2, at(15), at(0));
    expect(outcome).toEqual({ ok: false, shortfalls: [{ key, requested: 2, available: 1 }] });
    expect(await available(siteId, key, at(0))).toBe(1);
    expect(await hold(siteId, 'never-defined', 'cart-b', 1, at(15), at(0))).toEqual({
      ok: false,
      shortfalls: [{ key: 'never-defined', requested: 1, available: 0 }],
    });
  });

  it('takes every item or none', async () => {
    const siteId = randomUUID();
    await holds.defineCapacity(database.db, siteId, 'a', 5);
    await holds.defineCapacity(database.db, siteId, 'b', 1);
    const outcome = await database.transaction((tx) =>
      holds.hold(tx, {
        siteId,
        kind: 'test',
        owner: 'cart',
        items: [
          { key: 'b', quantity: 2 },
          { key: 'a', quantity: 1 },
        ],
        expiresAt: at(15),
        now: at(0),
      }),
    );
    expect(outcome.ok).toBe(false);
    expect(await holds.available(siteId, ['a', 'b'], at(0))).toEqual(
      new Map([
        ['a', 5],
        ['b', 1],
      ]),
    );
  });

  it('extends the same owner’s hold instead of adding a second one', async () => {
    const { siteId, key } = await newCapacity(5);
    await hold(siteId, key, 'cart-a', 2, at(15), at(0));
    await hold(siteId, key, 'cart-a', 3, at(20), at(1));
    expect(await available(siteId, key, at(1))).toBe(2);
    const rows = await holds.holdsOf(siteId, 'cart-a');
    expect(rows.map((row) => [row.quantity, row.expiresAt.toISOString()])).toEqual([
      [3, at(20).toISOString()],
    ]);

    const extended = await database.transaction((tx) =>
      holds.extend(tx, { siteId, kind: 'test', owner: 'cart-a', expiresAt: at(40), now: at(19) }),
    );
    expect(extended.ok).toBe(true);
    expect(await available(siteId, key, at(39))).toBe(2);
    expect(await available(siteId, key, at(40))).toBe(5);
  });

  it('extends an expired hold only while the capacity is still there', async () => {
    const { siteId, key } = await newCapacity(1);
    await hold(siteId, key, 'cart-a', 1, at(15), at(0));
    await hold(siteId, key, 'cart-b', 1, at(40), at(16));
    const outcome = await database.transaction((tx) =>
      holds.extend(tx, { siteId, kind: 'test', owner: 'cart-a', expiresAt: at(45), now: at(17) }),
    );
    expect(outcome).toEqual({ ok: false, shortfalls: [{ key, requested: 1, available: 0 }] });
    expect(await available(siteId, key, at(41))).toBe(1);
  });
});

describe('release', () => {
  it('gives the capacity back and is idempotent', async () => {
    const { siteId, key } = await newCapacity(2);
    await hold(siteId, key, 'cart-a', 2, at(15), at(0));
    expect(await database.transaction((tx) => holds.release(tx, { siteId, owner: 'cart-a' }))).toBe(1);
    expect(await database.transaction((tx) => holds.release(tx, { siteId, owner: 'cart-a' }))).toBe(0);
    expect(await available(siteId, key, at(0))).toBe(2);
  });
});

describe('commit', () => {
  it('turns a live hold into committed capacity that no expiry gives back', async () => {
    const { siteId, key } = await newCapacity(2);
    await hold(siteId, key, 'order-1', 1, at(15), at(0));
    const outcome = await database.transaction((tx) =>
      holds.commit(tx, { siteId, owner: 'order-1', items: [{ key, quantity: 1 }], now: at(10) }),
    );
    expect(outcome).toEqual({ ok: true });
    expect(await holds.holdsOf(siteId, 'order-1')).toEqual([]);
    expect(await available(siteId, key, at(10_000))).toBe(1);
  });

  it('re-takes an expired hold when the capacity is still there', async () => {
    const { siteId, key } = await newCapacity(1);
    await hold(siteId, key, 'order-1', 1, at(15), at(0));
    const outcome = await database.transaction((tx) =>
      holds.commit(tx, { siteId, owner: 'order-1', items: [{ key, quantity: 1 }], now: at(30) }),
    );
    expect(outcome).toEqual({ ok: true });
    expect(await available(siteId, key, at(30))).toBe(0);
  });

  it('refuses a late commit whose capacity went to someone else, changing nothing', async () => {
    const { siteId, key } = await newCapacity(1);
    await hold(siteId, key, 'order-1', 1, at(15), at(0));
    await hold(siteId, key, 'order-2', 1, at(45), at(20));
    const outcome = await database.transaction((tx) =>
      holds.commit(tx, { siteId, owner: 'order-1', items: [{ key, quantity: 1 }], now: at(30) }),
    );
    expect(outcome).toEqual({ ok: false, shortfalls: [{ key, requested: 1, available: 0 }] });
    expect(await available(siteId, key, at(50))).toBe(1);
  });

  it('uncommit returns committed units', async () => {
    const { siteId, key } = await newCapacity(1);
    await database.transaction((tx) =>
      holds.commit(tx, { siteId, owner: 'order-1', items: [{ key, quantity: 1 }], now: at(0) }),
    );
    expect(await available(siteId, key, at(0))).toBe(0);
    await database.transaction((tx) => holds.uncommit(tx, { siteId, items: [{ key, quantity: 1 }] }));
    expect(await available(siteId, key, at(0))).toBe(1);
  });
});

describe(`concurrency (${onPostgres ? 'PostgreSQL, separate connections' : 'PGlite, one connection'})`, () => {
  it('100 concurrent holds on the last unit of one capacity give exactly one winner', async () => {
    const { siteId, key } = await newCapacity(1);
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, index) => hold(siteId, key, `cart-${index}`, 1, at(15), at(0))),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await available(siteId, key, at(0))).toBe(0);
    const [row] = await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM platform_holds WHERE site_id = $1`,
      [siteId],
    );
    expect(row!.count).toBe(1);
  });

  it('buyers of the same two items in opposite orders never deadlock', async () => {
    const siteId = randomUUID();
    await holds.defineCapacity(database.db, siteId, 'x', 1000);
    await holds.defineCapacity(database.db, siteId, 'y', 1000);
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        database.transaction((tx) =>
          holds.hold(tx, {
            siteId,
            kind: 'test',
            owner: `cart-${index}`,
            items:
              index % 2 === 0
                ? [
                    { key: 'x', quantity: 1 },
                    { key: 'y', quantity: 1 },
                  ]
                : [
                    { key: 'y', quantity: 1 },
                    { key: 'x', quantity: 1 },
                  ],
            expiresAt: at(15),
            now: at(0),
          }),
        ),
      ),
    );
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(await holds.available(siteId, ['x', 'y'], at(0))).toEqual(
      new Map([
        ['x', 960],
        ['y', 960],
      ]),
    );
  });
});

describe('sweep', () => {
  it('deletes only expired holds and emits <kind>.hold.expired for each in the same transaction', async () => {
    const { siteId, key } = await newCapacity(3);
    expect((await hold(siteId, key, 'cart-a', 1, at(15), at(0))).ok).toBe(true);
    expect((await hold(siteId, key, 'cart-b', 1, at(60), at(0))).ok).toBe(true);
    const expiring = await holds.holdsOf(siteId, 'cart-a');
    const live = await holds.holdsOf(siteId, 'cart-b');
    expect([expiring.length, live.length]).toEqual([1, 1]);
    const swept = await holds.sweepExpired(at(30));
    const sweptHere = swept.filter((row) => row.siteId === siteId);
    expect(sweptHere.map((row) => row.owner)).toEqual(['cart-a']);
    expect((await holds.holdsOf(siteId, 'cart-b')).map((row) => row.id)).toEqual(live.map((row) => row.id));
    const ids = expiring.map((row) => row.id);
    expect(await events(ids)).toEqual([{ name: 'test.hold.expired', hold_id: ids[0], worker: 'test' }]);
  });

  it('keeps the holds when the events cannot be written (nothing is released unannounced)', async () => {
    const failing = createHoldsService({
      database,
      events: recordingEventBus('failing', { failEmits: true }),
    });
    const { siteId, key } = await newCapacity(1);
    await hold(siteId, key, 'cart-a', 1, at(15), at(0));
    await expect(failing.sweepExpired(at(30))).rejects.toThrow('the queue is down');
    expect(await holds.holdsOf(siteId, 'cart-a')).toHaveLength(1);
    expect(await available(siteId, key, at(30))).toBe(1);
  });
});

const childScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'holds-sweep-child-process.ts');

function startSweeper(url: string, worker: string, now: Date) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      ATRIUM_TEST_WORKER: worker,
      ATRIUM_TEST_NOW: now.toISOString(),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  child.stdout!.on('data', (chunk) => (output += chunk));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${worker} did not start:\n${output}`)), 60_000);
    const check = () => {
      if (output.includes('ready\n')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
  });
  const exited = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${worker}: ${output}`))));
  });
  return { child, ready, exited, go: () => child.stdin!.write('go\n') };
}

describe(`two sweepers on one database (${onPostgres ? 'two OS processes on PostgreSQL' : 'two sweeps in one process on PGlite'})`, () => {
  it('never release the same hold twice, and release every expired one', { timeout: 120_000 }, async () => {
    const siteId = randomUUID();
    const count = 2000;
    await insertExpiredHolds(database, siteId, count, at(15));
    if (onPostgres) {
      const sweepers = [startSweeper(databaseUrl!, 'one', at(30)), startSweeper(databaseUrl!, 'two', at(30))];
      await Promise.all(sweepers.map((sweeper) => sweeper.ready));
      for (const sweeper of sweepers) sweeper.go();
      await Promise.all(sweepers.map((sweeper) => sweeper.exited));
    } else {
      const second = createHoldsService({ database, events: recordingEventBus('two') });
      await Promise.all([holds.sweepExpired(at(30), 20), second.sweepExpired(at(30), 20)]);
    }
    const remaining = await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM platform_holds WHERE site_id = $1`,
      [siteId],
    );
    expect(remaining[0]!.count).toBe(0);
    const [announced] = await database.query<{ total: number; holds: number; workers: string[] }>(
      `SELECT count(*)::int AS total, count(DISTINCT hold_id)::int AS holds,
              array_agg(DISTINCT worker ORDER BY worker) AS workers
       FROM test_hold_events WHERE site_id = $1 AND name = 'test.hold.expired'`,
      [siteId],
    );
    expect(announced!.holds).toBe(count);
    expect(announced!.total).toBe(count);
    if (onPostgres) expect(announced!.workers.every((worker) => ['one', 'two'].includes(worker))).toBe(true);
  });
});
