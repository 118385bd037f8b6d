import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../../apps/server/src/platform/bus/types.ts';
import { waitFor } from '../../../apps/server/test/events-helpers.ts';
import type { DataItem, DataJob } from '../src/modules/data/index.ts';
import { createAppRecording, failure, startDataServer, type DataServer } from './data-fixtures.ts';

// Import and export jobs through the SDK's `jobs` module, against the real server and its job queue, with a
// handler subscribed to the job events.
let server: DataServer;
const jobEvents: Array<EventEnvelope<{ job: DataJob }>> = [];

const bookFields = [
  { key: 'title', type: 'TEXT' },
  { key: 'pages', type: 'NUMBER' },
  { key: 'published', type: 'DATETIME' },
  { key: 'available', type: 'BOOLEAN' },
  { key: 'tags', type: 'ARRAY_STRING' },
  {
    key: 'authors',
    type: 'MULTI_REFERENCE',
    typeMetadata: { multiReference: { referencedCollectionId: 'People' } },
  },
] as const;

let counter = 0;
async function newCollection(): Promise<string> {
  counter += 1;
  const id = `Books${counter}`;
  await server.clients.owner.collections.createDataCollection({ id, fields: [...bookFields] });
  return id;
}

/** Every item of a collection without the server-set dates, by `_id`, with its authors' ids. */
async function contentsOf(collection: string) {
  const { owner } = server.clients;
  const page = await owner.items.query(collection).ascending('_id').limit(1000).find();
  const out: Record<string, Record<string, unknown>> = {};
  for (const item of page.items) {
    const { _createdDate, _updatedDate, ...rest } = item;
    void _createdDate;
    void _updatedDate;
    const authors = await owner.items.queryReferenced(collection, item._id, 'authors');
    out[item._id] = { ...rest, authors: authors.items.map((author: DataItem) => author._id) };
  }
  return out;
}

beforeAll(async () => {
  server = await startDataServer(
    await createAppRecording(['job_created', 'job_updated', 'job_deleted'], jobEvents as EventEnvelope[]),
  );
  const { owner } = server.clients;
  await owner.collections.createDataCollection({ id: 'People', fields: [{ key: 'name', type: 'TEXT' }] });
  await owner.items.bulkInsert('People', [
    { _id: 'p1', name: 'Ada' },
    { _id: 'p2', name: 'Grace' },
  ]);
});
afterAll(() => server?.close());

describe('import', () => {
  it('CSV OVERWRITE: replaces existing items, writes good rows, reports each bad row', async () => {
    const { owner } = server.clients;
    const collection = await newCollection();
    await owner.items.insert(collection, { _id: 'b1', title: 'Old title', pages: 1 });
    const csv = [
      '_id,title,pages,published,available,tags,authors',
      'b1,New title,120,2024-03-01T10:00:00Z,true,"[""a"",""b""]","[""p2"",""p1""]"',
      'b2,"Quoted, with comma",80,,false,[],',
      'b3,Bad pages,many,,,,',
      'b4,Too many,1,,,,,extra',
      '',
    ].join('\n');
    const started = await owner.jobs.importFile(collection, csv, { format: 'CSV', mode: 'OVERWRITE' });
    expect(started).toMatchObject({
      kind: 'IMPORT',
      format: 'CSV',
      mode: 'OVERWRITE',
      dataCollectionId: collection,
    });
    expect(['INITIALIZING', 'IN_PROGRESS', 'PARTIALLY_SUCCESSFUL']).toContain(started.status);
    const job = await owner.jobs.waitForJob(started.id);
    expect(job).toMatchObject({
      status: 'PARTIALLY_SUCCESSFUL',
      totalRows: 4,
      insertedRows: 1,
      updatedRows: 1,
      failedRows: 2,
      failure: null,
    });
    const report = await owner.jobs.listJobErrors(job.id);
    expect(report.total).toBe(2);
    expect(report.hasNext).toBe(false);
    expect(report.errors.map((error) => [error.rowNumber, error.code, error.itemId])).toEqual([
      [3, 'INVALID_VALUE', 'b3'],
      [4, 'INVALID_CSV_ROW', null],
    ]);
    expect(report.errors[0]!.description).toContain('pages');
    const firstOnly = await owner.jobs.listJobErrors(job.id, { limit: 1 });
    expect(firstOnly).toMatchObject({ total: 2, hasNext: true });
    expect(
      (await owner.jobs.listJobErrors(job.id, { afterRow: 3 })).errors.map((error) => error.rowNumber),
    ).toEqual([4]);

    const contents = await contentsOf(collection);
    expect(Object.keys(contents)).toEqual(['b1', 'b2']);
    expect(contents.b1).toMatchObject({
      title: 'New title',
      pages: 120,
      published: new Date('2024-03-01T10:00:00Z'),
      available: true,
      tags: ['a', 'b'],
      authors: ['p2', 'p1'],
    });
    expect(contents.b2).toMatchObject({ title: 'Quoted, with comma', pages: 80, available: false, tags: [] });
    expect(await owner.jobs.downloadFile(job.id)).toBe(csv);
  });

  it('JSONL SKIP_EXISTING: keeps existing items and counts them as skipped; bad lines are reported', async () => {
    const { owner } = server.clients;
    const collection = await newCollection();
    await owner.items.insert(collection, { _id: 'keep', title: 'Kept' });
    const jsonl = [
      JSON.stringify({ _id: 'keep', title: 'Ignored' }),
      JSON.stringify({
        _id: 'n1',
        title: 'New',
        published: { $date: '2024-01-02T03:04:05.000Z' },
        authors: ['p1'],
      }),
      '{"_id": "broken", ',
      '[1, 2]',
      JSON.stringify({ _id: 'n2', pages: 'many' }),
    ].join('\n');
    const job = await owner.jobs.waitForJob(
      (await owner.jobs.importFile(collection, jsonl, { format: 'JSONL', mode: 'SKIP_EXISTING' })).id,
    );
    expect(job).toMatchObject({
      status: 'PARTIALLY_SUCCESSFUL',
      insertedRows: 1,
      skippedRows: 1,
      failedRows: 3,
    });
    const codes = (await owner.jobs.listJobErrors(job.id)).errors.map((error) => [
      error.rowNumber,
      error.code,
    ]);
    expect(codes).toEqual([
      [3, 'INVALID_JSON'],
      [4, 'INVALID_ROW'],
      [5, 'WD_VALIDATION_ERROR'],
    ]);
    const contents = await contentsOf(collection);
    expect(contents.keep?.title).toBe('Kept');
    expect(contents.n1).toMatchObject({ published: new Date('2024-01-02T03:04:05.000Z'), authors: ['p1'] });
  });

  it('TRUNCATE_BEFORE empties the collection first; a file of good rows is COMPLETED', async () => {
    const { owner } = server.clients;
    const collection = await newCollection();
    await owner.items.bulkInsert(collection, [{ _id: 'old1' }, { _id: 'old2' }]);
    const job = await owner.jobs.waitForJob(
      (
        await owner.jobs.importFile(collection, '_id,title\nfresh,Fresh\n', {
          format: 'CSV',
          mode: 'TRUNCATE_BEFORE',
        })
      ).id,
    );
    expect(job).toMatchObject({ status: 'COMPLETED', insertedRows: 1, failedRows: 0 });
    expect(Object.keys(await contentsOf(collection))).toEqual(['fresh']);
  });

  it('a file of only bad rows is FAILED and writes nothing', async () => {
    const { owner } = server.clients;
    const collection = await newCollection();
    const job = await owner.jobs.waitForJob(
      (await owner.jobs.importFile(collection, 'not json\n', { format: 'JSONL', mode: 'OVERWRITE' })).id,
    );
    expect(job).toMatchObject({ status: 'FAILED', failedRows: 1, insertedRows: 0 });
    expect(await owner.items.query(collection).count()).toBe(0);
  });
});

describe('export', () => {
  let source: string;
  beforeAll(async () => {
    const { owner } = server.clients;
    source = await newCollection();
    await owner.items.bulkInsert(source, [
      {
        _id: 'e1',
        title: 'With, comma and "quotes"',
        pages: 10,
        published: new Date('2023-05-06T07:08:09.000Z'),
        available: true,
        tags: ['x', 'y'],
        extra: { nested: [1, 2] },
      },
      { _id: 'e2', title: 'Unicode ✓ ünïcødé', pages: 20, available: false },
      { _id: 'e3', title: 'Bare' },
    ]);
    await owner.items.replaceReferences(source, 'authors', 'e1', ['p2', 'p1']);
    await owner.items.replaceReferences(source, 'authors', 'e2', ['p1']);
  });

  for (const format of ['CSV', 'JSONL'] as const) {
    it(`${format}: exports every item with its multi-references, and imports back to the same items`, async () => {
      const { owner } = server.clients;
      const exported = await owner.jobs.waitForJob((await owner.jobs.exportItems(source, { format })).id);
      expect(exported).toMatchObject({ kind: 'EXPORT', status: 'COMPLETED', totalRows: 3 });
      const file = await owner.jobs.downloadFile(exported.id);
      if (format === 'CSV') {
        expect(file.split('\n')[0]).toBe(
          '_id,_owner,_createdDate,_updatedDate,title,pages,published,available,tags,authors,extra',
        );
        expect(file).toContain('"[""p2"",""p1""]"');
      } else {
        expect(JSON.parse(file.split('\n')[0]!)).toMatchObject({ _id: 'e1', authors: ['p2', 'p1'] });
      }
      const target = await newCollection();
      const imported = await owner.jobs.waitForJob(
        (await owner.jobs.importFile(target, file, { format, mode: 'OVERWRITE' })).id,
      );
      expect(imported).toMatchObject({ status: 'COMPLETED', insertedRows: 3 });
      const [before, after] = [await contentsOf(source), await contentsOf(target)];
      if (format === 'CSV') {
        // Undeclared columns come back as text in CSV.
        expect(after.e1!.extra).toBe('{"nested":[1,2]}');
        delete before.e1!.extra;
        delete after.e1!.extra;
      }
      expect(after).toEqual(before);
      expect(after.e1!.authors).toEqual(['p2', 'p1']);
    });
  }

  it('exports only what the filter matches', async () => {
    const { owner } = server.clients;
    const job = await owner.jobs.waitForJob(
      (await owner.jobs.exportItems(source, { format: 'JSONL', filter: { pages: { $gte: 15 } } })).id,
    );
    const lines = (await owner.jobs.downloadFile(job.id)).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line)._id)).toEqual(['e2']);
  });
});

describe('job events', () => {
  it('job_created when a job is queued, job_updated when it starts and when it ends', async () => {
    const { owner } = server.clients;
    const collection = await newCollection();
    const started = await owner.jobs.importFile(collection, '{"_id":"e1"}\nnot json\n', {
      format: 'JSONL',
      mode: 'OVERWRITE',
    });
    const done = await owner.jobs.waitForJob(started.id);
    const of = () => jobEvents.filter((event) => event.data.job.id === started.id);
    await waitFor('the job events', async () => of().length >= 3);
    expect(of().map((event) => [event.name, event.data.job.status])).toEqual([
      ['job_created', 'INITIALIZING'],
      ['job_updated', 'IN_PROGRESS'],
      ['job_updated', 'PARTIALLY_SUCCESSFUL'],
    ]);
    expect(of().at(-1)!.data.job).toMatchObject({ insertedRows: 1, failedRows: 1 });
    expect(new Date(of().at(-1)!.data.job.updatedDate)).toEqual(done.updatedDate);
    expect(of()[0]!.siteId).toBe(server.site.id);
  });
});

describe('who may run jobs', () => {
  it('an app (API key) may; staff, members and visitors are refused; bad requests are clear errors', async () => {
    const { app, staff, ann, visitor, owner } = server.clients;
    const collection = await newCollection();
    const job = await app.jobs.waitForJob(
      (await app.jobs.importFile(collection, '{"_id":"by-app"}\n', { format: 'JSONL', mode: 'OVERWRITE' }))
        .id,
    );
    expect(job.status).toBe('COMPLETED');
    expect((await owner.items.get(collection, 'by-app'))?._id).toBe('by-app');
    for (const client of [staff, ann, visitor]) {
      const refused = await failure(
        client.jobs.importFile(collection, '{"_id":"x"}\n', { format: 'JSONL', mode: 'OVERWRITE' }),
      );
      expect(refused.status).toBe(403);
      expect((await failure(client.jobs.exportItems(collection, { format: 'CSV' }))).status).toBe(403);
      expect((await failure(client.jobs.getJob(job.id))).status).toBe(403);
    }
    expect(await owner.items.query(collection).count()).toBe(1);

    const unknown = await failure(owner.jobs.exportItems('Nowhere', { format: 'CSV' }));
    expect([unknown.status, unknown.code]).toEqual([404, 'WDE0025']);
    const badFilter = await failure(
      owner.jobs.exportItems(collection, { format: 'CSV', filter: { title: { $regex: 'x' } } }),
    );
    expect(badFilter.status).toBe(400);
    expect((await failure(owner.jobs.getJob('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    expect((await failure(owner.jobs.importFile('', 'x', { format: 'CSV', mode: 'OVERWRITE' }))).code).toBe(
      'WD_VALIDATION_ERROR',
    );
  });
});
