import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { caller, dotR, unknownId } from './stores-v3-entities-helpers.ts';

/**
 * Brands and ribbons (catalog v3) through the real app: the same calls under two names, so every case
 * runs for both. Paths, keys and query forms are those the official clients send.
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

const families = [
  {
    one: 'brand',
    many: 'brands',
    table: 'stores_brands',
    nameMax: 50,
    countField: 'ASSIGNED_PRODUCTS_COUNT',
    countKey: 'assignedProductsCount',
    nameTaken: 'BRAND_NAME_ALREADY_EXISTS',
    queryWithGet: true,
  },
  {
    one: 'ribbon',
    many: 'ribbons',
    table: 'stores_ribbons',
    nameMax: 30,
    countField: 'ASSIGNED_PRODUCT_COUNT',
    countKey: 'assignedProductCount',
    nameTaken: 'RIBBON_NAME_ALREADY_EXISTS',
    queryWithGet: false,
  },
] as const;

describe.each(families)('$many', (family) => {
  const { one, many } = family;
  const base = `/stores/v3/${many}`;
  const bulk = `/stores/v3/bulk/${many}`;
  let counter = 0;
  const uniqueName = (prefix: string) => `${prefix} ${one[0]}${++counter}`;

  async function create(name = uniqueName('Label')) {
    const response = await call('POST', base, { [one]: { name } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body[one] as { id: string; revision: string; name: string; createdDate: string };
  }

  /** The query as the official client sends it: GET with `.r` (brands), POST (ribbons). */
  const query = (request: unknown) =>
    family.queryWithGet
      ? call('GET', dotR(`${base}/query`, request))
      : call('POST', `${base}/query`, request);

  describe(`POST ${base}`, () => {
    it('creates a label with a trimmed name, revision "1" and both dates, and stores it on the site', async () => {
      const response = await call('POST', base, { [one]: { name: '  Northwind  ', revision: '7' } });
      expect(response.status).toBe(200);
      const label = response.body[one];
      expect(label).toEqual({
        id: expect.any(String),
        revision: '1',
        createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updatedDate: label.createdDate,
        name: 'Northwind',
      });
      const rows = await t.app.database.query<{ name: string; revision: number }>(
        `SELECT name, revision FROM ${family.table} WHERE id = $1`,
        [label.id],
      );
      expect(rows).toEqual([{ name: 'Northwind', revision: 1 }]);
    });

    it('refuses a name the site already has with 409 and a message naming it', async () => {
      const first = await create();
      const response = await call('POST', base, { [one]: { name: `  ${first.name}` } });
      expect(response.status).toBe(409);
      expect(response.body.details.applicationError.code).toBe(family.nameTaken);
      expect(response.body.message).toContain(`"${first.name}"`);
    });

    it('refuses a missing, blank or too long name with 400 naming the field', async () => {
      for (const body of [
        { [one]: {} },
        { [one]: { name: '   ' } },
        { [one]: { name: 'x'.repeat(family.nameMax + 1) } },
      ]) {
        const response = await call('POST', base, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.details.validationError.fieldViolations[0].field).toBe(`${one}.name`);
      }
    });
  });

  describe(`GET ${base}/{id}`, () => {
    it('reads a label, with its product count only when fields asks for it', async () => {
      const label = await create();
      const plain = await call('GET', `${base}/${label.id}`);
      expect(plain.status).toBe(200);
      expect(plain.body[one]).toMatchObject({ id: label.id, name: label.name });
      expect(plain.body[one]).not.toHaveProperty(family.countKey);
      const counted = await call(
        'GET',
        `${base}/${label.id}?${one}Id=${label.id}&fields=${family.countField}`,
      );
      expect(counted.status).toBe(200);
      expect(counted.body[one][family.countKey]).toBe(0);
    });

    it('answers 404 for an unknown id and 400 for a malformed one or an unknown field', async () => {
      const missing = await call('GET', `${base}/${unknownId}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toContain(unknownId);
      expect((await call('GET', `${base}/not-an-id`)).status).toBe(400);
      expect((await call('GET', `${base}/${unknownId}?fields=EVERYTHING`)).status).toBe(400);
    });
  });

  describe(`PATCH ${base}/{id}`, () => {
    it('renames at the current revision and moves the revision on', async () => {
      const label = await create();
      const response = await call('PATCH', `${base}/${label.id}`, {
        [one]: { id: label.id, revision: label.revision, name: `${label.name} 2` },
      });
      expect(response.status).toBe(200);
      expect(response.body[one]).toMatchObject({ name: `${label.name} 2`, revision: '2' });
      expect(Date.parse(response.body[one].updatedDate)).toBeGreaterThanOrEqual(
        Date.parse(label.createdDate),
      );
    });

    it('refuses a stale revision with 409 and leaves the row as it was', async () => {
      const label = await create();
      await call('PATCH', `${base}/${label.id}`, { [one]: { revision: '1', name: `${label.name} b` } });
      const stale = await call('PATCH', `${base}/${label.id}`, { [one]: { revision: '1', name: 'Never' } });
      expect(stale.status).toBe(409);
      expect(stale.body.details.applicationError).toMatchObject({
        code: 'REVISION_MISMATCH',
        data: { currentRevision: '2' },
      });
      const rows = await t.app.database.query<{ name: string }>(
        `SELECT name FROM ${family.table} WHERE id = $1`,
        [label.id],
      );
      expect(rows[0]!.name).toBe(`${label.name} b`);
    });

    it('refuses renaming onto another label’s name with 409, and allows keeping its own', async () => {
      const a = await create();
      const b = await create();
      const clash = await call('PATCH', `${base}/${b.id}`, { [one]: { revision: b.revision, name: a.name } });
      expect(clash.status).toBe(409);
      expect(clash.body.details.applicationError.code).toBe(family.nameTaken);
      const same = await call('PATCH', `${base}/${a.id}`, { [one]: { revision: a.revision, name: a.name } });
      expect(same.status).toBe(200);
    });

    it('answers 404 for an unknown id and 400 for a blank name or an id that differs from the path', async () => {
      expect(
        (await call('PATCH', `${base}/${unknownId}`, { [one]: { revision: '1', name: 'x' } })).status,
      ).toBe(404);
      const label = await create();
      expect((await call('PATCH', `${base}/${label.id}`, { [one]: { name: ' ' } })).status).toBe(400);
      const other = await call('PATCH', `${base}/${label.id}`, { [one]: { id: unknownId, name: 'x' } });
      expect(other.status).toBe(400);
      expect(other.body.message).toContain(label.id);
    });
  });

  describe('products carrying a label', () => {
    const column = one === 'brand' ? 'brand_id' : 'ribbon_id';
    async function productsWith(labelId: string, count: number) {
      const [row] = await t.app.database.query<{ site_id: string }>(
        `SELECT site_id FROM ${family.table} WHERE id = $1`,
        [labelId],
      );
      const siteId = row!.site_id;
      for (let index = 0; index < count; index++) {
        await t.app.database.query(
          `INSERT INTO stores_products (site_id, name, slug, ${column}) VALUES ($1, $2, $3, $4)`,
          [siteId, `Product ${index}`, `${labelId}-${index}`, labelId],
        );
      }
    }

    it('counts them when fields asks, and deleting the label takes it off them', async () => {
      const label = await create();
      await productsWith(label.id, 3);
      const counted = await call('GET', `${base}/${label.id}?fields=${family.countField}`);
      expect(counted.body[one][family.countKey]).toBe(3);
      const listed = await query({ query: { filter: { id: label.id } }, fields: [family.countField] });
      expect(listed.body[many][0][family.countKey]).toBe(3);
      expect((await call('DELETE', `${base}/${label.id}`)).status).toBe(200);
      const rows = await t.app.database.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM stores_products WHERE ${column} = $1`,
        [label.id],
      );
      expect(rows[0]!.count).toBe(0);
    });
  });

  describe(`DELETE ${base}/{id}`, () => {
    it('deletes the label (answering {}), then answers 404', async () => {
      const label = await create();
      const response = await call('DELETE', `${base}/${label.id}?${one}Id=${label.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({});
      expect((await call('GET', `${base}/${label.id}`)).status).toBe(404);
      expect((await call('DELETE', `${base}/${label.id}`)).status).toBe(404);
    });
  });

  describe(`${family.queryWithGet ? 'GET' : 'POST'} ${base}/query`, () => {
    it('pages with cursors in pagingMetadata, filtered and sorted, the next page sending only the cursor', async () => {
      const prefix = `Paged ${one}`;
      for (const suffix of ['c', 'a', 'e', 'b', 'd']) await create(`${prefix} ${suffix}`);
      const first = await query({
        query: {
          filter: { name: { $startsWith: prefix } },
          sort: [{ fieldName: 'name', order: 'DESC' }],
          cursorPaging: { limit: 2 },
        },
      });
      expect(first.status).toBe(200);
      expect(first.body[many].map((label: { name: string }) => label.name)).toEqual([
        `${prefix} e`,
        `${prefix} d`,
      ]);
      expect(first.body.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
      const names: string[] = first.body[many].map((label: { name: string }) => label.name);
      let cursor = first.body.pagingMetadata.cursors.next;
      while (cursor) {
        const page = await query({ query: { cursorPaging: { cursor, limit: 2 } } });
        expect(page.status).toBe(200);
        names.push(...page.body[many].map((label: { name: string }) => label.name));
        cursor = page.body.pagingMetadata.hasNext ? page.body.pagingMetadata.cursors.next : null;
      }
      expect(names).toEqual(['e', 'd', 'c', 'b', 'a'].map((suffix) => `${prefix} ${suffix}`));
    });

    it('lists the first page with no query at all, and adds counts when fields asks', async () => {
      await create();
      const response = await query(
        family.queryWithGet ? { fields: [family.countField] } : { fields: [family.countField] },
      );
      expect(response.status).toBe(200);
      expect(response.body[many].length).toBeGreaterThan(0);
      expect(response.body[many][0][family.countKey]).toBe(0);
    });

    it('refuses an unknown field, an unknown operator and a forged cursor with 400', async () => {
      expect((await query({ query: { filter: { colour: 'red' } } })).status).toBe(400);
      expect((await query({ query: { filter: { name: { $regex: 'x' } } } })).status).toBe(400);
      const forged = await query({ query: { cursorPaging: { cursor: 'forged.cursor' } } });
      expect(forged.status).toBe(400);
      expect(forged.body.details.applicationError.code).toBe('INVALID_CURSOR');
    });
  });

  describe(`POST ${base}/count`, () => {
    it('counts the labels a filter selects, and all with no filter', async () => {
      const prefix = `Counted ${one}`;
      await create(`${prefix} 1`);
      await create(`${prefix} 2`);
      const some = await call('POST', `${base}/count`, { filter: { name: { $startsWith: prefix } } });
      expect(some.body).toEqual({ count: 2 });
      const all = await call('POST', `${base}/count`, {});
      const [stored] = await t.app.database.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM ${family.table}`,
      );
      expect(all.body.count).toBe(stored!.total);
      expect((await call('POST', `${base}/count`, { filter: { nope: 1 } })).status).toBe(400);
    });
  });

  describe(`POST ${base}/get-or-create`, () => {
    it('creates the label the first time and returns the same one after, trimming the name', async () => {
      const name = uniqueName('Gotten');
      const first = await call('POST', `${base}/get-or-create`, { [`${one}Name`]: name });
      expect(first.status).toBe(200);
      const again = await call('POST', `${base}/get-or-create`, {
        [`${one}Name`]: ` ${name} `,
        fields: [family.countField],
      });
      expect(again.body[one]).toMatchObject({ id: first.body[one].id, name, [family.countKey]: 0 });
      const [stored] = await t.app.database.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM ${family.table} WHERE name = $1`,
        [name],
      );
      expect(stored!.count).toBe(1);
    });

    it('makes one label when callers race for the same new name', async () => {
      const name = uniqueName('Raced');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => call('POST', `${base}/get-or-create`, { [`${one}Name`]: name })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((answer) => answer.body[one].id)).size).toBe(1);
    });

    it('refuses a blank name with 400', async () => {
      const response = await call('POST', `${base}/get-or-create`, { [`${one}Name`]: '  ' });
      expect(response.status).toBe(400);
    });
  });

  describe(`POST ${bulk}/*`, () => {
    it('creates several, failing only the item whose name is taken, with metadata in request order', async () => {
      const taken = await create();
      const fresh = uniqueName('Bulk');
      const response = await call('POST', `${bulk}/create`, {
        [many]: [{ name: fresh }, { name: taken.name }],
        returnEntity: true,
      });
      expect(response.status).toBe(200);
      expect(response.body.bulkActionMetadata).toEqual({
        totalSuccesses: 1,
        totalFailures: 1,
        undetailedFailures: 0,
      });
      const [ok, failed] = response.body.results;
      expect(ok.itemMetadata).toMatchObject({ originalIndex: 0, success: true, id: ok.item.id });
      expect(ok.item).toMatchObject({ name: fresh, revision: '1' });
      expect(failed.itemMetadata).toMatchObject({ originalIndex: 1, success: false, id: null });
      expect(failed.itemMetadata.error.code).toBe(family.nameTaken);
      expect(failed.item).toBeUndefined();
      const quiet = await call('POST', `${bulk}/create`, { [many]: [{ name: uniqueName('Quiet') }] });
      expect(quiet.body.results[0].item).toBeUndefined();
      expect(quiet.body.results[0].itemMetadata.success).toBe(true);
    });

    it('updates several with their revisions and field masks; a stale one fails alone', async () => {
      const a = await create();
      const b = await create();
      const response = await call('POST', `${bulk}/update`, {
        [many]: [
          { [one]: { id: a.id, revision: a.revision, name: `${a.name} x` }, fieldMask: 'name' },
          { [one]: { id: b.id, revision: '9', name: `${b.name} x` } },
        ],
        returnEntity: true,
        fields: [family.countField],
      });
      expect(response.status).toBe(200);
      expect(response.body.results[0].item).toMatchObject({
        name: `${a.name} x`,
        revision: '2',
        [family.countKey]: 0,
      });
      expect(response.body.results[1].itemMetadata).toMatchObject({ id: b.id, success: false });
      expect(response.body.results[1].itemMetadata.error.code).toBe('REVISION_MISMATCH');
      const masked = await call('POST', `${bulk}/update`, {
        [many]: [{ [one]: { id: a.id, name: 'x' }, fieldMask: 'createdDate' }],
      });
      expect(masked.body.results[0].itemMetadata.error.code).toBe('INVALID_REQUEST');
    });

    it('gets or creates several names, answering the entities in order', async () => {
      const existing = await create();
      const fresh = uniqueName('Many');
      const response = await call('POST', `${bulk}/get-or-create`, {
        [`${one}Names`]: [existing.name, fresh, ' '],
      });
      expect(response.status).toBe(200);
      const [first, second, third] = response.body.results;
      expect(first.item.id).toBe(existing.id);
      expect(second.item).toMatchObject({ name: fresh, revision: '1' });
      expect(third.itemMetadata).toMatchObject({ success: false, originalIndex: 2 });
      expect(response.body.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });
    });

    it('deletes several; an unknown id fails alone with NOT_FOUND', async () => {
      const a = await create();
      const response = await call('POST', `${bulk}/delete`, { [`${one}Ids`]: [a.id, unknownId] });
      expect(response.status).toBe(200);
      expect(response.body.results.map((result: { itemMetadata: unknown }) => result.itemMetadata)).toEqual([
        { id: a.id, originalIndex: 0, success: true },
        {
          id: unknownId,
          originalIndex: 1,
          success: false,
          error: {
            code: 'NOT_FOUND',
            description: expect.stringContaining(unknownId),
            data: { id: unknownId },
          },
        },
      ]);
      expect((await call('GET', `${base}/${a.id}`)).status).toBe(404);
    });

    it('refuses malformed bulk requests with 400', async () => {
      expect((await call('POST', `${bulk}/create`, { [many]: [] })).status).toBe(400);
      expect((await call('POST', `${bulk}/delete`, { [`${one}Ids`]: ['x'] })).status).toBe(400);
      expect((await call('POST', `${bulk}/update`, { [many]: [{ [one]: { name: 'x' } }] })).status).toBe(400);
      expect((await call('POST', `${bulk}/get-or-create`, {})).status).toBe(400);
    });
  });
});
