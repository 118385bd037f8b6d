import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../../apps/server/src/platform/bus/types.ts';
import { waitFor } from '../../../apps/server/test/events-helpers.ts';
import { ApplicationError } from '../src/errors.ts';
import { createAppRecording, failure, startDataServer, type DataServer } from './data-fixtures.ts';

// Bulk calls and item events through the SDK, against the real server with a handler subscribed to the
// data item events (delivered through the outbox, pg-boss on the same database).
let server: DataServer;
const delivered: Array<EventEnvelope<{ dataCollectionId: string; dataItemId: string; dataItem?: unknown }>> =
  [];

interface WireBulkAnswer {
  results: Array<{
    action: string;
    itemMetadata: {
      id: string | null;
      originalIndex: number;
      success: boolean;
      error?: { code: string; description: string };
    };
    dataItem?: { id: string; data: Record<string, unknown> };
  }>;
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number };
}

/** The wire answer of the last call (the SDK turns it into its summary; the wire shape is checked too). */
function lastAnswer(): WireBulkAnswer {
  return server.sent.at(-1)!.answer as WireBulkAnswer;
}

beforeAll(async () => {
  server = await startDataServer(
    await createAppRecording(
      ['data_item_created', 'data_item_updated', 'data_item_deleted'],
      delivered as EventEnvelope[],
    ),
  );
  const { owner } = server.clients;
  await owner.collections.createDataCollection({
    id: 'People',
    fields: [{ key: 'name', type: 'TEXT' }],
  });
  await owner.collections.createDataCollection({
    id: 'Books',
    fields: [
      { key: 'title', type: 'TEXT' },
      { key: 'pages', type: 'NUMBER' },
      { key: 'tags', type: 'ARRAY_STRING' },
      {
        key: 'authors',
        type: 'MULTI_REFERENCE',
        typeMetadata: { multiReference: { referencedCollectionId: 'People' } },
      },
    ],
  });
  await owner.items.bulkInsert('People', [
    { _id: 'p1', name: 'Ada' },
    { _id: 'p2', name: 'Grace' },
    { _id: 'p3', name: 'Edsger' },
  ]);
});
afterAll(() => server?.close());

describe('bulk insert', () => {
  it('answers itemMetadata per item and the bulk summary; an existing _id is WDE0074, counted as skipped', async () => {
    const { owner } = server.clients;
    await owner.items.insert('Books', { _id: 'existing', title: 'Old' });
    const result = await owner.items.bulkInsert('Books', [
      { _id: 'i1', title: 'One', pages: 10 },
      { _id: 'existing', title: 'Again' },
      { title: 'Bad', pages: 'many' },
      { title: 'Generated id' },
    ]);
    const wire = lastAnswer();
    expect(
      wire.results.map((entry) => [
        entry.action,
        entry.itemMetadata.originalIndex,
        entry.itemMetadata.success,
      ]),
    ).toEqual([
      ['INSERT', 0, true],
      ['INSERT', 1, false],
      ['INSERT', 2, false],
      ['INSERT', 3, true],
    ]);
    expect(wire.results[1]!.itemMetadata.error?.code).toBe('WDE0074');
    expect(wire.results[2]!.itemMetadata.error).toMatchObject({ code: 'WD_VALIDATION_ERROR' });
    expect(wire.results[2]!.itemMetadata.error!.description).toContain('pages');
    expect(wire.results[0]!.dataItem?.data).toMatchObject({ _id: 'i1', title: 'One' });
    expect(wire.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 2 });

    expect(result.inserted).toBe(2);
    expect(result.skipped).toBe(1);
    expect(result.insertedItemIds[0]).toBe('i1');
    expect(result.insertedItemIds[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.errors.map((error) => [error.code, error.originalIndex, error.item])).toEqual([
      ['WD_VALIDATION_ERROR', 2, { title: 'Bad', pages: 'many' }],
    ]);
    expect((await owner.items.get('Books', 'existing'))?.title).toBe('Old');
  });

  it('overrideExisting turns existing ids into updates', async () => {
    const { owner } = server.clients;
    const result = await owner.items.bulkInsert(
      'Books',
      [{ _id: 'existing', title: 'Replaced' }, { _id: 'i2' }],
      {
        overrideExisting: true,
      },
    );
    expect(result).toMatchObject({
      inserted: 1,
      updated: 1,
      updatedItemIds: ['existing'],
      insertedItemIds: ['i2'],
    });
    expect((await owner.items.get('Books', 'existing'))?.title).toBe('Replaced');
  });
});

describe('bulk update, save, patch, remove', () => {
  beforeAll(async () => {
    await server.clients.owner.items.bulkSave('Books', [
      { _id: 'u1', title: 'U1', pages: 1, tags: ['x'] },
      { _id: 'u2', title: 'U2', pages: 2, tags: ['x', 'y'] },
    ]);
  });

  it('update: a missing id is WDE0073 and skipped, an invalid item an error; the rest written', async () => {
    const { owner } = server.clients;
    const result = await owner.items.bulkUpdate('Books', [
      { _id: 'u1', title: 'U1 new', pages: 11 },
      { _id: 'ghost', title: '?' },
      { _id: 'u2', title: 'U2', pages: 'two' },
    ]);
    const wire = lastAnswer();
    expect(
      wire.results.map((entry) => [
        entry.action,
        entry.itemMetadata.id,
        entry.itemMetadata.error?.code ?? null,
      ]),
    ).toEqual([
      ['UPDATE', 'u1', null],
      ['UPDATE', 'ghost', 'WDE0073'],
      ['UPDATE', 'u2', 'WD_VALIDATION_ERROR'],
    ]);
    expect(wire.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 2 });
    expect(result).toMatchObject({ updated: 1, skipped: 1, updatedItemIds: ['u1'] });
    expect(result.errors.map((error) => [error.code, error.originalIndex])).toEqual([
      ['WD_VALIDATION_ERROR', 2],
    ]);
    expect(await owner.items.get('Books', 'ghost')).toBeNull();
    expect((await owner.items.get('Books', 'u2'))?.pages).toBe(2);
  });

  it('save inserts new ids and replaces existing ones', async () => {
    const { owner } = server.clients;
    const result = await owner.items.bulkSave('Books', [
      { _id: 'u2', title: 'U2 saved', pages: 22, tags: ['x', 'y'] },
      { _id: 's3', title: 'S3' },
    ]);
    expect(lastAnswer().results.map((entry) => entry.action)).toEqual(['UPDATE', 'INSERT']);
    expect(result).toMatchObject({
      inserted: 1,
      updated: 1,
      insertedItemIds: ['s3'],
      updatedItemIds: ['u2'],
    });
  });

  it('patch applies every action to each item; a missing id is WDE0073, a patch that cannot apply an error', async () => {
    const { owner } = server.clients;
    const result = await owner.items
      .bulkPatch('Books', ['u1', 'u2', 'ghost', 's3'])
      .incrementField('pages', 5)
      .appendToArray('tags', 'z')
      .removeFromArray('tags', 'x')
      .setField('patched', true)
      .removeField('title')
      .run();
    const wire = lastAnswer();
    expect(
      wire.results.map((entry) => [
        entry.action,
        entry.itemMetadata.id,
        entry.itemMetadata.error?.code ?? null,
      ]),
    ).toEqual([
      ['PATCH', 'u1', null],
      ['PATCH', 'u2', null],
      ['PATCH', 'ghost', 'WDE0073'],
      ['PATCH', 's3', null],
    ]);
    expect(result).toMatchObject({ updated: 3, skipped: 1 });
    const u2 = await owner.items.get('Books', 'u2');
    expect(u2).toMatchObject({ pages: 27, tags: ['y', 'z'], patched: true });
    expect(u2?.title).toBeUndefined();
    // s3 had no pages and no tags: increment starts at 0, append makes the array.
    expect(await owner.items.get('Books', 's3')).toMatchObject({ pages: 5, tags: ['z'] });

    const wrong = await owner.items.bulkPatch('Books', ['u1']).incrementField('tags', 1).run();
    expect(wrong.errors.map((error) => [error.code, error.originalIndex])).toEqual([
      ['WD_VALIDATION_ERROR', 0],
    ]);
    expect((await owner.items.get('Books', 'u1'))?.tags).toEqual(['z']);
  });

  it('remove: removed ids, and missing ids as WDE0073 skipped', async () => {
    const { owner } = server.clients;
    const result = await owner.items.bulkRemove('Books', ['s3', 'ghost']);
    expect(lastAnswer().results.map((entry) => [entry.action, entry.itemMetadata.success])).toEqual([
      ['DELETE', true],
      ['DELETE', false],
    ]);
    expect(lastAnswer().results[1]!.itemMetadata.error?.code).toBe('WDE0073');
    expect(result).toMatchObject({ removed: 1, skipped: 1, removedItemIds: ['s3'], errors: [] });
    expect(await owner.items.get('Books', 's3')).toBeNull();
  });
});

describe('bulk references', () => {
  it('inserts several references at once with a result per reference, and removes them', async () => {
    const { owner } = server.clients;
    await owner.items.insert('Books', { _id: 'r1', title: 'Referring' });
    await owner.items.insertReference('Books', [
      { relationshipName: 'authors', left: 'r1', right: 'p1' },
      { relationshipName: 'authors', left: { _id: 'r1' }, right: { _id: 'p2' } },
      { relationshipName: 'authors', left: 'r1', right: 'p3' },
    ]);
    const inserted = server.sent.at(-1)!.answer as {
      results: Array<{ referenceMetadata: { success: boolean } }>;
    };
    expect(inserted.results.map((entry) => entry.referenceMetadata.success)).toEqual([true, true, true]);
    const names = async () =>
      (await owner.items.queryReferenced('Books', 'r1', 'authors')).items.map((item) => item.name);
    expect(await names()).toEqual(['Ada', 'Grace', 'Edsger']);
    await owner.items.removeReference('Books', 'authors', 'r1', ['p1', 'p3']);
    expect(await names()).toEqual(['Grace']);
    const page = await owner.items.query('Books').eq('_id', 'r1').include('authors').find();
    expect((page.items[0]!.authors as Array<{ name: string }>).map((author) => author.name)).toEqual([
      'Grace',
    ]);
  });

  it('fails the call on the first refused reference (an unknown referring item: WDE0073)', async () => {
    const { owner } = server.clients;
    const error = await failure(
      owner.items.insertReference('Books', [
        { relationshipName: 'authors', left: 'r1', right: 'p1' },
        { relationshipName: 'authors', left: 'no-book', right: 'p1' },
      ]),
    );
    expect(error.code).toBe('WDE0073');
    const wire = server.sent.at(-1)!.answer as {
      results: Array<{ referenceMetadata: { success: boolean; error?: { code: string } } }>;
    };
    expect(wire.results.map((entry) => entry.referenceMetadata.error?.code ?? 'ok')).toEqual([
      'ok',
      'WDE0073',
    ]);
  });
});

describe('limits', () => {
  it('refuses 1001 items before sending (WDE0006, WDE0069), and the server refuses them too, writing nothing', async () => {
    const { owner } = server.clients;
    const before = await owner.items.query('Books').count();
    const sentBefore = server.sent.length;
    const many = Array.from({ length: 1001 }, (_, index) => ({ _id: `m${index}`, title: `m${index}` }));
    expect((await failure(owner.items.bulkInsert('Books', many))).wdeCode).toBe('WDE0006');
    expect((await failure(owner.items.bulkSave('Books', many))).wdeCode).toBe('WDE0006');
    expect((await failure(owner.items.bulkUpdate('Books', many))).wdeCode).toBe('WDE0006');
    const ids = many.map((item) => item._id);
    expect((await failure(owner.items.bulkRemove('Books', ids))).wdeCode).toBe('WDE0069');
    expect(server.sent.length).toBe(sentBefore);

    // The server's own check, for clients that do not check first (the SDK's raw pipeline).
    for (const [path, body, code] of [
      ['insert', { dataCollectionId: 'Books', dataItems: many.map((data) => ({ data })) }, 'WDE0006'],
      ['save', { dataCollectionId: 'Books', dataItems: many.map((data) => ({ data })) }, 'WDE0006'],
      ['update', { dataCollectionId: 'Books', dataItems: many.map((data) => ({ data })) }, 'WDE0006'],
      ['remove', { dataCollectionId: 'Books', dataItemIds: ids }, 'WDE0069'],
      [
        'patch',
        {
          dataCollectionId: 'Books',
          patches: ids.map((dataItemId) => ({
            dataItemId,
            fieldModifications: [{ action: 'SET_FIELD', fieldPath: 'x', setFieldOptions: { value: 1 } }],
          })),
        },
        'WDE0006',
      ],
    ] as const) {
      const refused = await owner.request({ method: 'POST', path: `/data/v2/bulk/items/${path}`, body }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused, path).toBeInstanceOf(ApplicationError);
      expect([(refused as ApplicationError).status, (refused as ApplicationError).code], path).toEqual([
        400,
        code,
      ]);
    }
    expect(await owner.items.query('Books').count()).toBe(before);
  });
});

describe('item events through the outbox', () => {
  it('delivers data_item_created, data_item_updated and data_item_deleted to a subscribed handler', async () => {
    const { owner } = server.clients;
    const item = await owner.items.insert('Books', { _id: 'ev1', title: 'Evented' });
    await owner.items.update('Books', { _id: 'ev1', title: 'Evented again' });
    await owner.items.patch('Books', 'ev1').setField('pages', 3).run();
    await owner.items.bulkInsert('Books', [{ _id: 'ev2' }, { _id: 'ev3' }]);
    await owner.items.remove('Books', item._id);
    await owner.items.bulkRemove('Books', ['ev2', 'ev3']);
    const of = (id: string) =>
      delivered.filter((event) => event.data.dataItemId === id).map((event) => event.name);
    await waitFor('the item events', async () => of('ev1').length >= 4 && of('ev3').length >= 2);
    expect(of('ev1').sort()).toEqual([
      'data_item_created',
      'data_item_deleted',
      'data_item_updated',
      'data_item_updated',
    ]);
    expect(of('ev2').sort()).toEqual(['data_item_created', 'data_item_deleted']);
    const created = delivered.find(
      (event) => event.data.dataItemId === 'ev1' && event.name === 'data_item_created',
    )!;
    expect(created.siteId).toBe(server.site.id);
    expect(created.data).toMatchObject({
      dataCollectionId: 'Books',
      dataItem: { id: 'ev1', data: { title: 'Evented' } },
    });
    const updates = delivered.filter(
      (event) => event.data.dataItemId === 'ev1' && event.name === 'data_item_updated',
    );
    expect(updates.map((event) => (event.data.dataItem as { data: { title: string } }).data.title)).toEqual([
      'Evented again',
      'Evented again',
    ]);
  });

  it('a refused call emits nothing', async () => {
    const { owner, visitor } = server.clients;
    await failure(visitor.items.insert('Books', { _id: 'ev-refused' }));
    await failure(owner.items.insert('Books', { _id: 'ev-bad', pages: 'many' }));
    await owner.items.insert('Books', { _id: 'ev-after' });
    await waitFor('the later event', async () =>
      delivered.some((event) => event.data.dataItemId === 'ev-after'),
    );
    expect(delivered.filter((event) => ['ev-refused', 'ev-bad'].includes(event.data.dataItemId))).toEqual([]);
  });
});
