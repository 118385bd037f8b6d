import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, inject, type TestApp } from './test-app.ts';
import { createCollection, get, insertItem, ownerCaller, post, staff } from './data-helpers.ts';
import { identityKit } from './identity-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

interface Backup {
  id: string;
  status: string;
  type: string;
  collections: Array<{ id: string }>;
  sizeInBytes: string | null;
}

async function waitFor<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not finish`);
}

async function takeBackup(caller = ownerCaller): Promise<Backup> {
  const created = await post(t, '/data/v2/backups', {}, caller);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.backup).toMatchObject({ status: 'PENDING', type: 'ON_DEMAND' });
  return waitFor(async () => {
    const listed = await get(t, '/data/v2/backups', caller);
    const backup = (listed.body.backups as Backup[]).find((entry) => entry.id === created.body.backup.id);
    return backup && backup.status !== 'PENDING' ? backup : undefined;
  }, 'backup');
}

async function restorationDone(id: string, caller = ownerCaller) {
  return waitFor(async () => {
    const listed = await get(t, '/data/v2/backups/restorations', caller);
    const found = (listed.body.restorations as Array<{ id: string; status: string }>).find(
      (r) => r.id === id,
    );
    return found && found.status !== 'PENDING' ? found : undefined;
  }, 'restoration');
}

async function ids(collectionId: string, caller = ownerCaller): Promise<string[]> {
  const response = await post(
    t,
    '/data/v2/items/query',
    { dataCollectionId: collectionId, query: { paging: { limit: 1000 }, sort: [{ fieldName: '_id' }] } },
    caller,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.dataItems as Array<{ id: string }>).map((item) => item.id);
}

describe('POST /data/v2/backups and restores', () => {
  it('backs up every collection and restores one of them, leaving the others as they are', async () => {
    await createCollection(t, { id: 'BkNotes', fields: [{ key: 'text', type: 'TEXT' }] });
    await createCollection(t, { id: 'BkTags', fields: [{ key: 'name', type: 'TEXT' }] });
    await insertItem(t, 'BkNotes', { _id: 'n1', text: 'one' });
    await insertItem(t, 'BkNotes', { _id: 'n2', text: 'two' });
    await insertItem(t, 'BkTags', { _id: 't1', name: 'red' });

    const backup = await takeBackup();
    expect(backup.status).toBe('READY');
    expect(backup.collections.map((c) => c.id)).toEqual(expect.arrayContaining(['BkNotes', 'BkTags']));
    expect(Number(backup.sizeInBytes)).toBeGreaterThan(0);

    await post(t, '/data/v2/items/truncate', { dataCollectionId: 'BkNotes' });
    await insertItem(t, 'BkNotes', { _id: 'n3', text: 'after' });
    await post(t, '/data/v2/items/remove', { dataCollectionId: 'BkTags', dataItemId: 't1' });
    await insertItem(t, 'BkTags', { _id: 't2', name: 'blue' });

    const restore = await post(t, `/data/v2/backups/${backup.id}/partial-restore`, {
      restorationCollections: [{ dataCollectionId: 'BkNotes' }],
    });
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
    expect(restore.body.restoration).toMatchObject({ status: 'PENDING', backup: { id: backup.id } });
    expect((await restorationDone(restore.body.restoration.id)).status).toBe('COMPLETED');

    expect(await ids('BkNotes')).toEqual(['n1', 'n2']);
    expect(await ids('BkTags')).toEqual(['t2']);
    const got = await get(t, '/data/v2/items/n1?dataCollectionId=BkNotes');
    expect(got.body.dataItem.data).toMatchObject({ _id: 'n1', text: 'one' });
  });

  it('restores into another collection name, and a whole restore brings back a deleted collection', async () => {
    await createCollection(t, { id: 'BkGone', fields: [{ key: 'text', type: 'TEXT' }] });
    await insertItem(t, 'BkGone', { _id: 'g1', text: 'kept' });
    const backup = await takeBackup();

    const copy = await post(t, `/data/v2/backups/${backup.id}/partial-restore`, {
      restorationCollections: [
        {
          dataCollectionId: 'BkGone',
          restoreDestination: { dataCollectionId: 'BkGoneCopy', displayName: 'Copy' },
        },
      ],
    });
    expect((await restorationDone(copy.body.restoration.id)).status).toBe('COMPLETED');
    expect(await ids('BkGoneCopy')).toEqual(['g1']);

    await inject(t.app, { method: 'DELETE', url: '/data/v2/collections/BkGone', headers: ownerCaller });
    const whole = await post(t, `/data/v2/backups/${backup.id}/restore`, {});
    expect((await restorationDone(whole.body.restoration.id)).status).toBe('COMPLETED');
    expect(await ids('BkGone')).toEqual(['g1']);
  });

  it('answers 404 for unknown backups and collections not in the backup, 409 before it is READY', async () => {
    const backup = await takeBackup();
    const unknown = await post(t, '/data/v2/backups/00000000-0000-4000-8000-000000000000/restore', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.details.applicationError.code).toBe('BACKUP_NOT_FOUND');
    const notHeld = await post(t, `/data/v2/backups/${backup.id}/partial-restore`, {
      restorationCollections: [{ dataCollectionId: 'NoSuchCollection' }],
    });
    expect(notHeld.status).toBe(404);
    expect(notHeld.body.details.applicationError.code).toBe('COLLECTION_NOT_IN_BACKUP');
    const empty = await post(t, `/data/v2/backups/${backup.id}/partial-restore`, {
      restorationCollections: [],
    });
    expect(empty.status).toBe(400);

    const deleted = await inject(t.app, {
      method: 'DELETE',
      url: `/data/v2/backups/${backup.id}`,
      headers: ownerCaller,
    });
    expect(deleted.status).toBe(200);
    const listed = await get(t, '/data/v2/backups?status=DELETED');
    expect((listed.body.backups as Backup[]).map((b) => b.id)).toContain(backup.id);
    const again = await post(t, `/data/v2/backups/${backup.id}/restore`, {});
    expect(again.status).toBe(404);
  });

  it('refuses staff without an admin role, members and visitors', async () => {
    expect((await post(t, '/data/v2/backups', {}, staff)).status).toBe(403);
    expect((await post(t, '/data/v2/backups', {}, as('MEMBER:alice'))).status).toBe(403);
    expect((await get(t, '/data/v2/backups', as('ANONYMOUS_VISITOR'))).status).toBe(403);
  });

  it("never shows or restores another site's backup, and restoring never touches another site", async () => {
    const kit = identityKit(t);
    const { site } = await kit.newSite('Backup neighbour');
    const neighbour = as('WIX_USER:OWNER', site.id);
    await post(t, '/data/v2/collections', { collection: { id: 'BkNotes', fields: [] } }, neighbour);
    await post(
      t,
      '/data/v2/items',
      { dataCollectionId: 'BkNotes', dataItem: { data: { _id: 'x1' } } },
      neighbour,
    );

    const mine = await takeBackup();
    const listed = await get(t, '/data/v2/backups', neighbour);
    expect((listed.body.backups as Backup[]).map((b) => b.id)).not.toContain(mine.id);
    const stolen = await post(t, `/data/v2/backups/${mine.id}/restore`, {}, neighbour);
    expect(stolen.status).toBe(404);
    const removed = await inject(t.app, {
      method: 'DELETE',
      url: `/data/v2/backups/${mine.id}`,
      headers: neighbour,
    });
    expect(removed.status).toBe(404);

    const restore = await post(t, `/data/v2/backups/${mine.id}/restore`, {});
    expect((await restorationDone(restore.body.restoration.id)).status).toBe('COMPLETED');
    expect(await ids('BkNotes', neighbour)).toEqual(['x1']);
  });
});

describe('a backup taken while 8 clients write', () => {
  // Each client repeatedly bulk-saves, in one transaction, its two counters A and B at version v and a log
  // item for v. At every instant A = B = v and the client has exactly v log items; a backup that mixes two
  // instants (or holds half a transaction) breaks that, so the restored collection must still satisfy it.
  it('restores a state that existed at one instant', async () => {
    await createCollection(t, { id: 'BkBusy', fields: [{ key: 'v', type: 'NUMBER' }] });
    const writers = 8;
    let running = true;
    const versions = new Array<number>(writers).fill(0);
    const write = async (w: number) => {
      while (running) {
        const v = versions[w]! + 1;
        const response = await post(t, '/data/v2/bulk/items/save', {
          dataCollectionId: 'BkBusy',
          dataItems: [
            { data: { _id: `a-${w}`, w, v } },
            { data: { _id: `b-${w}`, w, v } },
            { data: { _id: `log-${w}-${v}`, w, v } },
          ],
        });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        versions[w] = v;
      }
    };
    const clients = Array.from({ length: writers }, (_, w) => write(w));
    await waitFor(async () => (versions.every((v) => v >= 3) ? true : undefined), 'first writes');
    const backup = await takeBackup();
    const atBackup = [...versions];
    await waitFor(
      async () => (versions.every((v, w) => v >= atBackup[w]! + 2) ? true : undefined),
      'later writes',
    );
    running = false;
    await Promise.all(clients);
    expect(backup.status).toBe('READY');

    const restore = await post(t, `/data/v2/backups/${backup.id}/partial-restore`, {
      restorationCollections: [
        { dataCollectionId: 'BkBusy', restoreDestination: { dataCollectionId: 'BkBusyRestored' } },
      ],
    });
    expect((await restorationDone(restore.body.restoration.id)).status).toBe('COMPLETED');

    const response = await post(t, '/data/v2/items/query', {
      dataCollectionId: 'BkBusyRestored',
      query: { paging: { limit: 1000 } },
    });
    const items = response.body.dataItems as Array<{ id: string; data: { w: number; v: number } }>;
    const byId = new Map(items.map((item) => [item.id, item.data]));
    let restoredWrites = 0;
    for (let w = 0; w < writers; w += 1) {
      const a = byId.get(`a-${w}`)?.v ?? 0;
      const b = byId.get(`b-${w}`)?.v ?? 0;
      const logs = items.filter((item) => item.id.startsWith(`log-${w}-`)).length;
      expect({ w, a, b, logs }).toEqual({ w, a, b: a, logs: a });
      expect(a).toBeLessThanOrEqual(versions[w]!);
      restoredWrites += a;
    }
    expect(restoredWrites).toBeGreaterThan(0);
    // Nothing from after the snapshot: the live collection moved on past every restored version.
    for (let w = 0; w < writers; w += 1) expect(byId.get(`a-${w}`)!.v).toBeLessThan(versions[w]!);
  });
});
