import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storesEvents } from '../src/modules/stores/index.ts';
import { as, createTestApp, type TestApp } from './test-app.ts';
import { identityKit } from './identity-helpers.ts';
import { caller, dotR } from './stores-v3-entities-helpers.ts';

/**
 * Who may call the catalog v3 entity routes: every route with its access (data: a new route needs a
 * row), visitors never write, apps need the stores scopes, and another site neither reads nor changes
 * these entities. Also the events the writes publish.
 */
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface RouteCase {
  method: Method;
  url: string;
  access: 'manage' | 'read';
  body?: unknown;
}

const id = randomUUID();
const v3 = (path: string) => `/stores/v3/${path}`;
const dotRQuery = (path: string) => dotR(v3(path), { query: {} });
const routes: RouteCase[] = [
  ...(['brand', 'ribbon'] as const).flatMap((one): RouteCase[] => {
    const many = `${one}s`;
    return [
      { method: 'POST', url: v3(many), access: 'manage', body: { [one]: { name: 'x' } } },
      { method: 'GET', url: v3(`${many}/${id}`), access: 'read' },
      { method: 'PATCH', url: v3(`${many}/${id}`), access: 'manage', body: { [one]: { name: 'x' } } },
      { method: 'DELETE', url: v3(`${many}/${id}`), access: 'manage' },
      { method: 'GET', url: dotRQuery(`${many}/query`), access: 'read' },
      { method: 'POST', url: v3(`${many}/query`), access: 'read', body: {} },
      { method: 'POST', url: v3(`${many}/count`), access: 'read', body: {} },
      { method: 'POST', url: v3(`${many}/get-or-create`), access: 'manage', body: { [`${one}Name`]: 'x' } },
      { method: 'POST', url: v3(`bulk/${many}/create`), access: 'manage', body: { [many]: [{ name: 'x' }] } },
      {
        method: 'POST',
        url: v3(`bulk/${many}/update`),
        access: 'manage',
        body: { [many]: [{ [one]: { id, name: 'x' } }] },
      },
      {
        method: 'POST',
        url: v3(`bulk/${many}/get-or-create`),
        access: 'manage',
        body: { [`${one}Names`]: ['x'] },
      },
      { method: 'POST', url: v3(`bulk/${many}/delete`), access: 'manage', body: { [`${one}Ids`]: [id] } },
    ];
  }),
  { method: 'POST', url: v3('customizations'), access: 'manage', body: { customization: { name: 'x' } } },
  { method: 'GET', url: v3(`customizations/${id}`), access: 'read' },
  {
    method: 'PATCH',
    url: v3(`customizations/${id}`),
    access: 'manage',
    body: { customization: { name: 'x' } },
  },
  { method: 'DELETE', url: v3(`customizations/${id}`), access: 'manage' },
  { method: 'GET', url: dotRQuery('customizations/query'), access: 'read' },
  { method: 'POST', url: v3('customizations/count'), access: 'read', body: {} },
  ...['add-choices', 'set-choices'].map((action): RouteCase => ({
    method: 'POST',
    url: v3(`customizations/${id}/${action}`),
    access: 'manage',
    body: { choices: [{ name: 'x' }] },
  })),
  ...['remove-choices', 'reorder-choices'].map((action): RouteCase => ({
    method: 'POST',
    url: v3(`customizations/${id}/${action}`),
    access: 'manage',
    body: { choiceIds: [id], revision: '1' },
  })),
  {
    method: 'POST',
    url: v3(`customizations/${id}/update-choices`),
    access: 'manage',
    body: { revision: '1', choices: [{ choice: { id, name: 'x' } }] },
  },
  { method: 'POST', url: v3('bulk/customizations/create'), access: 'manage', body: { customizations: [{}] } },
  {
    method: 'POST',
    url: v3('bulk/customizations/update'),
    access: 'manage',
    body: { customizations: [{ customization: { id } }] },
  },
  {
    method: 'POST',
    url: v3('bulk/customizations/add-choices'),
    access: 'manage',
    body: { customizationsChoices: [{ customizationId: id, choices: [{ name: 'x' }] }] },
  },
  { method: 'POST', url: v3('info-sections'), access: 'manage', body: { infoSection: { title: 'x' } } },
  { method: 'GET', url: v3(`info-sections/${id}`), access: 'read' },
  {
    method: 'PATCH',
    url: v3(`info-sections/${id}`),
    access: 'manage',
    body: { infoSection: { title: 'x' } },
  },
  { method: 'DELETE', url: v3(`info-sections/${id}`), access: 'manage' },
  { method: 'GET', url: dotRQuery('info-sections/query'), access: 'read' },
  { method: 'POST', url: v3('info-sections/count'), access: 'read', body: {} },
  { method: 'POST', url: v3('info-sections/get-or-create'), access: 'manage', body: { infoSection: { id } } },
  { method: 'POST', url: v3('bulk/info-sections/create'), access: 'manage', body: { infoSections: [{}] } },
  {
    method: 'POST',
    url: v3('bulk/info-sections/update'),
    access: 'manage',
    body: { infoSections: [{ infoSection: { id } }] },
  },
  {
    method: 'POST',
    url: v3('bulk/info-sections/get-or-create'),
    access: 'manage',
    body: { infoSections: [{ id }] },
  },
  { method: 'POST', url: v3('bulk/info-sections/delete'), access: 'manage', body: { infoSectionIds: [id] } },
];

let t: TestApp;
let call: ReturnType<typeof caller>;
let kit: ReturnType<typeof identityKit>;
let otherSiteOwner: Record<string, string>;
const received: Array<{ name: string; data: unknown }> = [];
const entityEvents = Object.values(storesEvents).filter((name) =>
  /^stores\.(brand|ribbon|customization|info_section)\./.test(name),
);
beforeAll(async () => {
  t = await createTestApp({
    withEvents: (bus) => {
      for (const name of entityEvents) {
        bus.subscribe(name, 'stores-v3-entities-test', async (event) => {
          received.push({ name, data: event.data });
        });
      }
    },
  });
  call = caller(t);
  kit = identityKit(t);
  otherSiteOwner = as('WIX_USER:OWNER', (await kit.newSite('Other shop')).site.id);
});
afterAll(async () => {
  await t?.close();
});

const send = (route: RouteCase, headers: Record<string, string>) =>
  call(route.method, route.url, route.body, headers);

describe('every catalog v3 entity route is listed here', () => {
  it('covers the 47 calls of brandsV3, ribbonsV3, customizationsV3 and infoSectionsV3 (plus POST query forms)', () => {
    const listed = routes.map((route) => `${route.method} ${route.url.split('?')[0]!.replace(id, ':id')}`);
    expect(new Set(listed).size).toBe(routes.length);
    // 47 client calls, plus the POST form of the brands query and the GET form of the ribbons query.
    expect(routes.length).toBe(47 + 2);
  });
});

describe.each(routes)('$method $url', (route) => {
  it('answers 401 without credentials', async () => {
    const response = await send(route, {});
    expect(response.status).toBe(401);
  });

  it(`lets only ${route.access === 'manage' ? 'the business' : 'anyone signed in'} through`, async () => {
    const refused = route.access === 'manage' ? ['ANONYMOUS_VISITOR', 'MEMBER:m-1', 'WIX_USER:STAFF'] : [];
    for (const who of refused) {
      const response = await send(route, as(who));
      expect(response.status, who).toBe(403);
      expect(response.body.details.applicationError.code).toBe('PERMISSION_DENIED');
    }
    const allowed = await send(
      route,
      as(route.access === 'manage' ? 'APP:integration' : 'ANONYMOUS_VISITOR'),
    );
    expect([401, 403]).not.toContain(allowed.status);
    expect(allowed.status).toBeLessThan(500);
  });
});

describe('API keys', () => {
  it('read with stores.catalog.read, and write only with stores.catalog.manage', async () => {
    const { site } = await kit.defaultSite();
    const reader = { authorization: (await kit.apiKey(site.id, ['stores.catalog.read'])).key };
    const manager = { authorization: (await kit.apiKey(site.id, ['stores.catalog.manage'])).key };
    const stranger = { authorization: (await kit.apiKey(site.id, ['bookings.catalog.manage'])).key };
    const write = (headers: Record<string, string>) =>
      call('POST', v3('brands'), { brand: { name: `Keyed ${randomUUID()}` } }, headers);
    expect((await write(reader)).status).toBe(403);
    expect((await write(stranger)).status).toBe(403);
    expect((await write(manager)).status).toBe(200);
    expect((await call('POST', v3('brands/count'), {}, reader)).status).toBe(200);
    expect((await call('POST', v3('brands/count'), {}, stranger)).status).toBe(403);
  });
});

describe('another site', () => {
  it('neither reads, lists, counts nor changes this site’s entities, which stay as they were', async () => {
    const brand = (await call('POST', v3('brands'), { brand: { name: 'Private brand' } })).body.brand;
    const ribbon = (await call('POST', v3('ribbons'), { ribbon: { name: 'Private ribbon' } })).body.ribbon;
    const customization = (
      await call('POST', v3('customizations'), {
        customization: {
          name: 'Private option',
          customizationType: 'PRODUCT_OPTION',
          customizationRenderType: 'TEXT_CHOICES',
          choicesSettings: { choices: [{ name: 'A' }] },
        },
      })
    ).body.customization;
    const section = (
      await call('POST', v3('info-sections'), { infoSection: { uniqueName: 'private', title: 'Private' } })
    ).body.infoSection;
    const snapshot = () =>
      t.app.database.query(
        `SELECT name, revision FROM stores_brands WHERE id = $1
         UNION ALL SELECT name, revision FROM stores_ribbons WHERE id = $2
         UNION ALL SELECT name, revision FROM stores_customizations WHERE id = $3
         UNION ALL SELECT title, revision FROM stores_info_sections WHERE id = $4`,
        [brand.id, ribbon.id, customization.id, section.id],
      );
    const before = await snapshot();
    const choiceId = customization.choicesSettings.choices[0].id;

    const attempts: Array<[Method, string, unknown?]> = [
      ['GET', v3(`brands/${brand.id}`)],
      ['PATCH', v3(`brands/${brand.id}`), { brand: { name: 'Taken over' } }],
      ['DELETE', v3(`brands/${brand.id}`)],
      ['GET', v3(`ribbons/${ribbon.id}`)],
      ['PATCH', v3(`ribbons/${ribbon.id}`), { ribbon: { name: 'Taken over' } }],
      ['DELETE', v3(`ribbons/${ribbon.id}`)],
      ['GET', v3(`customizations/${customization.id}`)],
      ['PATCH', v3(`customizations/${customization.id}`), { customization: { name: 'Taken over' } }],
      ['POST', v3(`customizations/${customization.id}/add-choices`), { choices: [{ name: 'B' }] }],
      ['POST', v3(`customizations/${customization.id}/remove-choices`), { choiceIds: [choiceId] }],
      ['DELETE', v3(`customizations/${customization.id}`)],
      ['GET', v3(`info-sections/${section.id}`)],
      ['PATCH', v3(`info-sections/${section.id}`), { infoSection: { title: 'Taken over' } }],
      ['POST', v3('info-sections/get-or-create'), { infoSection: { id: section.id } }],
      ['DELETE', v3(`info-sections/${section.id}`)],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(method, url, body, otherSiteOwner);
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    const bulkDelete = await call('POST', v3('bulk/brands/delete'), { brandIds: [brand.id] }, otherSiteOwner);
    expect(bulkDelete.body.results[0].itemMetadata.success).toBe(false);
    const bulkUpdate = await call(
      'POST',
      v3('bulk/info-sections/update'),
      { infoSections: [{ infoSection: { id: section.id, title: 'x' } }] },
      otherSiteOwner,
    );
    expect(bulkUpdate.body.results[0].itemMetadata.success).toBe(false);

    for (const many of ['brands', 'ribbons', 'customizations', 'info-sections']) {
      const listed = await call('POST', v3(`${many}/query`), {}, otherSiteOwner);
      expect(Object.values(listed.body).find(Array.isArray)).toEqual([]);
      expect((await call('POST', v3(`${many}/count`), {}, otherSiteOwner)).body).toEqual({ count: 0 });
    }
    // The same names are free on the other site: uniqueness is per site.
    expect(
      (await call('POST', v3('brands'), { brand: { name: 'Private brand' } }, otherSiteOwner)).status,
    ).toBe(200);
    const theirs = await call(
      'POST',
      v3('info-sections/get-or-create'),
      {
        infoSection: { uniqueName: 'private', title: 'Theirs' },
      },
      otherSiteOwner,
    );
    expect(theirs.body.infoSection.id).not.toBe(section.id);
    expect(await snapshot()).toEqual(before);
  });

  it('cannot continue this site’s query with its cursor', async () => {
    for (const name of ['Cursor 1', 'Cursor 2']) await call('POST', v3('ribbons'), { ribbon: { name } });
    const first = await call('POST', v3('ribbons/query'), { query: { cursorPaging: { limit: 1 } } });
    const cursor = first.body.pagingMetadata.cursors.next;
    expect(cursor).toEqual(expect.any(String));
    const replay = await call(
      'POST',
      v3('ribbons/query'),
      { query: { cursorPaging: { cursor } } },
      otherSiteOwner,
    );
    expect(replay.status).toBe(400);
    expect(replay.body.details.applicationError.code).toBe('INVALID_CURSOR');
  });
});

describe('events', () => {
  it('announce created, updated and deleted entities through the bus, and nothing for a refused write', async () => {
    const name = `Evented ${randomUUID()}`;
    const brand = (await call('POST', v3('brands'), { brand: { name } })).body.brand;
    await call('PATCH', v3(`brands/${brand.id}`), { brand: { revision: '1', name: `${name} 2` } });
    expect(
      (await call('PATCH', v3(`brands/${brand.id}`), { brand: { revision: '1', name: 'x' } })).status,
    ).toBe(409);
    // The old name is free again after the rename, so this creates a second brand.
    const second = (await call('POST', v3('brands/get-or-create'), { brandName: name })).body.brand;
    await call('POST', v3('brands/get-or-create'), { brandName: name });
    await call('DELETE', v3(`brands/${brand.id}`));
    const ribbon = (await call('POST', v3('ribbons'), { ribbon: { name: `R ${randomUUID().slice(0, 8)}` } }))
      .body.ribbon;
    const customization = (
      await call('POST', v3('customizations'), {
        customization: {
          name: 'Evented option',
          customizationType: 'PRODUCT_OPTION',
          customizationRenderType: 'TEXT_CHOICES',
          choicesSettings: { choices: [{ name: 'A' }] },
        },
      })
    ).body.customization;
    await call('POST', v3(`customizations/${customization.id}/add-choices`), { choices: [{ name: 'B' }] });
    const section = (
      await call('POST', v3('info-sections'), {
        infoSection: { uniqueName: `evented-${randomUUID()}`, title: 'E' },
      })
    ).body.infoSection;
    await call('DELETE', v3(`info-sections/${section.id}`));

    // Each event name has its own queue, so deliveries of different names may arrive in any order.
    const about = (id: string) => () =>
      received
        .filter((event) => JSON.stringify(event.data).includes(id))
        .map((event) => event.name)
        .sort();
    const poll = (id: string) => expect.poll(about(id), { timeout: 10_000 });
    await poll(brand.id).toEqual(['stores.brand.created', 'stores.brand.deleted', 'stores.brand.updated']);
    await poll(second.id).toEqual(['stores.brand.created']);
    await poll(ribbon.id).toEqual(['stores.ribbon.created']);
    await poll(customization.id).toEqual(['stores.customization.created', 'stores.customization.updated']);
    await poll(section.id).toEqual(['stores.info_section.created', 'stores.info_section.deleted']);
    const data = (name: string) => received.filter((event) => event.name === name).map((event) => event.data);
    expect(data('stores.brand.created')).toContainEqual({ entity: brand });
    expect(data('stores.brand.deleted')).toContainEqual({ entityId: brand.id });
  });
});
