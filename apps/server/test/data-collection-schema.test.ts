import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, type TestApp } from './test-app.ts';
import { createCollection, get, insertItem, ownerCaller, post, staff } from './data-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

function patch(url: string, payload: unknown, headers = ownerCaller) {
  return inject(t.app, { method: 'PATCH', url, payload: payload as object, headers });
}

function keys(collection: { fields: Array<{ key: string; systemField?: boolean }> }) {
  return collection.fields.filter((field) => !field.systemField).map((field) => field.key);
}

describe('collection fields', () => {
  it('creates, updates, patches and deletes a field, each answering the whole collection', async () => {
    await createCollection(t, { id: 'FieldsA', fields: [{ key: 'title', type: 'TEXT' }] });
    const created = await post(t, '/data/v2/collections/create-field', {
      dataCollectionId: 'FieldsA',
      field: { key: 'pages', type: 'NUMBER' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(keys(created.body.dataCollection)).toEqual(['title', 'pages']);

    const duplicate = await post(t, '/data/v2/collections/create-field', {
      dataCollectionId: 'FieldsA',
      field: { key: 'pages', type: 'TEXT' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.details.applicationError.code).toBe('FIELD_ALREADY_EXISTS');

    const updated = await post(t, '/data/v2/collections/update-field', {
      dataCollectionId: 'FieldsA',
      field: { key: 'pages', type: 'TEXT', displayName: 'Pages' },
    });
    expect(updated.body.dataCollection.fields.find((f: { key: string }) => f.key === 'pages')).toMatchObject({
      type: 'TEXT',
      displayName: 'Pages',
    });

    const patched = await patch('/data/v2/collections/FieldsA/patch-field', {
      field: { key: 'pages', displayName: 'Page count' },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.dataCollection.fields.find((f: { key: string }) => f.key === 'pages')).toMatchObject({
      type: 'TEXT',
      displayName: 'Page count',
    });

    const missing = await post(t, '/data/v2/collections/update-field', {
      dataCollectionId: 'FieldsA',
      field: { key: 'nope', type: 'TEXT' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.details.applicationError.code).toBe('FIELD_NOT_FOUND');

    const deleted = await post(t, '/data/v2/collections/delete-field', {
      dataCollectionId: 'FieldsA',
      fieldKey: 'pages',
    });
    expect(keys(deleted.body.dataCollection)).toEqual(['title']);
    expect(
      (await post(t, '/data/v2/collections/delete-field', { dataCollectionId: 'FieldsA', fieldKey: 'pages' }))
        .status,
    ).toBe(404);
  });

  it('patches only the properties given and refuses staff without an admin role', async () => {
    await createCollection(t, { id: 'FieldsB', displayName: 'B', fields: [{ key: 'title', type: 'TEXT' }] });
    const patched = await patch('/data/v2/collections/FieldsB', {
      dataCollection: {
        displayName: 'Books',
        permissions: { read: 'SITE_MEMBER', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.dataCollection).toMatchObject({
      displayName: 'Books',
      permissions: { read: 'SITE_MEMBER' },
    });
    expect(keys(patched.body.dataCollection)).toEqual(['title']);
    expect(
      (await patch('/data/v2/collections/FieldsB', { dataCollection: { displayName: 'x' } }, staff)).status,
    ).toBe(403);
    expect((await patch('/data/v2/collections/Nope', { dataCollection: { displayName: 'x' } })).status).toBe(
      404,
    );
  });
});

describe('collection plugins', () => {
  it('adds and deletes plugins by the generic and the typed calls', async () => {
    await createCollection(t, { id: 'PluginsA', fields: [{ key: 'title', type: 'TEXT' }] });
    const publish = await post(t, '/data/v2/collections/add-publish-plugin', {
      dataCollectionId: 'PluginsA',
      publishOptions: { defaultStatus: 'DRAFT' },
    });
    expect(publish.status, JSON.stringify(publish.body)).toBe(200);
    expect(publish.body.dataCollection.plugins).toEqual([
      { type: 'PUBLISH', publishOptions: { defaultStatus: 'DRAFT' } },
    ]);
    const again = await post(t, '/data/v2/collections/add-plugin', {
      dataCollectionId: 'PluginsA',
      plugin: { type: 'PUBLISH', publishOptions: { defaultStatus: 'PUBLISHED' } },
    });
    expect(again.status).toBe(409);
    const drafts = await post(t, '/data/v2/collections/add-draft-items-plugin', {
      dataCollectionId: 'PluginsA',
      draftItemsOptions: {},
    });
    expect(drafts.status).toBe(409);
    expect(drafts.body.details.applicationError.code).toBe('PLUGIN_CONFLICT');

    for (const name of ['urlized', 'multilingual', 'cms', 'catalog']) {
      const added = await post(t, `/data/v2/collections/add-${name}-plugin`, {
        dataCollectionId: 'PluginsA',
      });
      expect(added.status, `${name}: ${JSON.stringify(added.body)}`).toBe(200);
    }
    const listed = (await get(t, '/data/v2/collections/PluginsA')).body.collection.plugins.map(
      (p: { type: string }) => p.type,
    );
    expect(listed).toEqual(['PUBLISH', 'URLIZED', 'MULTILINGUAL', 'CMS', 'CATALOG']);

    const removed = await post(t, '/data/v2/collections/delete-plugin', {
      dataCollectionId: 'PluginsA',
      pluginType: 'CMS',
    });
    expect(removed.body.dataCollection.plugins.map((p: { type: string }) => p.type)).not.toContain('CMS');
    for (const name of ['publish', 'urlized', 'multilingual', 'catalog']) {
      const deleted = await post(t, `/data/v2/collections/delete-${name}-plugin`, {
        dataCollectionId: 'PluginsA',
      });
      expect(deleted.status, name).toBe(200);
    }
    expect((await get(t, '/data/v2/collections/PluginsA')).body.collection.plugins).toEqual([]);
    const absent = await post(t, '/data/v2/collections/delete-cms-plugin', { dataCollectionId: 'PluginsA' });
    expect(absent.status).toBe(404);
    const bad = await post(t, '/data/v2/collections/add-publish-plugin', {
      dataCollectionId: 'PluginsA',
      publishOptions: { defaultStatus: 'SOMETIMES' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('POST /data/v2/collections/restore/:dataCollectionId', () => {
  it('brings back a deleted collection with its items, once', async () => {
    await createCollection(t, { id: 'Trashed', fields: [{ key: 'title', type: 'TEXT' }] });
    await insertItem(t, 'Trashed', { _id: 'x', title: 'kept' });
    expect((await post(t, '/data/v2/collections/restore/Trashed', {})).status).toBe(404);
    await inject(t.app, { method: 'DELETE', url: '/data/v2/collections/Trashed', headers: ownerCaller });
    expect((await get(t, '/data/v2/collections/Trashed')).status).toBe(404);

    const restored = await post(t, '/data/v2/collections/restore/Trashed', {});
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(keys(restored.body.dataCollection)).toEqual(['title']);
    const item = await get(t, '/data/v2/items/x?dataCollectionId=Trashed');
    expect(item.body.dataItem.data.title).toBe('kept');
    const twice = await post(t, '/data/v2/collections/restore/Trashed', {});
    expect(twice.status).toBe(404);
    expect(twice.body.details.applicationError.code).toBe('DELETED_COLLECTION_NOT_FOUND');
    const backups = await get(t, '/data/v2/backups');
    expect(backups.body.backups).toEqual([]);
  });
});
