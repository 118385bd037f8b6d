import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { caller, dotR, unknownId } from './stores-v3-entities-helpers.ts';

/**
 * Info sections (catalog v3) through the real app: a title and rich text under a `uniqueName` unique per
 * site, rich content and HTML kept in step, get-or-create by id or name, and the bulk calls.
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => {
  await t?.close();
});

const base = '/stores/v3/info-sections';
const bulk = '/stores/v3/bulk/info-sections';
let counter = 0;
const nextName = (prefix = 'section') => `${prefix}-${++counter}`;

const paragraph = (text: string) => ({
  type: 'PARAGRAPH',
  id: 'a1',
  nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } }],
  paragraphData: {},
});

async function create(fields: Record<string, unknown> = {}) {
  const response = await call('POST', base, {
    infoSection: { uniqueName: nextName(), title: 'Care', ...fields },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.infoSection as { id: string; revision: string; uniqueName: string; title: string };
}

describe(`POST ${base}`, () => {
  it('creates a section from HTML, answering the rich content made from it', async () => {
    const response = await call('POST', base, {
      infoSection: {
        uniqueName: ' care-cotton ',
        title: 'Care',
        plainDescription: '<p>Hand wash &amp; dry flat</p><p>Do <b>not</b> bleach</p>',
      },
    });
    expect(response.status).toBe(200);
    const section = response.body.infoSection;
    expect(section).toMatchObject({
      revision: '1',
      uniqueName: 'care-cotton',
      title: 'Care',
      plainDescription: '<p>Hand wash &amp; dry flat</p><p>Do <b>not</b> bleach</p>',
    });
    const texts = section.description.nodes.map(
      (node: { nodes: Array<{ textData: { text: string } }> }) => node.nodes[0]!.textData.text,
    );
    expect(texts).toEqual(['Hand wash & dry flat', 'Do not bleach']);
    const rows = await t.app.database.query<{ unique_name: string; title: string }>(
      'SELECT unique_name, title FROM stores_info_sections WHERE id = $1',
      [section.id],
    );
    expect(rows).toEqual([{ unique_name: 'care-cotton', title: 'Care' }]);
  });

  it('keeps rich content as sent and gives its text as HTML', async () => {
    const description = { nodes: [paragraph('Ships in <2> days')], metadata: { version: 1 } };
    const section = await call('POST', base, {
      infoSection: { uniqueName: nextName(), title: 'Shipping', description },
    });
    expect(section.body.infoSection.description).toEqual(description);
    expect(section.body.infoSection.plainDescription).toBe('<p>Ships in &lt;2&gt; days</p>');
  });

  it('refuses a uniqueName the site already has with 409', async () => {
    const first = await create();
    const response = await call('POST', base, {
      infoSection: { uniqueName: first.uniqueName, title: 'Other' },
    });
    expect(response.status).toBe(409);
    expect(response.body.details.applicationError.code).toBe('INFO_SECTION_UNIQUE_NAME_ALREADY_EXISTS');
    expect(response.body.message).toContain(first.uniqueName);
  });

  it.each([
    ['no uniqueName', { title: 'x' }, 'infoSection.uniqueName'],
    ['no title', { uniqueName: 'no-title' }, 'infoSection.title'],
    ['a blank title', { uniqueName: 'blank', title: '   ' }, 'infoSection.title'],
    ['a title over 50 characters', { uniqueName: 'long', title: 'x'.repeat(51) }, 'infoSection.title'],
    [
      'a description that is not rich content',
      { uniqueName: 'bad', title: 'x', description: 'text' },
      'infoSection.description',
    ],
  ])('refuses %s with 400 naming the field', async (_case, infoSection, field) => {
    const response = await call('POST', base, { infoSection });
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations[0].field).toBe(field);
  });
});

describe(`GET, PATCH, DELETE ${base}/{id}`, () => {
  it('reads a section, with its product count when fields asks', async () => {
    const section = await create();
    const response = await call(
      'GET',
      `${base}/${section.id}?infoSectionId=${section.id}&fields=ASSIGNED_PRODUCTS_COUNT`,
    );
    expect(response.status).toBe(200);
    expect(response.body.infoSection).toMatchObject({ id: section.id, assignedProductsCount: 0 });
    expect((await call('GET', `${base}/${unknownId}`)).status).toBe(404);
    expect((await call('GET', `${base}/x`)).status).toBe(400);
  });

  it('updates the fields given at the revision, keeping text and HTML in step', async () => {
    const section = await create({ plainDescription: '<p>Old</p>' });
    const response = await call('PATCH', `${base}/${section.id}`, {
      infoSection: {
        id: section.id,
        revision: section.revision,
        title: 'Washing',
        plainDescription: '<p>New</p>',
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.infoSection).toMatchObject({
      revision: '2',
      title: 'Washing',
      uniqueName: section.uniqueName,
      plainDescription: '<p>New</p>',
    });
    expect(response.body.infoSection.description.nodes[0].nodes[0].textData.text).toBe('New');
    const rich = await call('PATCH', `${base}/${section.id}`, {
      infoSection: { revision: '2', description: { nodes: [paragraph('Richer')] } },
    });
    expect(rich.body.infoSection.plainDescription).toBe('<p>Richer</p>');
  });

  it('with a field mask changes only the masked fields and clears a masked description it leaves out', async () => {
    const section = await create({ plainDescription: '<p>Keep?</p>' });
    const response = await call('PATCH', `${base}/${section.id}`, {
      infoSection: { revision: '1', title: 'Masked', uniqueName: 'ignored-by-mask' },
      fieldMask: 'title,description',
    });
    expect(response.status).toBe(200);
    expect(response.body.infoSection).toMatchObject({ title: 'Masked', uniqueName: section.uniqueName });
    expect(response.body.infoSection).not.toHaveProperty('description');
    const bad = await call('PATCH', `${base}/${section.id}`, {
      infoSection: { title: 'x' },
      fieldMask: 'revision',
    });
    expect(bad.status).toBe(400);
  });

  it('refuses a stale revision (409), a taken uniqueName (409) and an unknown id (404)', async () => {
    const a = await create();
    const b = await create();
    await call('PATCH', `${base}/${a.id}`, { infoSection: { revision: '1', title: 'Moved on' } });
    const stale = await call('PATCH', `${base}/${a.id}`, { infoSection: { revision: '1', title: 'Late' } });
    expect(stale.status).toBe(409);
    expect(stale.body.details.applicationError.code).toBe('REVISION_MISMATCH');
    const taken = await call('PATCH', `${base}/${b.id}`, {
      infoSection: { revision: '1', uniqueName: a.uniqueName },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.details.applicationError.code).toBe('INFO_SECTION_UNIQUE_NAME_ALREADY_EXISTS');
    expect((await call('PATCH', `${base}/${unknownId}`, { infoSection: { title: 'x' } })).status).toBe(404);
  });

  it('deletes, answering {}, then 404', async () => {
    const section = await create();
    const response = await call('DELETE', `${base}/${section.id}?infoSectionId=${section.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
    expect((await call('GET', `${base}/${section.id}`)).status).toBe(404);
    expect((await call('DELETE', `${base}/${section.id}`)).status).toBe(404);
  });
});

describe(`POST ${base}/get-or-create`, () => {
  it('creates from uniqueName and title, then returns the same section by name or by id', async () => {
    const uniqueName = nextName('goc');
    const created = await call('POST', `${base}/get-or-create`, {
      infoSection: { uniqueName, title: 'Sizing' },
    });
    expect(created.status).toBe(200);
    const byName = await call('POST', `${base}/get-or-create`, {
      infoSection: { uniqueName, title: 'Ignored' },
    });
    expect(byName.body.infoSection).toMatchObject({ id: created.body.infoSection.id, title: 'Sizing' });
    const byId = await call('POST', `${base}/get-or-create`, {
      infoSection: { id: created.body.infoSection.id },
      fields: ['ASSIGNED_PRODUCTS_COUNT'],
    });
    expect(byId.body.infoSection).toMatchObject({ uniqueName, assignedProductsCount: 0 });
  });

  it('needs a title to create, and answers 404 for an unknown id', async () => {
    const missingTitle = await call('POST', `${base}/get-or-create`, {
      infoSection: { uniqueName: nextName() },
    });
    expect(missingTitle.status).toBe(400);
    expect(missingTitle.body.details.validationError.fieldViolations[0].field).toBe('infoSection.title');
    expect((await call('POST', `${base}/get-or-create`, { infoSection: { id: unknownId } })).status).toBe(
      404,
    );
    expect((await call('POST', `${base}/get-or-create`, { infoSection: {} })).status).toBe(400);
  });

  it('makes one section when callers race for the same new name', async () => {
    const uniqueName = nextName('race');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', `${base}/get-or-create`, { infoSection: { uniqueName, title: 'Race' } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
    expect(new Set(answers.map((answer) => answer.body.infoSection.id)).size).toBe(1);
  });
});

describe(`GET ${base}/query and POST ${base}/count`, () => {
  it('pages by title with cursors; the next page sends only the cursor', async () => {
    for (const title of ['Q3', 'Q1', 'Q2']) await create({ uniqueName: nextName('query'), title });
    const first = await call(
      'GET',
      dotR(`${base}/query`, {
        query: {
          filter: { title: { $startsWith: 'Q' } },
          sort: [{ fieldName: 'title' }],
          cursorPaging: { limit: 2 },
        },
      }),
    );
    expect(first.status).toBe(200);
    expect(first.body.infoSections.map((section: { title: string }) => section.title)).toEqual(['Q1', 'Q2']);
    const next = await call(
      'GET',
      dotR(`${base}/query`, { query: { cursorPaging: { cursor: first.body.pagingMetadata.cursors.next } } }),
    );
    expect(next.body.infoSections.map((section: { title: string }) => section.title)).toEqual(['Q3']);
    expect(next.body.pagingMetadata).toMatchObject({ count: 1, hasNext: false });
    expect(
      (await call('GET', dotR(`${base}/query`, { query: { sort: [{ fieldName: 'secret' }] } }))).status,
    ).toBe(400);
  });

  it('counts by uniqueName', async () => {
    const section = await create();
    const response = await call('POST', `${base}/count`, {
      filter: { uniqueName: { $in: [section.uniqueName, 'none'] } },
    });
    expect(response.body).toEqual({ count: 1 });
  });
});

describe(`POST ${bulk}/*`, () => {
  it('creates several; a taken name fails alone', async () => {
    const existing = await create();
    const fresh = nextName('bulk');
    const response = await call('POST', `${bulk}/create`, {
      infoSections: [
        { uniqueName: fresh, title: 'Fresh' },
        { uniqueName: existing.uniqueName, title: 'Clash' },
      ],
      returnEntity: true,
    });
    expect(response.status).toBe(200);
    expect(response.body.results[0].item).toMatchObject({ uniqueName: fresh, title: 'Fresh' });
    expect(response.body.results[1].itemMetadata.error.code).toBe('INFO_SECTION_UNIQUE_NAME_ALREADY_EXISTS');
    expect(response.body.bulkActionMetadata).toEqual({
      totalSuccesses: 1,
      totalFailures: 1,
      undetailedFailures: 0,
    });
  });

  it('updates several with masks; a stale one fails alone', async () => {
    const a = await create();
    const b = await create();
    const response = await call('POST', `${bulk}/update`, {
      infoSections: [
        { infoSection: { id: a.id, revision: '1', title: 'Bulk A' }, fieldMask: 'title' },
        { infoSection: { id: b.id, revision: '3', title: 'Bulk B' } },
      ],
      returnEntity: true,
    });
    expect(response.body.results[0].item).toMatchObject({ title: 'Bulk A', revision: '2' });
    expect(response.body.results[1].itemMetadata.error.code).toBe('REVISION_MISMATCH');
  });

  it('gets or creates several, by name or id', async () => {
    const existing = await create();
    const fresh = nextName('bulk-goc');
    const response = await call('POST', `${bulk}/get-or-create`, {
      infoSections: [{ id: existing.id }, { uniqueName: fresh, title: 'New' }, { uniqueName: nextName() }],
    });
    expect(response.status).toBe(200);
    expect(response.body.results[0].item.id).toBe(existing.id);
    expect(response.body.results[1].item).toMatchObject({ uniqueName: fresh });
    expect(response.body.results[2].itemMetadata.success).toBe(false);
  });

  it('deletes several; an unknown id fails alone', async () => {
    const a = await create();
    const response = await call('POST', `${bulk}/delete`, { infoSectionIds: [a.id, unknownId] });
    expect(
      response.body.results.map(
        (result: { itemMetadata: { success: boolean } }) => result.itemMetadata.success,
      ),
    ).toEqual([true, false]);
    expect((await call('POST', `${bulk}/delete`, { infoSectionIds: [] })).status).toBe(400);
  });
});
