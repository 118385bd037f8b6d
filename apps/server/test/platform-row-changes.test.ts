import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRowCache, type RowChangeListener, type RowChanges } from '../src/platform/db/row-changes.ts';
import { createCollection, insertItem, visitor } from './data-helpers.ts';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';

// API keys and data collection schemas are kept in each process's memory; a change another process makes
// (here: SQL the app does not see) reaches it through the database's notice, so nothing stays stale.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

// Well under the 2 s a site is kept when no notices are heard, so only a notice can pass these.
const heard = { timeout: 1_500, interval: 20 };

describe('rows kept in memory follow changes made elsewhere', () => {
  it('an API key revoked by another process stops working', async () => {
    const created = await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/api-keys',
      headers: owner,
      payload: { name: 'revoked elsewhere', scopes: ['mail.read'] },
    });
    const key = created.body.key as string;
    const read = () =>
      inject(t.app, { method: 'GET', url: '/mail/v1/outbox', headers: { authorization: key } });
    // Twice: the second call is answered from memory.
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);

    await t.database!.query('UPDATE api_keys SET revoked_date = now() WHERE id = $1', [
      created.body.apiKey.id,
    ]);
    await expect.poll(async () => (await read()).status, heard).toBe(401);
  });

  it("a site's settings changed by another process show on its next request", async () => {
    const site = () => inject(t.app, { method: 'GET', url: '/sites/v1/site', headers: owner });
    const before = await site();
    expect(before.status).toBe(200);
    await site();
    await t.database!.query('UPDATE sites SET timezone = $1 WHERE id = $2', [
      'Pacific/Auckland',
      before.body.site.id,
    ]);
    await expect.poll(async () => (await site()).body.site.timezone, heard).toBe('Pacific/Auckland');
  });

  it("a collection's permissions changed by another process apply to the next item call", async () => {
    await createCollection(t, {
      id: 'ChangedElsewhere',
      fields: [{ key: 'title', type: 'TEXT' }],
      permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
    });
    await insertItem(t, 'ChangedElsewhere', { title: 'hello' });
    const query = () =>
      inject(t.app, {
        method: 'POST',
        url: '/data/v2/items/query',
        headers: visitor,
        payload: { dataCollectionId: 'ChangedElsewhere', query: {} },
      });
    expect((await query()).status).toBe(200);
    expect((await query()).status).toBe(200);

    await t.database!.query(
      `UPDATE data_collections SET permissions = jsonb_set(permissions, '{read}', '"ADMIN"') WHERE id = $1`,
      ['ChangedElsewhere'],
    );
    await expect.poll(async () => (await query()).status, heard).toBe(403);

    await t.database!.query('DELETE FROM data_collections WHERE id = $1', ['ChangedElsewhere']);
    await expect.poll(async () => (await query()).status, heard).toBe(404);
  });
});

describe('createRowCache', () => {
  function fakeChanges(listening: boolean) {
    const listeners = new Set<RowChangeListener>();
    const changes: RowChanges & { emit(key: string): void; lose(): void } = {
      listening,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: async () => undefined,
      emit: (key) => listeners.forEach((listener) => listener.changed('things', key)),
      lose: () => listeners.forEach((listener) => listener.lost()),
    };
    return changes;
  }

  it('keeps rows while it hears changes, and forgets the changed one', async () => {
    const changes = fakeChanges(true);
    const cache = createRowCache<string>(changes, 'things');
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await cache.get('a', load)).toBe('value 1');
    expect(await cache.get('a', load)).toBe('value 1');
    changes.emit('b');
    expect(await cache.get('a', load)).toBe('value 1');
    changes.emit('a');
    expect(await cache.get('a', load)).toBe('value 2');
    changes.lose();
    expect(await cache.get('a', load)).toBe('value 3');
  });

  it('keeps nothing it cannot hear about, nor a load a change overtook, nor a miss', async () => {
    const deaf = createRowCache<string>(fakeChanges(false), 'things');
    let loads = 0;
    const load = async () => `value ${++loads}`;
    await deaf.get('a', load);
    await deaf.get('a', load);
    expect(loads).toBe(2);

    const changes = fakeChanges(true);
    const cache = createRowCache<string>(changes, 'things');
    const overtaken = async () => {
      changes.emit('a');
      return 'old';
    };
    expect(await cache.get('a', overtaken)).toBe('old');
    expect(await cache.get('a', async () => 'new')).toBe('new');

    let misses = 0;
    const missing = async () => {
      misses += 1;
      return undefined;
    };
    await cache.get('gone', missing);
    await cache.get('gone', missing);
    expect(misses).toBe(2);
  });
});
