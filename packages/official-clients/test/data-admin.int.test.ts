import { createServer, type AddressInfo } from 'node:net';
import * as backups from '@wix/auto_sdk_data_backups';
import * as collections from '@wix/auto_sdk_data_collections';
import * as connections from '@wix/auto_sdk_data_external-database-connections';
import * as indexes from '@wix/auto_sdk_data_indexes';
import * as movement from '@wix/auto_sdk_data_movement-jobs';
import * as permissions from '@wix/auto_sdk_data_permissions';
import * as tasks from '@wix/auto_sdk_data_tasks';
import { ApiKeyStrategy, createClient } from '@wix/sdk';
import * as items from '@wix/wix-data-items-sdk';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceAdapter } from '../../../apps/server/src/modules/data/external/reference-adapter/reference-adapter.ts';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// The official `@wix/data` administration clients (backups, tasks, permissions, movement jobs, external
// database connections, collection fields and plugins, indexes), unchanged, against Atrium, as the business.

let atrium: AtriumBehindOfficialHost;
let adapter: FastifyInstance;
let adapterUrl: string;
let client: ReturnType<typeof makeClient>;

function makeClient() {
  return createClient({
    modules: { backups, collections, connections, indexes, items, movement, permissions, tasks },
    auth: ApiKeyStrategy({ apiKey: atrium.apiKey, siteId: atrium.siteId }),
  });
}

/** A port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('did not finish');
}

beforeAll(async () => {
  // The reference adapter listens on loopback, which external connections may reach only with the setting.
  atrium = await startAtriumBehindOfficialHost({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' });
  client = makeClient();
  adapter = await createReferenceAdapter({
    database: atrium.testApp.app.database,
    secretKey: 'adapter-secret',
    collections: [{ id: 'Inventory', fields: [{ key: 'sku', type: 'TEXT' }] }],
  });
  await adapter.listen({ port: 0, host: '127.0.0.1' });
  adapterUrl = `http://127.0.0.1:${(adapter.server.address() as AddressInfo).port}`;
  await client.collections.createDataCollection({
    _id: 'Notes',
    fields: [
      { key: 'title', type: 'TEXT' },
      { key: 'tags', type: 'ARRAY_STRING' },
    ],
    permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
  });
  await client.items.bulkInsert('Notes', [
    { _id: 'n1', title: 'one', tags: ['a'] },
    { _id: 'n2', title: 'two', tags: ['b'] },
    { _id: 'n3', title: 'three', tags: ['a', 'b'] },
  ]);
});

afterAll(async () => {
  await adapter?.close();
  await atrium?.close();
});

describe('the official data administration clients against Atrium', () => {
  it('changes fields and plugins of a collection', async () => {
    const created = await client.collections.createDataCollectionField('Notes', {
      field: { key: 'views', type: 'NUMBER' },
    });
    expect(created.dataCollection?.fields?.map((field) => field.key)).toContain('views');
    const patched = await client.collections.patchDataCollectionField('Notes', {
      key: 'views',
      displayName: 'Views',
    });
    expect(patched.dataCollection?.fields?.find((field) => field.key === 'views')?.displayName).toBe('Views');
    const removed = await client.collections.deleteDataCollectionField('Notes', { fieldKey: 'views' });
    expect(removed.dataCollection?.fields?.map((field) => field.key)).not.toContain('views');
    const withPlugin = await client.collections.addDataCollectionPlugin('Notes', {
      plugin: { type: 'URLIZED', urlizedOptions: { format: 'PLAIN' } },
    });
    expect(withPlugin.dataCollection?.plugins?.map((plugin) => plugin.type)).toEqual(['URLIZED']);
    await client.collections.deleteDataCollectionPlugin('Notes', { pluginType: 'URLIZED' });
  });

  it('takes a backup, deletes items and restores them', async () => {
    const { backup } = await client.backups.createBackup();
    expect(backup?.status).toBe('PENDING');
    const ready = await until(
      () => client.backups.listBackups(),
      (listed) =>
        (listed.backups ?? []).some((entry) => entry._id === backup?._id && entry.status === 'READY'),
    );
    expect(
      ready.backups?.find((entry) => entry._id === backup?._id)?.collections?.map((c) => c._id),
    ).toContain('Notes');
    await client.items.remove('Notes', 'n1');
    const { restoration } = await client.backups.restorePartialBackup(backup!._id!, [
      { dataCollectionId: 'Notes' },
    ]);
    await until(
      () => client.backups.listRestorations(),
      (listed) =>
        (listed.restorations ?? []).some(
          (entry) => entry._id === restoration?._id && entry.status === 'COMPLETED',
        ),
    );
    expect(await client.items.get('Notes', 'n1')).toMatchObject({ _id: 'n1', title: 'one' });
  });

  it('runs tasks and reads their counts', async () => {
    const task = await client.tasks.createTask({
      type: 'EDIT_FIELD_DATA',
      editFieldDataOptions: { dataCollectionId: 'Notes', fieldKey: 'tags', operations: { addItems: ['z'] } },
    });
    const done = await until(
      () => client.tasks.getTask(task._id!),
      (current) => current.status === 'COMPLETED',
    );
    expect(done).toMatchObject({ itemsSucceeded: 3, itemsFailed: 0 });
    expect((await client.tasks.listTasks()).tasks?.map((entry) => entry._id)).toContain(task._id);
  });

  it('reads and changes permissions, and says what the caller may do', async () => {
    const got = await client.permissions.getPermissions('Notes');
    expect(got.dataPermissions?.itemRead).toBe('ANYONE');
    const special = await client.permissions.addSpecialPermissions('Notes', {
      policyId: 'MEMBERS',
      itemInsert: 'ALLOWED',
    });
    expect(special.specialPermissions?._id).toEqual(expect.any(String));
    await client.permissions.removeSpecialPermissions(special.specialPermissions!._id!);
    expect(await client.permissions.getMyPermissions('Notes')).toMatchObject({
      itemRead: true,
      itemRemove: true,
    });
  });

  it('imports an uploaded file and exports a collection through movement jobs', async () => {
    const { uploadUrl, fileId } = await client.movement.createFileUploadUrl({ fileName: 'notes.csv' });
    const put = await fetch(uploadUrl!, {
      method: 'PUT',
      headers: { 'content-type': 'text/csv' },
      body: '_id,title\nm1,moved\nm2,moved too\n',
    });
    expect(put.status).toBe(200);
    const { job } = await client.movement.submitJob(
      { file: { fileId: fileId!, format: 'CSV' } },
      { wixDataCollection: { collectionId: 'Notes', writePolicy: 'SKIP_EXISTING' } },
    );
    const imported = await until(
      () => client.movement.getJob(job!._id!),
      (current) => current.status === 'COMPLETED',
    );
    expect(imported.progress?.itemsSuccessful).toBe(2);
    expect(await client.items.get('Notes', 'm1')).toMatchObject({ title: 'moved' });
    const listed = await client.movement.listJobs();
    expect(listed.jobs?.map((entry) => entry._id)).toContain(job!._id);
    expect((await client.movement.listMovementLogs(job!._id!)).logs).toEqual([]);
  });

  it('connects an external database through the reference adapter and reports failures honestly', async () => {
    const ok = await client.connections.createExternalDatabaseConnection(
      { name: 'inventory', endpoint: adapterUrl, configuration: { secretKey: 'adapter-secret' } },
      'STANDALONE',
    );
    expect(ok.connectionStatus).toMatchObject({
      successful: true,
      causeOfFailure: 'NONE',
      hasCollections: 'YES',
    });
    expect(ok.configuration).not.toHaveProperty('secretKey');
    const wrongSecret = await client.connections.createExternalDatabaseConnection(
      { name: 'wrong', endpoint: adapterUrl, configuration: { secretKey: 'guess' } },
      'STANDALONE',
    );
    expect(wrongSecret.connectionStatus).toMatchObject({ successful: false, causeOfFailure: 'UNAUTHORIZED' });
    const fixed = await client.connections.updateExternalDatabaseConnection('wrong', {
      configuration: { secretKey: 'adapter-secret' },
    });
    expect(fixed.connectionStatus?.successful).toBe(true);
    const unreachable = await client.connections.createExternalDatabaseConnection(
      { name: 'gone', endpoint: `http://127.0.0.1:${await closedPort()}`, configuration: { secretKey: 'x' } },
      'STANDALONE',
    );
    expect(unreachable.connectionStatus?.causeOfFailure).toBe('DESTINATION_HOST_UNREACHABLE');
    const listed = await client.connections.listExternalDatabaseConnections();
    expect(listed.externalDatabaseConnections?.map((entry) => entry.name).sort()).toEqual([
      'gone',
      'inventory',
      'wrong',
    ]);
    await client.connections.deleteExternalDatabaseConnection('gone');
    expect((await client.connections.getExternalDatabaseConnection('inventory')).name).toBe('inventory');
  });

  it("reads and writes an external collection through its connection's adapter", async () => {
    const stock = 'inventory/Inventory';
    const inserted = await client.items.insert(stock, { _id: 'sku-1', sku: 'A-1' });
    expect(inserted).toMatchObject({ _id: 'sku-1', sku: 'A-1' });
    await client.items.insert(stock, { _id: 'sku-2', sku: 'B-2' });
    const found = await client.items.query(stock).eq('sku', 'B-2').find();
    expect(found.items.map((item) => item._id)).toEqual(['sku-2']);
    expect(await client.items.query(stock).count()).toBe(2);
    expect(await client.items.get(stock, 'sku-1')).toMatchObject({ sku: 'A-1' });
    await client.items.remove(stock, 'sku-1');
    expect(await client.items.get(stock, 'sku-1')).toBeNull();
  });

  it('lists indexes', async () => {
    await client.indexes.createIndex('Notes', { name: 'byTitle', fields: [{ path: 'title', order: 'ASC' }] });
    const listed = await client.indexes.listIndexes('Notes');
    expect(listed.indexes?.map((index) => index.name)).toContain('byTitle');
  });
});
