import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, defineModule } from '../src/client.ts';
import { base64UrlDecode, base64UrlEncode, encodeGetQuery } from '../src/encoding.ts';
import {
  ApplicationError,
  ContextNotAvailableError,
  InvalidArgumentError,
  SystemError,
} from '../src/errors.ts';
import { ApiKeyStrategy } from '../src/auth/api-key.ts';
import { sites } from '../src/modules/sites.ts';
import { startFakeServer, type FakeResponse, type RecordedRequest } from './fake-server.ts';

let server: Awaited<ReturnType<typeof startFakeServer>>;
let answer: (request: RecordedRequest) => FakeResponse = () => ({ body: {} });

beforeAll(async () => {
  server = await startFakeServer((request) => answer(request));
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const probe = defineModule({
  get: (context) => (query: Record<string, unknown>) =>
    context.request<unknown>({ method: 'GET', path: '/probe', query }),
  post: (context) => (body: unknown) => context.request<unknown>({ method: 'POST', path: '/probe', body }),
  longGet: (context) => (query: Record<string, unknown>) =>
    context.request<unknown>({ method: 'GET', path: '/probe', query, postWhenLong: true }),
  raw: (context) => () => context.request<unknown>({ method: 'GET', path: '/probe', dateFields: false }),
});

function client(options: { headers?: Record<string, string> } = {}) {
  return createClient({ baseUrl: `${server.baseUrl}/`, modules: { probe, sites }, headers: options.headers });
}

function decodeDotR(url: string): unknown {
  const encoded = new URL(url, 'http://x').searchParams.get('.r');
  return encoded === null ? undefined : JSON.parse(base64UrlDecode(encoded));
}

describe('GET encoding', () => {
  it('sends a flat request as ordinary query parameters', async () => {
    await client().probe.get({ name: 'a b', limit: 5, active: true, skip: undefined });
    expect(server.requests[0]!.url).toBe('/probe?name=a+b&limit=5&active=true');
  });

  it('sends a request with nested parts whole as .r base64url JSON without padding', async () => {
    const request = { query: { filter: { name: { $startsWith: 'Yoga ü' } }, paging: { limit: 1 } }, id: 'x' };
    await client().probe.get(request);
    const url = server.requests[0]!.url;
    const encoded = new URL(url, 'http://x').searchParams.get('.r')!;
    expect(url.startsWith('/probe?.r=')).toBe(true);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeDotR(url)).toEqual(request);
  });

  it('treats arrays and null as nested parts', () => {
    expect(encodeGetQuery({ ids: ['a', 'b'] })).toMatch(/^\.r=/);
    expect(encodeGetQuery({ cursor: null })).toMatch(/^\.r=/);
    expect(encodeGetQuery({})).toBe('');
  });

  it('encodes base64url without Buffer, matching Node for every padding length', () => {
    for (const text of ['', 'a', 'ab', 'abc', 'abcd', '{"ü":"✓"}', '>>>???']) {
      expect(base64UrlEncode(text)).toBe(Buffer.from(text, 'utf8').toString('base64url'));
      expect(base64UrlDecode(base64UrlEncode(text))).toBe(text);
    }
  });

  it('switches a long GET to a POST of the same request when the call allows it', async () => {
    const query = {
      query: { filter: { name: { $in: Array.from({ length: 300 }, (_, index) => `name-${index}`) } } },
    };
    await client().probe.longGet(query);
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/probe', body: query });
    server.requests.length = 0;
    await client().probe.longGet({ query: { filter: { a: 1 } } });
    expect(server.requests[0]!.method).toBe('GET');
  });
});

describe('dates', () => {
  it('turns the known date fields of a response into Date objects and leaves other strings alone', async () => {
    answer = () => ({
      body: {
        site: {
          createdDate: '2026-11-22T10:00:00.000Z',
          name: '2026-11-22T10:00:00.000Z',
          updatedDate: 'soon',
        },
        items: [{ startDate: '2026-01-01T09:30:00+01:00', endDate: null }],
      },
    });
    const result = (await client().probe.get({})) as {
      site: Record<string, unknown>;
      items: Array<Record<string, unknown>>;
    };
    expect(result.site.createdDate).toBeInstanceOf(Date);
    expect((result.site.createdDate as Date).toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(result.site.name).toBe('2026-11-22T10:00:00.000Z');
    expect(result.site.updatedDate).toBe('soon');
    expect((result.items[0]!.startDate as Date).toISOString()).toBe('2026-01-01T08:30:00.000Z');
    expect(result.items[0]!.endDate).toBeNull();
  });

  it('leaves every string alone when a call opts out', async () => {
    answer = () => ({ body: { createdDate: '2026-11-22T10:00:00.000Z' } });
    expect(await client().probe.raw()).toEqual({ createdDate: '2026-11-22T10:00:00.000Z' });
  });

  it('sends Dates in bodies and GET requests as ISO strings', async () => {
    answer = () => ({ body: {} });
    const when = new Date('2026-03-01T12:00:00.000Z');
    await client().probe.post({ booking: { startDate: when, tags: [when] } });
    await client().probe.get({ from: when });
    await client().probe.get({ range: { from: when } });
    expect(server.requests[0]!.body).toEqual({
      booking: { startDate: '2026-03-01T12:00:00.000Z', tags: ['2026-03-01T12:00:00.000Z'] },
    });
    expect(server.requests[1]!.url).toBe('/probe?from=2026-03-01T12%3A00%3A00.000Z');
    expect(decodeDotR(server.requests[2]!.url)).toEqual({ range: { from: '2026-03-01T12:00:00.000Z' } });
  });
});

describe('headers and errors', () => {
  it('sends static headers, JSON content type and the credentials of the strategy', async () => {
    answer = () => ({ body: {} });
    const withKey = createClient({
      baseUrl: server.baseUrl,
      auth: ApiKeyStrategy({ apiKey: 'key-1', siteId: 'site-9' }),
      headers: { 'x-atrium-dev-caller': 'WIX_USER:OWNER' },
      modules: { probe },
    });
    await withKey.probe.post({ a: 1 });
    const { headers } = server.requests[0]!;
    expect(headers['x-atrium-dev-caller']).toBe('WIX_USER:OWNER');
    expect(headers.authorization).toBe('key-1');
    expect(headers['wix-site-id']).toBe('site-9');
    expect(headers['content-type']).toBe('application/json');
  });

  it('surfaces the x-request-id of a failed call on the error', async () => {
    answer = () => ({
      status: 400,
      headers: { 'x-request-id': 'rid-400' },
      body: {
        message: 'Invalid',
        details: {
          validationError: {
            fieldViolations: [
              { field: 'b', description: 'is wrong', violatedRule: 'VALIDATION' },
              { field: 'a', description: 'is missing', violatedRule: 'REQUIRED_FIELD' },
            ],
          },
        },
      },
    });
    const error = await client()
      .probe.get({})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).requestId).toBe('rid-400');
    expect((error as InvalidArgumentError).message).toBe('INVALID_ARGUMENT: "a" is missing, "b" is wrong');
  });

  it('turns a 4xx without an error body into an application error from the status text', async () => {
    answer = () => ({ status: 405, statusText: 'Method Not Allowed', body: 'nope' });
    const error = await client()
      .probe.get({})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApplicationError);
    expect((error as ApplicationError).code).toBe('METHOD_NOT_ALLOWED');
    expect((error as ApplicationError).description).toBe('Method Not Allowed');
  });

  it('turns a 500 into a system error naming the request id', async () => {
    answer = () => ({
      status: 500,
      headers: { 'x-request-id': 'rid-500' },
      body: { message: 'System error occurred' },
    });
    await expect(client().probe.get({})).rejects.toThrow('System error occurred, request-id: rid-500');
  });

  it('turns an unreachable server into a system error', async () => {
    const offline = createClient({ baseUrl: 'http://127.0.0.1:1', modules: { probe } });
    const error = await offline.probe.get({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SystemError);
    expect((error as SystemError).message).toBe('System error occurred');
  });

  it('turns a success that is not JSON into a system error', async () => {
    answer = () => ({ status: 200, headers: { 'x-request-id': 'rid-bad' }, body: '<html>' });
    await expect(client().probe.get({})).rejects.toThrow('System error occurred, request-id: rid-bad');
  });
});

describe('modules and context', () => {
  it('throws "context is not available" when a module function is called with no client', () => {
    expect(() => probe.get({})).toThrow(ContextNotAvailableError);
    expect(() => probe.get({})).toThrow('context is not available');
  });

  it('lets module functions imported on their own use a client once its context is enabled', async () => {
    answer = () => ({ body: { site: { id: 's', name: 'Studio', createdDate: '2026-01-01T00:00:00.000Z' } } });
    const disable = client({ headers: { 'x-from': 'ambient' } }).enableContext();
    const site = await sites.getSite();
    disable();
    expect(() => sites.getSite()).toThrow('context is not available');
    expect(site.name).toBe('Studio');
    expect(site.createdDate).toBeInstanceOf(Date);
    expect(server.requests[0]!.headers['x-from']).toBe('ambient');
  });

  it('refuses module names that would hide the client itself', () => {
    expect(() => createClient({ baseUrl: server.baseUrl, modules: { auth: probe } })).toThrow(
      'Module name auth is reserved',
    );
  });

  it('exposes the modules as plain objects of functions', () => {
    const bound = client();
    expect(Object.keys(bound.sites).sort()).toEqual(['getSite', 'updateSite']);
    expect(typeof bound.sites.updateSite).toBe('function');
  });
});
