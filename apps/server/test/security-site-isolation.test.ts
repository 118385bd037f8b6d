import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogAppIds } from '@atrium/contract/ecom/common';
import { seedDemoData } from '../src/cli/seed.ts';
import { createTestApp, inject, type TestApp } from './test-app.ts';
import { bearer, identityKit, type IdentityKit } from './identity-helpers.ts';
import { siteRows } from './site-rows.ts';

/**
 * The isolation matrix: two sites with the same demo data; every operation of /openapi.json is called
 * with each kind of site A's credentials (visitor, member, owner, API key) on site B's ids: in the path,
 * in the body, in query filters and with cursors made on B. Every answer must refuse (4xx) or show
 * nothing of B; B's rows must be the same afterwards, and A's counts the same as before B existed.
 * Operations are read from /openapi.json, so a new module's routes are covered without editing this file.
 */

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: Array<{ name: string; in: string }>;
  body?: JsonSchema;
}
interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
}
interface SiteUnderTest {
  id: string;
  clientId: string;
  host?: string;
  ownerId: string;
  memberId: string;
  apiKey: string;
}

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

let t: TestApp;
let kit: IdentityKit;
let siteA: SiteUnderTest;
let siteB: SiteUnderTest;
let operations: Operation[];
let components: Record<string, JsonSchema>;
/** B's ids by what they name (`booking`, `product`, `any`...), for paths, bodies and filters. */
const bIdsByNoun = new Map<string, string[]>();
/** Ids only B has: any of them in an answer to A's credentials is a leak. */
let bOnlyIds: Set<string>;
/** Cursors B's owner got from list operations, by operation. */
const bCursors = new Map<string, string>();
/** Numbers A's owner read from counts and totals before B had any data. */
let aCountsBeforeB: Map<string, string>;

function noun(name: string): string {
  const plain = name
    .replace(/Ids?$/, '')
    .replace(/^_?id$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return plain.endsWith('ies') ? `${plain.slice(0, -3)}y` : plain.replace(/s$/, '');
}

function remember(index: Map<string, string[]>, key: string, value: string) {
  if (!key) return;
  const list = index.get(key) ?? [];
  if (!list.includes(value)) list.push(value);
  index.set(key, list);
}

/** Every id in an answer, filed under the collection or field that holds it. */
function harvest(value: unknown, index: Map<string, string[]>, context = 'any'): void {
  if (Array.isArray(value)) {
    for (const element of value) {
      if (typeof element === 'string' && /Ids$/.test(context)) remember(index, noun(context), element);
      else harvest(element, index, context);
    }
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string') {
      if (key === 'id' || key === '_id') remember(index, noun(context), field);
      else if (/Id$/.test(key)) remember(index, noun(key), field);
      else continue;
      remember(index, 'any', field);
    } else {
      harvest(field, index, key);
    }
  }
}

/** An answer without what differs between two calls anyway: ids, dates, request ids. */
function normalise(text: string): string {
  return text
    .replace(uuidPattern, '<id>')
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z?/g, '<date>')
    .replace(/\d{8}T\d{6}/g, '<date>');
}

function uuidsIn(text: string): Set<string> {
  return new Set((text.match(uuidPattern) ?? []).map((id) => id.toLowerCase()));
}

function hostHeaders(site: SiteUnderTest): Record<string, string> {
  return site.host ? { host: site.host } : {};
}

async function credentialsOf(site: SiteUnderTest) {
  const identity = kit.identity;
  const owner = await identity.oauth.issueTokens({
    siteId: site.id,
    subjectType: 'WIX_USER',
    subjectId: site.ownerId,
    role: 'OWNER',
  });
  const member = await identity.oauth.issueTokens({
    siteId: site.id,
    subjectType: 'MEMBER',
    subjectId: site.memberId,
  });
  const visitor = await identity.oauth.anonymous(site.clientId);
  return {
    visitor: { ...hostHeaders(site), ...bearer(visitor.access_token) },
    member: { ...hostHeaders(site), ...bearer(member.access_token) },
    owner: { ...hostHeaders(site), ...bearer(owner.access_token) },
    'API key': { ...hostHeaders(site), authorization: site.apiKey },
  };
}

async function ownerOf(site: SiteUnderTest): Promise<Record<string, string>> {
  const owner = await kit.identity.oauth.issueTokens({
    siteId: site.id,
    subjectType: 'WIX_USER',
    subjectId: site.ownerId,
    role: 'OWNER',
  });
  return { ...hostHeaders(site), ...bearer(owner.access_token) };
}

function isListOperation(operation: Operation): boolean {
  return (
    (operation.method === 'GET' && !operation.path.includes('{')) ||
    (operation.method === 'POST' && isQueryPath(operation.path) && !operation.path.includes('{'))
  );
}

function isQueryPath(path: string): boolean {
  return /\/[\w-]*(query|search)[\w-]*$/i.test(path);
}

function listKey(operation: Operation): 'query' | 'search' {
  return /search[\w-]*$/i.test(operation.path) ? 'search' : 'query';
}

async function call(operation: Operation, url: string, headers: Record<string, string>, payload?: unknown) {
  const response = await t.app.inject({
    method: operation.method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, text: response.body };
}

/** What the owner of `site` sees in every list: ids by noun, and the raw answers. */
async function readEverything(site: SiteUnderTest, index: Map<string, string[]>) {
  const answers = new Map<string, string>();
  for (const operation of operations.filter(isListOperation)) {
    if (operation.path.includes('logout')) continue;
    const label = `${operation.method} ${operation.path}`;
    const headers = await ownerOf(site);
    const full = await call(operation, operation.path, headers, operation.method === 'GET' ? undefined : {});
    if (full.status !== 200) continue;
    answers.set(label, full.text);
    harvest(JSON.parse(full.text), index);
    if (operation.method === 'POST') {
      const page = await call(operation, operation.path, headers, {
        [listKey(operation)]: { cursorPaging: { limit: 1 } },
      });
      const cursor = page.status === 200 ? findCursor(JSON.parse(page.text)) : undefined;
      if (cursor && site === siteB) bCursors.set(label, cursor);
    }
  }
  return answers;
}

function findCursor(body: unknown): string | undefined {
  const next = (body as { pagingMetadata?: { cursors?: { next?: string } } })?.pagingMetadata?.cursors?.next;
  return typeof next === 'string' ? next : undefined;
}

/** Numbers under count and total keys, by operation and path in the answer. */
function countsIn(answers: Map<string, string>): Map<string, string> {
  const counts = new Map<string, string>();
  const walk = (value: unknown, where: string) => {
    if (Array.isArray(value)) value.forEach((element, i) => walk(element, `${where}[${i}]`));
    else if (value && typeof value === 'object')
      for (const [key, field] of Object.entries(value)) {
        if ((typeof field === 'number' || typeof field === 'string') && /(count|total)$/i.test(key))
          counts.set(`${where}.${key}`, String(field));
        else walk(field, `${where}.${key}`);
      }
  };
  for (const [label, text] of answers) walk(JSON.parse(text), label);
  return counts;
}

/** B's ids for a field or path parameter, UUIDs first (ids a caller chooses, like "Posts", are alike on both sites). */
function idsFor(name: string, fallbackNoun?: string): string[] {
  const found =
    bIdsByNoun.get(noun(name)) ??
    (fallbackNoun ? bIdsByNoun.get(noun(fallbackNoun.replace(/^by-|-id$/g, ''))) : undefined) ??
    bIdsByNoun.get('any') ??
    [];
  const isUuid = (id: string) => new RegExp(`^${uuidPattern.source}$`, 'i').test(id);
  return [...found.filter(isUuid), ...found.filter((id) => !isUuid(id))];
}

function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  return resolve(components[schema.$ref.replace('#/components/schemas/', '')]);
}

const idLike = (name: string) => /(^_?id$|Id$|Ids$)/.test(name);

/** Whether any id-like field lies within a few levels of `schema`. */
function holdsIds(schema: JsonSchema | undefined, depth = 0): boolean {
  const resolved = resolve(schema);
  if (!resolved || depth > 4) return false;
  if (resolved.properties)
    return Object.entries(resolved.properties).some(
      ([name, property]) => idLike(name) || holdsIds(property, depth + 1),
    );
  if (resolved.items) return holdsIds(resolved.items, depth + 1);
  const options = resolved.anyOf ?? resolved.oneOf ?? resolved.allOf;
  return options ? options.some((option) => holdsIds(option, depth + 1)) : false;
}

/** A body that passes the schema where it can, with B's ids in every id-like field. */
function sample(schema: JsonSchema | undefined, name: string, depth = 0): unknown {
  const resolved = resolve(schema);
  if (!resolved || depth > 6) return undefined;
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum) return resolved.enum[0];
  const options = resolved.anyOf ?? resolved.oneOf;
  if (options) {
    const chosen = options.find((option) => resolve(option)?.type !== 'null') ?? options[0];
    return sample(chosen, name, depth + 1);
  }
  if (resolved.allOf) {
    return Object.assign({}, ...resolved.allOf.map((part) => sample(part, name, depth + 1) ?? {}));
  }
  const type = Array.isArray(resolved.type) ? resolved.type.find((kind) => kind !== 'null') : resolved.type;
  if (type === 'object' || resolved.properties) {
    const out: Record<string, unknown> = {};
    for (const [property, propertySchema] of Object.entries(resolved.properties ?? {})) {
      const wanted =
        resolved.required?.includes(property) || idLike(property) || holdsIds(propertySchema, depth);
      if (!wanted) continue;
      const value = sample(propertySchema, property, depth + 1);
      if (value !== undefined) out[property] = value;
    }
    return out;
  }
  if (type === 'array') {
    if (/Ids$/.test(name)) return idsFor(name).slice(0, 3);
    const element = sample(resolved.items, name.replace(/s$/, ''), depth + 1);
    return element === undefined
      ? []
      : Array.from({ length: Math.max(1, resolved.minItems ?? 1) }, () => element);
  }
  if (type === 'string') {
    if (idLike(name) || resolved.format === 'uuid') return idsFor(name)[0] ?? crypto.randomUUID();
    if (resolved.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
    if (resolved.format === 'email') return 'someone@example.com';
    if (resolved.format === 'uri') return 'https://example.com/';
    return 'x'.repeat(Math.max(1, resolved.minLength ?? 1));
  }
  if (type === 'integer' || type === 'number') return resolved.minimum ?? 1;
  if (type === 'boolean') return false;
  return undefined;
}

/** The calls made for one operation: B's ids in its path and query, in its body, in filters, and B's cursor. */
/** `pick`: which of B's candidate ids to aim at (reads by id try a few). */
function requestsFor(
  operation: Operation,
  pick = 0,
): Array<{ url: string; payload?: unknown; sent: string[] }> {
  const choose = (ids: string[]) => (ids.length > 0 ? ids[pick % ids.length] : undefined);
  const segments = operation.path.split('/');
  const sent: string[] = [];
  const path = segments
    .map((segment, i) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      if (!param) return segment;
      const id = choose(idsFor(param, segments[i - 1])) ?? crypto.randomUUID();
      sent.push(id);
      return encodeURIComponent(id);
    })
    .join('/');
  const query = operation.parameters
    .filter((parameter) => parameter.in === 'query' && idLike(parameter.name))
    .map((parameter) => {
      const id = choose(idsFor(parameter.name)) ?? crypto.randomUUID();
      sent.push(id);
      return `${encodeURIComponent(parameter.name)}=${encodeURIComponent(id)}`;
    });
  const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
  if (operation.method === 'GET' || operation.method === 'DELETE') return [{ url, sent }];
  const body = operation.body ? sample(operation.body, 'body') : {};
  const requests: Array<{ url: string; payload?: unknown; sent: string[] }> = [
    { url, payload: body ?? {}, sent: [...sent, ...uuidsIn(JSON.stringify(body ?? {}))] },
  ];
  if (isQueryPath(operation.path)) {
    const key = listKey(operation);
    const target = idsFor(segments.at(-2) ?? 'any').slice(0, 20);
    for (const field of ['id', '_id']) {
      requests.push({
        url,
        payload: { [key]: { filter: { [field]: { $in: target } } } },
        sent: [...sent, ...target],
      });
    }
    const cursor = bCursors.get(`${operation.method} ${operation.path}`);
    if (cursor) requests.push({ url, payload: { [key]: { cursorPaging: { cursor } } }, sent });
  }
  return requests;
}

/** The same activity on either site: a member's order and a visitor's cart, beside the demo data. */
async function shop(site: SiteUnderTest) {
  const credentials = await credentialsOf(site);
  const products = await inject(t.app, {
    method: 'POST',
    url: '/stores/v1/products/query-platformized',
    headers: credentials.owner,
    payload: { query: { paging: { limit: 1 } } },
  });
  const productId = products.body.products[0].id as string;
  const line = { quantity: 1, catalogReference: { appId: catalogAppIds.stores, catalogItemId: productId } };
  const checkout = await inject(t.app, {
    method: 'POST',
    url: '/ecom/v1/checkouts',
    headers: credentials.member,
    payload: { lineItems: [line] },
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const order = await inject(t.app, {
    method: 'POST',
    url: `/ecom/v1/checkouts/${checkout.body.checkout.id}/create-order`,
    headers: credentials.member,
    payload: {},
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const cart = await inject(t.app, {
    method: 'POST',
    url: '/ecom/v1/carts',
    headers: credentials.visitor,
    payload: { lineItems: [line] },
  });
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  await inject(t.app, {
    method: 'POST',
    url: '/identity/v1/staff/invitations',
    headers: credentials.owner,
    payload: { email: 'invitee@example.com', role: 'STAFF' },
  });
  return { cart: cart.body.cart.id as string, checkout: checkout.body.checkout.id as string };
}

async function prepareSite(siteId: string, clientId: string, host?: string): Promise<SiteUnderTest> {
  const owner = await kit.staffToken(siteId, 'OWNER');
  const member = await kit.memberToken(siteId);
  const key = await kit.apiKey(siteId, ['*']);
  return {
    id: siteId,
    clientId,
    ownerId: owner.id,
    memberId: member.id,
    apiKey: key.key,
    ...(host ? { host } : {}),
  };
}

beforeAll(async () => {
  t = await createTestApp({
    config: {
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_LOGIN_ID: '1000000',
      VISITOR_TOKEN_RATE_LIMIT_PER_IP: '1000000',
      AUTH_MIN_RESPONSE_MS: '0',
    },
  });
  kit = identityKit(t);
  const openapi = (await inject(t.app, { method: 'GET', url: '/openapi.json' })).body as {
    paths: Record<string, Partial<Record<(typeof methods)[number], Record<string, unknown>>>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  components = openapi.components?.schemas ?? {};
  operations = Object.entries(openapi.paths).flatMap(([path, item]) =>
    methods
      .filter((method) => item[method])
      .map((method) => {
        const spec = item[method] as {
          parameters?: Array<{ name: string; in: string }>;
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        };
        return {
          method: method.toUpperCase() as Operation['method'],
          path,
          parameters: spec.parameters ?? [],
          body: spec.requestBody?.content?.['application/json']?.schema,
        };
      }),
  );

  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const home = await kit.defaultSite();
  await seedDemoData({ database: t.app.database, config: t.config });
  siteA = await prepareSite(home.site.id, home.clientId);
  await shop(siteA);
  const aIndex = new Map<string, string[]>();
  const aAnswersBeforeB = await readEverything(siteA, aIndex);
  aCountsBeforeB = countsIn(aAnswersBeforeB);

  const b = await kit.sites.service.createSite({ name: 'Lotus Yoga Studio', hosts: ['b.example.test'] });
  const bClient = await kit.identity.ensureSiteClient(b.id);
  await seedDemoData({ database: t.app.database, config: t.config }, { site: b });
  siteB = await prepareSite(b.id, bClient.id, 'b.example.test');
  const bShopping = await shop(siteB);
  vi.restoreAllMocks();

  const bAnswers = await readEverything(siteB, bIdsByNoun);
  // Carts have no list operation: B's visitor's cart is aimed at by its id.
  remember(bIdsByNoun, 'cart', bShopping.cart);
  remember(bIdsByNoun, 'checkout', bShopping.checkout);
  // A's ids as A showed them before B existed: a query that forgets site_id would show B's ids in A's
  // answers from now on, and must not thereby make them A's.
  const aIds = new Set([...aAnswersBeforeB.values()].flatMap((text) => [...uuidsIn(text)]));
  const shared = new Set([...uuidsIn(JSON.stringify(openapi)), ...Object.values(catalogAppIds)]);
  bOnlyIds = new Set(
    [
      ...[...bAnswers.values()].flatMap((text) => [...uuidsIn(text)]),
      siteB.id,
      siteB.clientId,
      bShopping.cart,
      bShopping.checkout,
    ].filter((id) => !aIds.has(id) && !shared.has(id)),
  );
}, 240_000);

afterAll(async () => {
  await t?.close();
}, 60_000);

describe("site isolation: site A's credentials on site B's ids, for every operation of /openapi.json", () => {
  it('has two sites with the same demo data and a wide set of B ids to aim at', () => {
    expect(operations.length).toBeGreaterThan(300);
    expect(bOnlyIds.size).toBeGreaterThan(100);
    for (const kind of ['service', 'staffmember', 'product', 'booking', 'order', 'checkout', 'cart'])
      expect(bIdsByNoun.get(kind)?.length ?? 0, kind).toBeGreaterThan(0);
  });

  it("does not count B's rows in A's counts and totals", async () => {
    const now = countsIn(await readEverything(siteA, new Map()));
    const changed = [...aCountsBeforeB].filter(
      ([where, count]) => now.has(where) && now.get(where) !== count,
    );
    expect(changed).toEqual([]);
  });

  it('refuses or shows nothing of B, never fails with 5xx, and leaves B as it was', async () => {
    // B's owner reads B's rows by id, as the control (minted before the snapshot: its session is a row of B).
    const bOwner = await ownerOf(siteB);
    const before = await siteRows(t.app, siteB.id);
    const problems: string[] = [];
    let calls = 0;
    let controls = 0;
    let controlHits = 0;
    const claimedByA = new Set<string>();
    for (const operation of operations) {
      const readById = operation.method === 'GET' && operation.path.includes('{');
      // Reads by id aim at three of B's candidate ids; the rest at one.
      const candidates = readById ? [0, 1, 2].map((pick) => requestsFor(operation, pick)[0]!) : [];
      const requests = readById
        ? candidates.filter((request, i) => candidates.findIndex((other) => other.url === request.url) === i)
        : requestsFor(operation);
      // The same reads with B's own owner: one finds B's row, so the refusals below are about the site.
      if (readById) {
        controls += 1;
        let found = false;
        for (const request of requests) found ||= (await call(operation, request.url, bOwner)).status === 200;
        if (found) controlHits += 1;
      }
      // Fresh credentials for each operation: one may end the caller's session (logout, password change).
      const credentials = await credentialsOf(siteA);
      for (const [kind, headers] of Object.entries(credentials)) {
        for (const request of requests) {
          calls += 1;
          const answer = await call(operation, request.url, headers, request.payload);
          const label = `${operation.method} ${request.url} as ${kind}`;
          if (answer.status >= 500) {
            problems.push(`${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
            continue;
          }
          const sent = uuidsIn(request.url + JSON.stringify(request.payload ?? ''));
          // An id A claimed earlier (a collection of A's named with B's id) is A's own name when a list shows it.
          const unsent = [...uuidsIn(answer.text)].filter(
            (id) => bOnlyIds.has(id) && !sent.has(id) && !claimedByA.has(id),
          );
          if (unsent.length > 0) {
            problems.push(`${label}: ${answer.status} shows B's ${unsent.slice(0, 3).join(', ')}`);
            continue;
          }
          // B's ids sent must be answered as ids that exist nowhere are: same status, same body.
          const aimed = [...sent].filter((id) => bOnlyIds.has(id));
          if (aimed.length === 0) continue;
          // Ids a caller may choose (data collections and items): A named a row of its own with B's id.
          if (aimed.some((id) => claimedByA.has(id))) continue;
          if (operation.method !== 'GET' && answer.status < 300)
            for (const id of aimed) if (answer.text.includes(id)) claimedByA.add(id);
          const swap = (text: string, pairs: Array<[string, string]>) =>
            pairs.reduce((out, [from, to]) => out.replaceAll(from, to), text);
          const pairs = aimed.map((id) => [id, crypto.randomUUID()] as [string, string]);
          const twinPayload =
            request.payload === undefined
              ? undefined
              : JSON.parse(swap(JSON.stringify(request.payload), pairs));
          const twin = await call(operation, swap(request.url, pairs), headers, twinPayload);
          calls += 1;
          if (answer.status !== twin.status || normalise(answer.text) !== normalise(twin.text))
            problems.push(
              `${label}: B's id answered ${answer.status} ${normalise(answer.text).slice(0, 160)}, a missing id ${twin.status} ${normalise(twin.text).slice(0, 160)}`,
            );
        }
      }
    }
    console.info(
      `site isolation: ${operations.length} operations, ${calls} calls; B's owner found B's row in ${controlHits} of ${controls} reads by id`,
    );
    expect(problems).toEqual([]);
    expect(await siteRows(t.app, siteB.id)).toEqual(before);
    expect(controlHits).toBeGreaterThan(controls / 3);
  }, 600_000);
});
