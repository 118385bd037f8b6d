import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePartBytes, importChunkSize } from '../src/modules/data/jobs/data-jobs.service.ts';
import { as, createTestApp, inject, type TestApp } from './test-app.ts';
import { alice, createCollection, date, get, insertItem, ownerCaller, post, staff } from './data-helpers.ts';
import { identityKit } from './identity-helpers.ts';

let t: TestApp;

const bookFields = [
  { key: 'title', type: 'TEXT' },
  { key: 'pages', type: 'NUMBER' },
  { key: 'published', type: 'DATETIME' },
  { key: 'day', type: 'DATE' },
  { key: 'available', type: 'BOOLEAN' },
  { key: 'tags', type: 'ARRAY_STRING' },
  { key: 'meta', type: 'OBJECT' },
];

let collectionCounter = 0;
async function newCollection(prefix = 'Books') {
  const id = `${prefix}${++collectionCounter}`;
  await createCollection(t, { id, fields: bookFields });
  return id;
}

const mediaTypes = { CSV: 'text/csv', JSONL: 'application/x-ndjson' } as const;

function upload(
  collectionId: string,
  mode: string,
  format: keyof typeof mediaTypes,
  text: string,
  caller: Record<string, string> = ownerCaller,
) {
  return inject(t.app, {
    method: 'POST',
    url: `/data/v2/jobs/import?dataCollectionId=${collectionId}&mode=${mode}`,
    headers: { ...caller, 'content-type': mediaTypes[format] },
    payload: text,
  });
}

interface Job {
  id: string;
  status: string;
  totalRows: number;
  insertedRows: number;
  updatedRows: number;
  skippedRows: number;
  failedRows: number;
  chunkCount: number;
  fileBytes: number;
  failure: { code: string } | null;
}

/** Polls the job until it reaches a final status (the queue runs it in this process). */
async function finished(jobId: string, caller: Record<string, string> = ownerCaller): Promise<Job> {
  for (let attempt = 0; attempt < 2400; attempt += 1) {
    const response = await get(t, `/data/v2/jobs/${jobId}`, caller);
    expect(response.status).toBe(200);
    if (['COMPLETED', 'FAILED', 'PARTIALLY_SUCCESSFUL'].includes(response.body.job.status))
      return response.body.job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function importFile(collectionId: string, mode: string, format: keyof typeof mediaTypes, text: string) {
  const response = await upload(collectionId, mode, format, text);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  expect(['INITIALIZING', 'IN_PROGRESS', 'COMPLETED', 'PARTIALLY_SUCCESSFUL']).toContain(
    response.body.job.status,
  );
  return finished(response.body.job.id);
}

async function errorsOf(jobId: string) {
  const response = await get(t, `/data/v2/jobs/${jobId}/errors?limit=1000`);
  expect(response.status).toBe(200);
  return response.body.errors as Array<{
    rowNumber: number;
    code: string;
    description: string;
    itemId: string | null;
  }>;
}

/** Every item of a collection, by `_id`, without the server-set dates. */
async function itemsOf(collectionId: string): Promise<Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, unknown>> = {};
  let offset = 0;
  for (;;) {
    const response = await post(t, '/data/v2/items/query', {
      dataCollectionId: collectionId,
      query: { sort: [{ fieldName: '_id', order: 'ASC' }], paging: { limit: 1000, offset } },
    });
    expect(response.status).toBe(200);
    for (const item of response.body.dataItems as Array<{ data: Record<string, unknown> }>) {
      const { _createdDate, _updatedDate, ...rest } = item.data;
      void _createdDate;
      void _updatedDate;
      out[rest._id as string] = rest;
    }
    if (!response.body.pagingMetadata.hasNext) return out;
    offset += 1000;
  }
}

const csvHeader = '_id,title,pages,published,day,available,tags,meta';
/** Rows 1, 2 and 6 are good; 3 (a number that is not), 4 (an array that is not JSON) and 5 (one column too many) are not. */
const csvFile = [
  csvHeader,
  'b1,New title,120,2024-03-01T10:00:00Z,2024-03-01,true,"[""a"",""b""]","{""x"":1}"',
  'b2,"Quoted, with comma",80,2024-03-02T10:00:00.000Z,2024-03-02,false,[],',
  'b3,Bad pages,many,,,,,',
  'b4,Bad tags,10,,,,not json,',
  'b5,Too many,1,,,,,,extra',
  'b6,Last,7,,,TRUE,,',
  '',
].join('\n');

/** Lines 1, 2 and 6 are good; 3 is not JSON, 4 is not an object, 5 has a number that is not. */
const jsonlFile = [
  JSON.stringify({
    _id: 'b1',
    title: 'New title',
    pages: 120,
    published: date('2024-03-01T10:00:00Z'),
    tags: ['a'],
  }),
  JSON.stringify({
    _id: 'b2',
    title: 'Second',
    pages: 80,
    day: '2024-03-02',
    available: false,
    extra: 'kept',
  }),
  '{"_id": "b3", "title": ',
  '[1, 2, 3]',
  JSON.stringify({ _id: 'b5', title: 'Bad pages', pages: 'many' }),
  JSON.stringify({ _id: 'b6', title: 'Last', meta: { nested: date('2020-01-01T00:00:00+02:00') } }),
].join('\n');

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('import modes, with bad rows', () => {
  for (const format of ['CSV', 'JSONL'] as const) {
    const file = format === 'CSV' ? csvFile : jsonlFile;
    const badRows = format === 'CSV' ? [3, 4, 5] : [3, 4, 5];
    const badCodes =
      format === 'CSV'
        ? ['INVALID_VALUE', 'INVALID_VALUE', 'INVALID_CSV_ROW']
        : ['INVALID_JSON', 'INVALID_ROW', 'WD_VALIDATION_ERROR'];

    it(`${format} OVERWRITE replaces existing items, reports bad rows and writes the others`, async () => {
      const collectionId = await newCollection();
      await insertItem(t, collectionId, { _id: 'b1', title: 'Old title', pages: 1 });
      const job = await importFile(collectionId, 'OVERWRITE', format, file);
      expect(job).toMatchObject({
        status: 'PARTIALLY_SUCCESSFUL',
        totalRows: 6,
        insertedRows: 2,
        updatedRows: 1,
        skippedRows: 0,
        failedRows: 3,
      });
      const errors = await errorsOf(job.id);
      expect(errors.map((error) => error.rowNumber)).toEqual(badRows);
      expect(errors.map((error) => error.code)).toEqual(badCodes);
      for (const error of errors) expect(error.description.length).toBeGreaterThan(0);
      const items = await itemsOf(collectionId);
      expect(Object.keys(items).sort()).toEqual(['b1', 'b2', 'b6']);
      expect(items.b1).toMatchObject({
        title: 'New title',
        pages: 120,
        published: date('2024-03-01T10:00:00.000Z'),
      });
      if (format === 'CSV') {
        expect(items.b1).toMatchObject({
          day: '2024-03-01',
          available: true,
          tags: ['a', 'b'],
          meta: { x: 1 },
        });
        expect(items.b2).toMatchObject({ title: 'Quoted, with comma', available: false, tags: [] });
        expect(items.b6).toMatchObject({ available: true, pages: 7 });
      } else {
        expect(items.b2).toMatchObject({ day: '2024-03-02', available: false, extra: 'kept' });
        expect(items.b6).toMatchObject({ meta: { nested: date('2019-12-31T22:00:00.000Z') } });
      }
      // Published dates are real timestamps: a range filter finds the imported item.
      const range = await post(t, '/data/v2/items/count', {
        dataCollectionId: collectionId,
        filter: { published: { $gt: date('2024-02-29T00:00:00Z'), $lt: date('2024-03-01T12:00:00Z') } },
      });
      expect(range.body.totalCount).toBe(1);
    });

    it(`${format} SKIP_EXISTING keeps existing items and counts them as skipped`, async () => {
      const collectionId = await newCollection();
      await insertItem(t, collectionId, { _id: 'b1', title: 'Old title', pages: 1 });
      const job = await importFile(collectionId, 'SKIP_EXISTING', format, file);
      expect(job).toMatchObject({
        status: 'PARTIALLY_SUCCESSFUL',
        insertedRows: 2,
        updatedRows: 0,
        skippedRows: 1,
        failedRows: 3,
      });
      expect((await errorsOf(job.id)).map((error) => error.rowNumber)).toEqual(badRows);
      const items = await itemsOf(collectionId);
      expect(items.b1).toMatchObject({ title: 'Old title', pages: 1 });
      expect(Object.keys(items).sort()).toEqual(['b1', 'b2', 'b6']);
    });

    it(`${format} TRUNCATE_BEFORE empties the collection first`, async () => {
      const collectionId = await newCollection();
      await insertItem(t, collectionId, { _id: 'b1', title: 'Old title' });
      await insertItem(t, collectionId, { _id: 'gone', title: 'Not in the file' });
      const job = await importFile(collectionId, 'TRUNCATE_BEFORE', format, file);
      expect(job).toMatchObject({
        status: 'PARTIALLY_SUCCESSFUL',
        insertedRows: 3,
        updatedRows: 0,
        skippedRows: 0,
        failedRows: 3,
      });
      const items = await itemsOf(collectionId);
      expect(Object.keys(items).sort()).toEqual(['b1', 'b2', 'b6']);
      expect(items.b1).toMatchObject({ title: 'New title' });
    });
  }

  it('a file of only good rows is COMPLETED, one of only bad rows FAILED', async () => {
    const collectionId = await newCollection();
    const good = await importFile(
      collectionId,
      'OVERWRITE',
      'JSONL',
      '{"_id":"g1","title":"x"}\n\n{"_id":"g2"}\n',
    );
    expect(good).toMatchObject({ status: 'COMPLETED', insertedRows: 2, failedRows: 0 });
    const bad = await importFile(collectionId, 'OVERWRITE', 'CSV', '_id,pages\nq1,x\nq2,y\n');
    expect(bad).toMatchObject({ status: 'FAILED', failedRows: 2, insertedRows: 0 });
    expect((await errorsOf(bad.id)).map((error) => error.rowNumber)).toEqual([1, 2]);
  });

  it('an id given twice in OVERWRITE mode: the first is written, the second reported', async () => {
    const collectionId = await newCollection();
    const job = await importFile(
      collectionId,
      'OVERWRITE',
      'JSONL',
      '{"_id":"d","title":"one"}\n{"_id":"d","title":"two"}\n',
    );
    expect(job).toMatchObject({ status: 'PARTIALLY_SUCCESSFUL', insertedRows: 1, failedRows: 1 });
    expect((await errorsOf(job.id))[0]).toMatchObject({ rowNumber: 2, itemId: 'd', code: 'WDE0074' });
  });
});

describe('export', () => {
  async function seedSource() {
    const collectionId = await newCollection('Source');
    for (let index = 0; index < 30; index += 1) {
      await insertItem(t, collectionId, {
        _id: `item-${String(index).padStart(3, '0')}`,
        title: index % 3 === 0 ? `Title "${index}", with, commas\nand a line` : `Title ${index}`,
        pages: index * 1.5,
        published: date(`2024-01-${String((index % 28) + 1).padStart(2, '0')}T08:30:00Z`),
        day: '2024-05-06',
        available: index % 2 === 0,
        tags: index % 4 === 0 ? [] : ['x', `t${index}`],
        meta: { depth: { value: index, when: date('2023-01-01T00:00:00Z') } },
        ...(index % 5 === 0 ? { note: `undeclared ${index}` } : {}),
      });
    }
    return collectionId;
  }

  async function exportFile(collectionId: string, format: 'CSV' | 'JSONL', filter?: unknown) {
    const started = await post(t, '/data/v2/jobs/export', {
      dataCollectionId: collectionId,
      format,
      ...(filter ? { filter } : {}),
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await finished(started.body.job.id);
    expect(job.status).toBe('COMPLETED');
    const file = await t.app.inject({
      method: 'GET',
      url: `/data/v2/jobs/${job.id}/file`,
      headers: ownerCaller,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain(mediaTypes[format]);
    expect(file.headers['content-disposition']).toContain('attachment');
    return { job, text: file.body };
  }

  for (const format of ['CSV', 'JSONL'] as const) {
    it(`${format}: export then import into an empty collection gives the same items`, async () => {
      const source = await seedSource();
      const { job, text } = await exportFile(source, format);
      expect(job.totalRows).toBe(30);
      const target = await newCollection('Target');
      const imported = await importFile(target, 'SKIP_EXISTING', format, text);
      expect(imported).toMatchObject({ status: 'COMPLETED', insertedRows: 30, failedRows: 0 });
      const expected = await itemsOf(source);
      const actual = await itemsOf(target);
      if (format === 'CSV') {
        // CSV cells of undeclared fields come back as text; every declared field round-trips typed.
        for (const item of Object.values(expected)) if ('note' in item) item.note = String(item.note);
      }
      expect(actual).toEqual(expected);
    });
  }

  it('exports only what the filter matches', async () => {
    const source = await seedSource();
    const { job, text } = await exportFile(source, 'JSONL', { available: true });
    expect(job.totalRows).toBe(15);
    expect(text.trim().split('\n')).toHaveLength(15);
    for (const line of text.trim().split('\n')) expect(JSON.parse(line).available).toBe(true);
  });

  it('an empty collection exports a CSV header only', async () => {
    const source = await newCollection('Empty');
    const { job, text } = await exportFile(source, 'CSV');
    expect(job.totalRows).toBe(0);
    expect(text.trim()).toBe(
      '_id,_owner,_createdDate,_updatedDate,title,pages,published,day,available,tags,meta',
    );
  });
});

describe('large files', () => {
  it('imports 20,000 rows in chunks from a file stored in parts, and exports them in keyset pages', async () => {
    const collectionId = await newCollection('Large');
    const rows = 20_000;
    const lines: string[] = [];
    for (let index = 0; index < rows; index += 1) {
      lines.push(
        JSON.stringify({
          _id: `row-${String(index).padStart(6, '0')}`,
          title: `Row number ${index} with some text to make the file larger`,
          pages: index,
          published: date(new Date(Date.UTC(2020, 0, 1) + index * 60_000).toISOString()),
        }),
      );
    }
    const job = await importFile(collectionId, 'OVERWRITE', 'JSONL', lines.join('\n'));
    expect(job).toMatchObject({ status: 'COMPLETED', totalRows: rows, insertedRows: rows, failedRows: 0 });
    // Streaming: the file was stored in several parts and written in chunks of `importChunkSize` rows,
    // so at most one part and one chunk were in memory at a time.
    expect(job.fileBytes).toBeGreaterThan(4 * filePartBytes);
    expect(job.chunkCount).toBe(rows / importChunkSize);
    const count = await post(t, '/data/v2/items/count', { dataCollectionId: collectionId });
    expect(count.body.totalCount).toBe(rows);

    const started = await post(t, '/data/v2/jobs/export', { dataCollectionId: collectionId, format: 'CSV' });
    const exported = await finished(started.body.job.id);
    expect(exported).toMatchObject({ status: 'COMPLETED', totalRows: rows, chunkCount: rows / 1000 });
    const file = await t.app.inject({
      method: 'GET',
      url: `/data/v2/jobs/${exported.id}/file`,
      headers: ownerCaller,
    });
    const fileLines = file.body.trim().split('\n');
    expect(fileLines).toHaveLength(rows + 1);
    // Keyset order: ids ascending, none repeated.
    expect(fileLines[1]!.startsWith('row-000000,')).toBe(true);
    expect(fileLines[rows]!.startsWith('row-019999,')).toBe(true);
  }, 600_000);
});

describe('access and bad requests', () => {
  it('401 without credentials, 403 for staff, members and apps without the scope', async () => {
    const collectionId = await newCollection();
    const anonymous = await inject(t.app, {
      method: 'POST',
      url: '/data/v2/jobs/export',
      payload: { dataCollectionId: collectionId, format: 'CSV' },
    });
    expect(anonymous.status).toBe(401);
    expect(
      (await post(t, '/data/v2/jobs/export', { dataCollectionId: collectionId, format: 'CSV' }, staff))
        .status,
    ).toBe(403);
    expect((await upload(collectionId, 'OVERWRITE', 'CSV', '_id\na\n', alice)).status).toBe(403);

    const kit = identityKit(t);
    const { site } = await kit.defaultSite();
    const unscoped = { authorization: (await kit.apiKey(site.id, ['identity.members'])).key };
    expect(
      (await post(t, '/data/v2/jobs/export', { dataCollectionId: collectionId, format: 'CSV' }, unscoped))
        .status,
    ).toBe(403);
    const scoped = { authorization: (await kit.apiKey(site.id, ['data.jobs'])).key };
    const started = await upload(collectionId, 'OVERWRITE', 'JSONL', '{"_id":"by-app"}\n', scoped);
    expect(started.status).toBe(202);
    expect((await finished(started.body.job.id, scoped)).status).toBe('COMPLETED');
    const admin = as('WIX_USER:ADMIN');
    expect((await get(t, `/data/v2/jobs/${started.body.job.id}`, admin)).status).toBe(200);
    expect((await get(t, `/data/v2/jobs/${started.body.job.id}`, staff)).status).toBe(403);

    // Another site's owner does not see this site's job.
    const { site: other } = await kit.newSite();
    const otherOwner = as('WIX_USER:OWNER', other.id);
    expect((await get(t, `/data/v2/jobs/${started.body.job.id}`, otherOwner)).status).toBe(404);
  });

  it('404 for unknown collections and jobs; 400 for bad modes, formats and filters; 415 for other bodies', async () => {
    const collectionId = await newCollection();
    const unknownCollection = await upload('Nope', 'OVERWRITE', 'CSV', '_id\na\n');
    expect(unknownCollection.status).toBe(404);
    expect(JSON.stringify(unknownCollection.body)).toContain('WDE0025');
    expect((await post(t, '/data/v2/jobs/export', { dataCollectionId: 'Nope', format: 'CSV' })).status).toBe(
      404,
    );
    expect((await get(t, `/data/v2/jobs/${randomUUID()}`)).status).toBe(404);
    expect((await get(t, `/data/v2/jobs/${randomUUID()}/errors`)).status).toBe(404);
    expect((await get(t, `/data/v2/jobs/${randomUUID()}/file`)).status).toBe(404);
    expect((await get(t, '/data/v2/jobs/not-a-uuid')).status).toBe(400);

    expect((await upload(collectionId, 'REPLACE_ALL', 'CSV', '_id\na\n')).status).toBe(400);
    expect(
      (await post(t, '/data/v2/jobs/export', { dataCollectionId: collectionId, format: 'XML' })).status,
    ).toBe(400);
    expect(
      (
        await post(t, '/data/v2/jobs/export', {
          dataCollectionId: collectionId,
          format: 'CSV',
          filter: { title: { $regex: 'x' } },
        })
      ).status,
    ).toBe(400);
    const json = await inject(t.app, {
      method: 'POST',
      url: `/data/v2/jobs/import?dataCollectionId=${collectionId}&mode=OVERWRITE`,
      headers: { ...ownerCaller, 'content-type': 'application/json' },
      payload: { items: [] },
    });
    expect(json.status).toBe(415);
    // Nothing was written by the refused calls.
    expect((await post(t, '/data/v2/items/count', { dataCollectionId: collectionId })).body.totalCount).toBe(
      0,
    );
  });
});
