import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, inject, type TestApp } from './test-app.ts';
import { identityKit } from './identity-helpers.ts';
import {
  alice,
  app1,
  bob,
  createCollection,
  get,
  insertItem,
  ownerCaller,
  post,
  staff,
  visitor,
} from './data-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createCollection(t, {
    id: 'Guarded',
    fields: [{ key: 'title', type: 'TEXT' }],
    permissions: { read: 'SITE_MEMBER', insert: 'SITE_MEMBER', update: 'ADMIN', remove: 'ADMIN' },
  });
  await insertItem(t, 'Guarded', { _id: 'g1', title: 'one' });
});

afterAll(async () => {
  await t?.close();
});

function mine(caller: Record<string, string>) {
  return get(t, '/data/v1/permissions/current?dataCollectionId=Guarded', caller);
}

function read(caller: Record<string, string>) {
  return post(t, '/data/v2/items/query', { dataCollectionId: 'Guarded', query: {} }, caller);
}

describe('GET and POST /data/v1/permissions', () => {
  it('reads and changes the access levels', async () => {
    const got = await get(t, '/data/v1/permissions?dataCollectionId=Guarded');
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(got.body.dataPermissions).toEqual({
      id: 'Guarded',
      itemRead: 'SITE_MEMBER',
      itemInsert: 'SITE_MEMBER',
      itemUpdate: 'CMS_EDITOR',
      itemRemove: 'CMS_EDITOR',
      specialPermissions: [],
    });
    const changed = await post(t, '/data/v1/permissions', {
      dataPermissions: { id: 'Guarded', itemRead: 'ANYONE' },
    });
    expect(changed.body.dataPermissions.itemRead).toBe('ANYONE');
    expect((await read(visitor)).status).toBe(200);
    await post(t, '/data/v1/permissions', { dataPermissions: { id: 'Guarded', itemRead: 'SITE_MEMBER' } });
    expect((await read(visitor)).status).toBe(403);
    expect((await get(t, '/data/v1/permissions?dataCollectionId=Guarded', staff)).status).toBe(403);
    expect((await get(t, '/data/v1/permissions?dataCollectionId=Nope')).status).toBe(404);
  });
});

describe('special permissions', () => {
  it('ALLOWED grants, DENIED refuses and wins, and the item calls enforce both', async () => {
    expect((await mine(alice)).body).toEqual({
      itemRead: true,
      itemInsert: true,
      itemUpdate: false,
      itemRemove: false,
    });
    const allowVisitors = await post(t, '/data/v1/permissions/special', {
      dataCollectionId: 'Guarded',
      specialPermissions: { policyId: 'VISITORS', itemRead: 'ALLOWED' },
    });
    expect(allowVisitors.status, JSON.stringify(allowVisitors.body)).toBe(200);
    expect((await read(visitor)).status).toBe(200);

    const denyAlice = await post(t, '/data/v1/permissions/special', {
      dataCollectionId: 'Guarded',
      specialPermissions: { userId: 'alice', itemRead: 'DENIED', itemInsert: 'DENIED' },
    });
    const allowMembers = await post(t, '/data/v1/permissions/special', {
      dataCollectionId: 'Guarded',
      specialPermissions: { policyId: 'MEMBERS', itemRead: 'ALLOWED', itemUpdate: 'ALLOWED' },
    });
    expect(allowMembers.status).toBe(200);
    expect((await mine(alice)).body).toEqual({
      itemRead: false,
      itemInsert: false,
      itemUpdate: true,
      itemRemove: false,
    });
    expect((await read(alice)).status).toBe(403);
    expect((await read(bob)).status).toBe(200);
    const bobUpdates = await post(
      t,
      '/data/v2/items/update',
      { dataCollectionId: 'Guarded', dataItem: { id: 'g1', data: { _id: 'g1', title: 'bob' } } },
      bob,
    );
    expect(bobUpdates.status, JSON.stringify(bobUpdates.body)).toBe(200);
    // The owner and apps are never refused.
    expect((await read(ownerCaller)).status).toBe(200);
    expect((await read(app1)).status).toBe(200);

    const listed = await get(t, '/data/v1/permissions?dataCollectionId=Guarded');
    expect(listed.body.dataPermissions.specialPermissions).toHaveLength(3);

    const id = denyAlice.body.specialPermissions.id as string;
    const updated = await post(t, `/data/v1/permissions/special/${id}`, {
      specialPermissions: { userId: 'alice', itemRead: 'UNSPECIFIED' },
    });
    expect(updated.status).toBe(200);
    expect((await read(alice)).status).toBe(200);
    const removed = await inject(t.app, {
      method: 'DELETE',
      url: `/data/v1/permissions/special/${id}`,
      headers: ownerCaller,
    });
    expect(removed.status).toBe(200);
    const again = await inject(t.app, {
      method: 'DELETE',
      url: `/data/v1/permissions/special/${id}`,
      headers: ownerCaller,
    });
    expect(again.status).toBe(404);
  });

  it('refuses a rule without exactly one subject, and rules of another site', async () => {
    const none = await post(t, '/data/v1/permissions/special', {
      dataCollectionId: 'Guarded',
      specialPermissions: { itemRead: 'ALLOWED' },
    });
    expect(none.status).toBe(400);
    const both = await post(t, '/data/v1/permissions/special', {
      dataCollectionId: 'Guarded',
      specialPermissions: { userId: 'x', policyId: 'MEMBERS' },
    });
    expect(both.status).toBe(400);
    const rule = await post(t, '/data/v1/permissions/special', {
      dataCollectionId: 'Guarded',
      specialPermissions: { userId: 'carol', itemRead: 'ALLOWED' },
    });
    const { site } = await identityKit(t).newSite('Permissions neighbour');
    const otherSite = as('WIX_USER:OWNER', site.id);
    const stolen = await inject(t.app, {
      method: 'DELETE',
      url: `/data/v1/permissions/special/${rule.body.specialPermissions.id}`,
      headers: otherSite,
    });
    expect(stolen.status).toBe(404);
    expect((await get(t, '/data/v1/permissions?dataCollectionId=Guarded', otherSite)).status).toBe(404);
    const still = await get(t, '/data/v1/permissions?dataCollectionId=Guarded');
    expect(still.body.dataPermissions.specialPermissions.map((r: { id: string }) => r.id)).toContain(
      rule.body.specialPermissions.id,
    );
  });
});
