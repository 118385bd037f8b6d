import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';

/**
 * Every operation of /openapi.json, with text the database cannot hold (a NUL character, a lone surrogate)
 * in every path parameter, every query parameter and every string of a body built from the operation's
 * schema, as the owner and as a visitor: nothing answers 5xx, and what is refused is a 400 naming the field.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  required?: string[];
}
interface Operation {
  parameters?: Array<{ name: string; in: 'path' | 'query' | 'header'; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const hostile = ['a\u0000b', '\uD800x'];
/** A lone surrogate has no UTF-8 form; in a URL it arrives as the bytes a careless encoder writes. */
const inUrl = (text: string) => (text === '\uD800x' ? '%ED%A0%80x' : encodeURIComponent(text));

/** A value for `schema` whose every string is `text` (arrays get one element, objects every property). */
function sample(schema: Schema | undefined, text: string, depth = 0): unknown {
  if (!schema || depth > 6) return text;
  const variant =
    schema.anyOf?.find((item) => item.type !== 'null') ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return sample(variant, text, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  if (schema.enum) return schema.enum[0];
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, text, depth + 1)]),
    );
  }
  if (type === 'array') return [sample(schema.items, text, depth + 1)];
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  return text;
}

let t: TestApp;
let operations: Array<{ method: string; path: string; operation: Operation }>;

beforeAll(async () => {
  t = await createTestApp();
  const spec = (await inject(t.app, { method: 'GET', url: '/openapi.json' })).body as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('hostile strings in every field of every operation', () => {
  it('never answer 5xx, and a refusal names the field', async () => {
    expect(operations.length).toBeGreaterThan(300);
    const failures: string[] = [];
    let refusedWithField = 0;
    for (const { method, path, operation } of operations) {
      if (path.startsWith('/docs') || path === '/openapi.json') continue;
      for (const text of hostile) {
        const pathParams = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
        const url = path.replace(/\{([^}]+)\}/g, () => inUrl(text));
        const query = (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'query' && !parameter.name.startsWith('.'))
          .map((parameter) => `${encodeURIComponent(parameter.name)}=${inUrl(text)}`)
          .join('&');
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const body = schema ? sample(schema, text) : undefined;
        const attempts = [
          ...(pathParams.length > 0 ? [{ url, payload: body }] : []),
          ...(query ? [{ url: `${path.replace(/\{([^}]+)\}/g, 'x')}?${query}`, payload: body }] : []),
          ...(body !== undefined ? [{ url: path.replace(/\{([^}]+)\}/g, 'x'), payload: body }] : []),
        ];
        for (const attempt of attempts) {
          for (const headers of [owner, as('ANONYMOUS_VISITOR')]) {
            const response = await t.app.inject({
              method: method as 'GET',
              url: attempt.url,
              headers: {
                ...headers,
                ...(attempt.payload !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(attempt.payload !== undefined && method !== 'GET'
                ? { payload: JSON.stringify(attempt.payload) }
                : {}),
            });
            if (response.statusCode >= 500) {
              failures.push(
                `${method} ${attempt.url}: ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
            } else if (response.statusCode === 400 && response.body.includes('NUL character')) {
              refusedWithField += 1;
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(refusedWithField).toBeGreaterThan(100);
  }, 600_000);

  it('names the field a NUL character arrived in, in a body, a query string and a path', async () => {
    const body = await inject(t.app, {
      method: 'POST',
      url: '/stores/v1/collections',
      headers: owner,
      payload: { collection: { name: 'Sum\u0000mer' } },
    });
    expect(body.status).toBe(400);
    expect(body.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'collection.name',
      description: 'must not contain the NUL character',
    });
    const query = await inject(t.app, { method: 'GET', url: '/mail/v1/outbox?to=a%00b', headers: owner });
    expect(query.status).toBe(400);
    expect(query.body.details.validationError.fieldViolations[0].field).toBe('to');
    const path = await inject(t.app, { method: 'GET', url: '/v2/collections/slug/a%00b', headers: owner });
    expect(path.status).toBe(400);
    expect(path.body.details.validationError.fieldViolations[0].field).toBe('slug');
  });
});

describe('compression', () => {
  it('compresses answers over 1 KiB for callers that accept it, and not for those that do not', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    // gzip at its fastest level is preferred: API answers are compressed per request.
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(big.rawPayload).toString()).openapi).toBe('3.1.0');
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString()).openapi).toBe('3.1.0');
    const plain = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(() => JSON.parse(plain.body)).not.toThrow();
    const small = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('what the text check walks', () => {
  it('walks parsed JSON (plain objects and arrays) and leaves streams and buffers alone', async () => {
    const { findUnsafeText } = await import('../src/platform/http/text-safety.ts');
    const { Readable } = await import('node:stream');
    expect(findUnsafeText({ a: [{ b: 'x\u0000' }] })).toEqual({
      field: 'a[0].b',
      description: 'must not contain the NUL character',
    });
    expect(findUnsafeText(Object.assign(Object.create(null), { 'k\u0000': 1 }))?.field).toBe('k\u0000');
    const stream = Readable.from(['a\u0000b']);
    expect(findUnsafeText(stream)).toBeUndefined();
    expect(findUnsafeText(Buffer.from('a\u0000b'))).toBeUndefined();
  });
});
