import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceAdapter } from '../../../apps/server/src/modules/data/external/reference-adapter/reference-adapter.ts';
import { createTestApp } from '../../../apps/server/test/test-app.ts';
import { failure, startDataServer, type DataServer } from './data-fixtures.ts';

// The data administration modules of the SDK against the real server (both databases): collection schema
// changes and plugins, drafts, backups and restores, tasks, permissions, external database connections.
let server: DataServer;
let adapter: FastifyInstance;

beforeAll(async () => {
  // The reference adapter listens on loopback, which external connections may reach only with the setting.
  server = await startDataServer(
    await createTestApp({ config: { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' } }),
  );
  adapter = await createReferenceAdapter({
    database: server.t.app.database,
    secretKey: 's3cret',
    collections: [{ id: 'Stock', fields: [{ key: 'sku', type: 'TEXT' }] }],
  });
  await adapter.listen({ port: 0, host: '127.0.0.1' });
  const { owner } = server.clients;
  await owner.collections.createDataCollection({
    id: 'Articles',
    fields: [{ key: 'title', type: 'TEXT' }],
    permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
  });
  await owner.items.bulkInsert('Articles', [
    { _id: 'a1', title: 'First' },
    { _id: 'a2', title: 'Second' },
  ]);
});

afterAll(async () => {
  await adapter?.close();
  await server?.close();
});

describe('collectionSchema', () => {
  it('adds, patches and deletes a field; adds the publish plugin, which hides drafts from visitors', async () => {
    const { owner, visitor } = server.clients;
    const withField = await owner.collectionSchema.createField('Articles', { key: 'views', type: 'NUMBER' });
    expect(withField.fields.map((field) => field.key)).toContain('views');
    await owner.collectionSchema.patchField('Articles', { key: 'views', displayName: 'Views' });
    await owner.collectionSchema.deleteField('Articles', 'views');
    const refused = await failure(
      server.clients.staff.collectionSchema.createField('Articles', { key: 'x', type: 'TEXT' }),
    );
    expect(refused.code).toBe('PERMISSION_DENIED');

    await owner.collectionSchema.addPlugin('Articles', {
      type: 'PUBLISH',
      publishOptions: { defaultStatus: 'DRAFT' },
    });
    await owner.items.insert('Articles', { _id: 'a3', title: 'Draft' });
    expect((await visitor.items.query('Articles').find()).items.map((item) => item._id).sort()).toEqual([
      'a1',
      'a2',
    ]);
    await owner.collectionSchema.deletePlugin('Articles', 'PUBLISH');
  });
});

describe('backups', () => {
  it('backs up, and restores a collection after its items are gone', async () => {
    const { owner } = server.clients;
    const backup = await owner.backups.createBackup();
    const ready = await owner.backups.waitForBackup(backup.id);
    expect(ready.status).toBe('READY');
    await owner.items.truncate('Articles');
    const restoration = await owner.backups.restorePartialBackup(ready.id, [
      { dataCollectionId: 'Articles' },
    ]);
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const listed = await owner.backups.listRestorations();
      if (listed.restorations.find((entry) => entry.id === restoration.id)?.status === 'COMPLETED') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await owner.items.query('Articles').find()).items.map((item) => item._id).sort()).toEqual([
      'a1',
      'a2',
      'a3',
    ]);
  });
});

describe('tasks', () => {
  it('deletes by query and reports exact counts', async () => {
    const { app } = server.clients;
    const task = await app.tasks.createTask({
      type: 'DELETE_BY_QUERY',
      deleteByQueryOptions: { dataCollectionId: 'Articles', filter: { title: 'Draft' } },
    });
    const done = await app.tasks.waitForTask(task.id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      estimatedItemCount: 1,
      itemsSucceeded: 1,
      itemsFailed: 0,
    });
    expect((await app.tasks.listTasks()).tasks.map((entry) => entry.id)).toContain(task.id);
  });
});

describe('dataPermissions', () => {
  it('denies visitors reading with a special permission, and tells each caller what it may do', async () => {
    const { owner, visitor, ann } = server.clients;
    const rule = await owner.dataPermissions.addSpecialPermissions('Articles', {
      policyId: 'VISITORS',
      itemRead: 'DENIED',
    });
    expect((await failure(visitor.items.query('Articles').find())).code).toBe('WDE0027');
    expect(await visitor.dataPermissions.getMyPermissions('Articles')).toMatchObject({ itemRead: false });
    expect(await ann.dataPermissions.getMyPermissions('Articles')).toMatchObject({
      itemRead: true,
      itemInsert: false,
    });
    await owner.dataPermissions.removeSpecialPermissions(rule.id);
    expect((await visitor.items.query('Articles').find()).items.length).toBe(2);
  });
});

describe('externalConnections', () => {
  it('checks the adapter and reports an unauthorised secret', async () => {
    const { owner } = server.clients;
    const endpoint = `http://127.0.0.1:${(adapter.server.address() as AddressInfo).port}`;
    const good = await owner.externalConnections.createConnection('stock', {
      endpoint,
      configuration: { secretKey: 's3cret' },
    });
    expect(good.connectionStatus).toEqual({
      successful: true,
      causeOfFailure: 'NONE',
      hasCollections: 'YES',
    });
    const bad = await owner.externalConnections.updateConnection('stock', {
      configuration: { secretKey: 'wrong' },
    });
    expect(bad.connectionStatus.causeOfFailure).toBe('UNAUTHORIZED');
    expect((await failure(owner.externalConnections.listConnectionCollections('stock'))).code).toBe(
      'EXTERNAL_DATABASE_UNAUTHORIZED',
    );
    const missing = await failure(owner.externalConnections.getConnection('nope'));
    expect(missing.code).toBe('EXTERNAL_DATABASE_CONNECTION_NOT_FOUND');

    // Items of the connection's collections go to its adapter; a refused secret is reported, not a 5xx.
    const refused = await failure(owner.items.query('stock/Stock').find());
    expect(refused.code).toBe('EXTERNAL_DATABASE_UNAUTHORIZED');
    await owner.externalConnections.updateConnection('stock', { configuration: { secretKey: 's3cret' } });
    expect(await owner.externalConnections.listConnectionCollections('stock')).toEqual({
      collections: [{ id: 'Stock', displayName: 'Stock', fields: [{ key: 'sku', type: 'text' }] }],
    });
    await owner.items.insert('stock/Stock', { _id: 'k1', sku: 'K-1' });
    expect((await owner.items.query('stock/Stock').find()).items.map((item) => item._id)).toEqual(['k1']);
    expect((await failure(server.clients.visitor.items.query('stock/Stock').find())).code).toBe(
      'PERMISSION_DENIED',
    );
  });
});
