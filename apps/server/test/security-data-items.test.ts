import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, type TestApp } from './test-app.ts';
import { alice, bob, createCollection, get, insertItem, ownerCaller, post } from './data-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createCollection(t, {
    id: 'Links',
    fields: [
      { key: 'title', type: 'TEXT' },
      { key: 'site', type: 'URL' },
      { key: 'photo', type: 'IMAGE' },
      { key: 'score', type: 'NUMBER' },
    ],
  });
  await createCollection(t, {
    id: 'Diary',
    permissions: {
      read: 'SITE_MEMBER_AUTHOR',
      insert: 'SITE_MEMBER',
      update: 'SITE_MEMBER_AUTHOR',
      remove: 'SITE_MEMBER_AUTHOR',
    },
  });
});

afterAll(async () => {
  await t?.close();
});

async function finishedJob(jobId: string) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const response = await get(t, `/data/v2/jobs/${jobId}`);
    if (['COMPLETED', 'FAILED', 'PARTIALLY_SUCCESSFUL'].includes(response.body.job.status))
      return response.body.job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function exportCsv(collectionId: string): Promise<string> {
  const started = await post(t, '/data/v2/jobs/export', { dataCollectionId: collectionId, format: 'CSV' });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const job = await finishedJob(started.body.job.id);
  expect(job.status).toBe('COMPLETED');
  const file = await t.app.inject({
    method: 'GET',
    url: `/data/v2/jobs/${job.id}/file`,
    headers: ownerCaller,
  });
  expect(file.statusCode).toBe(200);
  return file.body;
}

function importCsv(collectionId: string, text: string) {
  return inject(t.app, {
    method: 'POST',
    url: `/data/v2/jobs/import?dataCollectionId=${collectionId}&mode=OVERWRITE`,
    headers: { ...ownerCaller, 'content-type': 'text/csv' },
    payload: text,
  });
}

describe('CSV export: spreadsheet formulas', () => {
  const formulas = {
    hyperlink: '=HYPERLINK("http://x","y")',
    plus: '+1 555 0100',
    minus: '-2+3',
    at: '@SUM(A1)',
    tab: '\t=1',
    cr: '\r=1',
    quoted: "'=already quoted",
  };

  it('prefixes text cells starting with = + - @, tab or CR with a quote, and leaves real numbers alone', async () => {
    await createCollection(t, { id: 'Guestbook', fields: [{ key: 'n', type: 'NUMBER' }] });
    const ids = Object.keys(formulas);
    for (const [id, text] of Object.entries(formulas)) {
      await insertItem(t, 'Guestbook', { _id: id, message: text, n: -5 });
    }
    await insertItem(t, 'Guestbook', { _id: 'plain', message: 'hello', n: 3 });

    const csv = await exportCsv('Guestbook');
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(csv).toContain(`'+1 555 0100`);
    expect(csv).toContain(`'-2+3`);
    expect(csv).toContain(`'@SUM(A1)`);
    expect(csv).toContain(`,'\t=1\n`);
    expect(csv).toContain(`"'\r=1"`);
    expect(csv).toContain(`''=already quoted`);
    // A NUMBER of -5 stays a number, not text.
    expect(csv).toMatch(/^hyperlink,.*,-5,/m);
    expect(csv).not.toContain(`'-5`);
    expect(csv).toMatch(/^plain,.*,3,hello$/m);
    expect(ids.length).toBe(7);
  });

  it('an exported file imports back to the same text (the quote is taken off again)', async () => {
    const csv = await exportCsv('Guestbook');
    await createCollection(t, { id: 'GuestbookCopy', fields: [{ key: 'n', type: 'NUMBER' }] });
    const started = await importCsv('GuestbookCopy', csv);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await finishedJob(started.body.job.id);
    expect(job).toMatchObject({ status: 'COMPLETED', insertedRows: 8 });
    for (const [id, text] of Object.entries(formulas)) {
      const item = await get(t, `/data/v2/items/${id}?dataCollectionId=GuestbookCopy`);
      expect(item.body.dataItem.data).toMatchObject({ message: text, n: -5 });
    }
  });
});

describe('URL and IMAGE fields take only web links', () => {
  const bad = [
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>x</script>',
    'vbscript:x',
    '/relative',
    'not a url',
  ];

  it('refuses other schemes on insert with a 400 naming the field', async () => {
    for (const value of bad) {
      for (const field of ['site', 'photo']) {
        const response = await post(t, '/data/v2/items', {
          dataCollectionId: 'Links',
          dataItem: { data: { [field]: value } },
        });
        expect(response.status, `${field}=${value}`).toBe(400);
        const violations = response.body.details.validationError.fieldViolations;
        expect(violations.map((violation: { field: string }) => violation.field)).toEqual([
          `dataItem.data.${field}`,
        ]);
        expect(violations[0].description).toMatch(/http/);
      }
    }
    const count = await post(t, '/data/v2/items/count', { dataCollectionId: 'Links' });
    expect(count.body.totalCount).toBe(0);
  });

  it('accepts http, https, the platform image form for IMAGE, and empty or null to clear', async () => {
    const item = await insertItem(t, 'Links', {
      _id: 'good',
      site: 'https://example.com/a?b=c',
      photo: 'wix:image://v1/abc123/photo.jpg#originWidth=10&originHeight=20',
    });
    expect(item.data.site).toBe('https://example.com/a?b=c');
    await insertItem(t, 'Links', {
      _id: 'plain-http',
      site: 'http://example.com',
      photo: 'http://example.com/a.png',
    });
    await insertItem(t, 'Links', { _id: 'cleared', site: '', photo: null });
    const wixUrl = await post(t, '/data/v2/items', {
      dataCollectionId: 'Links',
      dataItem: { data: { site: 'wix:image://v1/abc/x.jpg' } },
    });
    expect(wixUrl.status).toBe(400);
  });

  it('refuses them on update, patch, bulk insert, bulk update and save', async () => {
    const update = await post(t, '/data/v2/items/update', {
      dataCollectionId: 'Links',
      dataItem: { data: { _id: 'good', site: 'javascript:alert(1)' } },
    });
    expect(update.status).toBe(400);
    expect(update.body.details.validationError.fieldViolations[0].field).toBe('dataItem.data.site');

    const save = await post(t, '/data/v2/items/save', {
      dataCollectionId: 'Links',
      dataItem: { data: { _id: 'good', photo: 'javascript:alert(1)' } },
    });
    expect(save.status).toBe(400);

    const patch = await post(t, '/data/v2/items/patch', {
      dataCollectionId: 'Links',
      patch: {
        dataItemId: 'good',
        fieldModifications: [
          { fieldPath: 'site', action: 'SET_FIELD', setFieldOptions: { value: 'javascript:alert(1)' } },
        ],
      },
    });
    expect(patch.status).toBe(400);
    const [violation] = patch.body.details.validationError.fieldViolations;
    expect(violation.field).toBe('patch.fieldModifications[0].setFieldOptions.value');
    expect(violation.description).toBe('must be an http: or https: URL (URL field site)');

    const bulkInsert = await post(t, '/data/v2/bulk/items/insert', {
      dataCollectionId: 'Links',
      dataItems: [
        { data: { _id: 'b1', site: 'https://ok.example' } },
        { data: { _id: 'b2', site: 'javascript:x' } },
      ],
    });
    expect(bulkInsert.status).toBe(200);
    const [ok, refused] = bulkInsert.body.results;
    expect(ok.itemMetadata.success).toBe(true);
    expect(refused.itemMetadata).toMatchObject({ success: false, error: { code: 'WD_VALIDATION_ERROR' } });
    expect(refused.itemMetadata.error.description).toContain('site');

    const bulkUpdate = await post(t, '/data/v2/bulk/items/update', {
      dataCollectionId: 'Links',
      dataItems: [{ data: { _id: 'b1', photo: 'javascript:x' } }],
    });
    expect(bulkUpdate.body.results[0].itemMetadata).toMatchObject({
      success: false,
      error: { code: 'WD_VALIDATION_ERROR' },
    });

    const stored = await get(t, '/data/v2/items/good?dataCollectionId=Links');
    expect(stored.body.dataItem.data.site).toBe('https://example.com/a?b=c');
  });

  it('refuses them in a CSV import, row by row', async () => {
    const started = await importCsv(
      'Links',
      '_id,site,photo\nc1,https://ok.example,\nc2,javascript:alert(1),\nc3,,javascript:x\n',
    );
    expect(started.status).toBe(202);
    const job = await finishedJob(started.body.job.id);
    expect(job).toMatchObject({ status: 'PARTIALLY_SUCCESSFUL', insertedRows: 1, failedRows: 2 });
    const errors = await get(t, `/data/v2/jobs/${job.id}/errors`);
    expect(
      errors.body.errors.map((error: { itemId: string; description: string }) => [
        error.itemId,
        /site|photo/.test(error.description),
      ]),
    ).toEqual([
      ['c2', true],
      ['c3', true],
    ]);
  });
});

describe("another member's item answers as a missing one", () => {
  it('update, patch, remove, references: the same 404 (or empty answer) as an id that does not exist', async () => {
    const mine = await insertItem(t, 'Diary', { _id: 'alices', text: 'dear diary' }, alice);
    expect(mine.data._owner).toBe('alice');

    const calls = (itemId: string) =>
      [
        [
          '/data/v2/items/update',
          { dataCollectionId: 'Diary', dataItem: { data: { _id: itemId, text: 'x' } } },
        ],
        [
          '/data/v2/items/patch',
          {
            dataCollectionId: 'Diary',
            patch: {
              dataItemId: itemId,
              fieldModifications: [
                { fieldPath: 'text', action: 'SET_FIELD', setFieldOptions: { value: 'x' } },
              ],
            },
          },
        ],
        ['/data/v2/items/remove', { dataCollectionId: 'Diary', dataItemId: itemId }],
      ] as const;
    const shape = (response: { status: number; body: Record<string, unknown> }, itemId: string) =>
      JSON.parse(
        JSON.stringify({ status: response.status, body: response.body })
          .replaceAll(itemId, '<id>')
          .replace(/"requestId":"[^"]*"/g, ''),
      );

    for (const [index, [url, payload]] of calls('alices').entries()) {
      const others = await post(t, url, payload, bob);
      const [, missingPayload] = calls('nobodys')[index]!;
      const missing = await post(t, url, missingPayload, bob);
      expect(shape(others, 'alices'), url).toEqual(shape(missing, 'nobodys'));
      expect([404, 200], url).toContain(others.status);
      expect(others.status).not.toBe(403);
    }
    const update = await post(t, '/data/v2/items/update', calls('alices')[0]![1], bob);
    expect(update.body.details.applicationError.code).toBe('WDE0073');

    const get404 = await get(t, '/data/v2/items/alices?dataCollectionId=Diary', bob);
    expect([get404.status, get404.body]).toEqual([200, {}]);
    const stillThere = await get(t, '/data/v2/items/alices?dataCollectionId=Diary', alice);
    expect(stillThere.body.dataItem.data.text).toBe('dear diary');
  });

  it('bulk calls report another member’s item as WDE0073, like a missing id', async () => {
    const update = await post(
      t,
      '/data/v2/bulk/items/update',
      {
        dataCollectionId: 'Diary',
        dataItems: [{ data: { _id: 'alices', text: 'x' } }, { data: { _id: 'nobodys', text: 'x' } }],
      },
      bob,
    );
    const codes = update.body.results.map(
      (result: { itemMetadata: { error: { code: string } } }) => result.itemMetadata.error.code,
    );
    expect(codes).toEqual(['WDE0073', 'WDE0073']);
    const remove = await post(
      t,
      '/data/v2/bulk/items/remove',
      { dataCollectionId: 'Diary', dataItemIds: ['alices'] },
      bob,
    );
    expect(remove.body.results[0].itemMetadata).toMatchObject({ success: false, error: { code: 'WDE0073' } });
    const stillThere = await get(t, '/data/v2/items/alices?dataCollectionId=Diary', alice);
    expect(stillThere.body.dataItem.data.text).toBe('dear diary');
  });
});
