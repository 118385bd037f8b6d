import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { compatPrefixes } from '../src/platform/http/compat-prefixes.ts';
import { postWithGetForm } from '../src/platform/http/get-form.ts';
import { encodeDotR } from '../src/platform/http/wire-rules.ts';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';

const probePath = '/__probe';
const targets = [...new Set(compatPrefixes.map(([, to]) => to))];

async function fixtureRoutes(app: FastifyInstance) {
  for (const target of targets) {
    app.get(`${target}${probePath}`, { config: { access: { public: true } } }, async () => ({
      reached: target,
    }));
  }
  postWithGetForm(app, '/fixture/v1/things/query', {
    body: z.object({
      query: z.object({
        filter: z.record(z.string(), z.unknown()).optional(),
        paging: z.object({ limit: z.number().int().max(100), offset: z.number().int().min(0) }).optional(),
      }),
    }),
    response: z.object({ echo: z.unknown(), siteId: z.string() }),
    handler: async (request, input) => ({ echo: input, siteId: request.ctx.site.id }),
  });
  app.get(
    '/fixture/v1/things/:thingId',
    {
      schema: {
        params: z.object({ thingId: z.string() }),
        querystring: z.object({ fields: z.string().optional() }).passthrough(),
      },
    },
    async (request) => ({ params: request.params, query: request.query }),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { BODY_LIMIT_BYTES: '4096' }, plugins: [fixtureRoutes] });
});
afterAll(async () => {
  await t?.close();
});

describe('compatibility prefixes', () => {
  it.each(compatPrefixes)('%s reaches the handler of %s', async (from, to) => {
    const response = await inject(t.app, { method: 'GET', url: `${from}${probePath}` });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ reached: to });
  });

  it('keeps the query string when rewriting', async () => {
    const request = { query: { filter: { a: 1 } } };
    const response = await inject(t.app, {
      method: 'GET',
      url: `/fixture/v1/things/query?.r=${encodeDotR(request)}`,
      headers: owner,
    });
    expect(response.body.echo).toEqual(request);
  });
});

describe('GET with .r', () => {
  it('answers exactly like the POST form of the same request', async () => {
    const request = {
      query: { filter: { name: { $startsWith: 'A' }, 'x.y': [1, 'two'] }, paging: { limit: 10, offset: 5 } },
    };
    const post = await inject(t.app, {
      method: 'POST',
      url: '/fixture/v1/things/query',
      payload: request,
      headers: owner,
    });
    const get = await inject(t.app, {
      method: 'GET',
      url: `/fixture/v1/things/query?.r=${encodeDotR(request)}`,
      headers: owner,
    });
    expect(post.status).toBe(200);
    expect(get.status).toBe(200);
    expect(get.body).toEqual(post.body);
  });

  it('validates the decoded request with the same rules as the POST body', async () => {
    const request = { query: { paging: { limit: 1000, offset: 0 } } };
    const post = await inject(t.app, {
      method: 'POST',
      url: '/fixture/v1/things/query',
      payload: request,
      headers: owner,
    });
    const get = await inject(t.app, {
      method: 'GET',
      url: `/fixture/v1/things/query?.r=${encodeDotR(request)}`,
      headers: owner,
    });
    expect(post.status).toBe(400);
    expect(get.status).toBe(400);
    expect(get.body).toEqual(post.body);
    expect(get.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.paging.limit',
      violatedRule: 'MAX',
    });
  });

  it.each(['%%%', 'bm90IGpzb24', encodeDotR([1, 2])])(
    'rejects a malformed .r (%s) with a 400',
    async (encoded) => {
      const response = await inject(t.app, {
        method: 'GET',
        url: `/fixture/v1/things/query?.r=${encoded}`,
        headers: owner,
      });
      expect(response.status).toBe(400);
      expect(response.body.details.applicationError.code).toBe('INVALID_REQUEST');
    },
  );

  it('ignores path parameters repeated in the query string', async () => {
    const plain = await inject(t.app, {
      method: 'GET',
      url: '/fixture/v1/things/abc?thingId=evil&fields=name',
      headers: owner,
    });
    expect(plain.body).toEqual({ params: { thingId: 'abc' }, query: { fields: 'name' } });
    const viaR = await inject(t.app, {
      method: 'GET',
      url: `/fixture/v1/things/abc?.r=${encodeDotR({ thingId: 'evil', fields: 'name' })}`,
      headers: owner,
    });
    expect(viaR.body).toEqual({ params: { thingId: 'abc' }, query: { fields: 'name' } });
  });
});

describe('bad input', () => {
  it('answers malformed JSON with a 400', async () => {
    const response = await inject(t.app, {
      method: 'PATCH',
      url: '/sites/v1/site',
      payload: '{"site": {',
      headers: { ...owner, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Request body is not valid JSON');
  });

  it('answers wrong types with field violations sorted by field', async () => {
    const response = await inject(t.app, {
      method: 'PATCH',
      url: '/sites/v1/site',
      payload: { site: { timezone: 'Mars/Olympus', currency: 12 } },
      headers: owner,
    });
    expect(response.status).toBe(400);
    expect(
      response.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field),
    ).toEqual(['site.currency', 'site.timezone']);
  });

  it('names a missing required field as REQUIRED_FIELD', async () => {
    const response = await inject(t.app, {
      method: 'PATCH',
      url: '/sites/v1/site',
      payload: {},
      headers: owner,
    });
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations).toEqual([
      { field: 'site', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
    ]);
  });

  it('answers a body over the limit with a 413', async () => {
    const response = await inject(t.app, {
      method: 'PATCH',
      url: '/sites/v1/site',
      payload: { site: { name: 'x'.repeat(10_000) } },
      headers: owner,
    });
    expect(response.status).toBe(413);
    expect(response.body.details.applicationError.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a non-JSON content type with a 415', async () => {
    const response = await inject(t.app, {
      method: 'PATCH',
      url: '/sites/v1/site',
      payload: 'name=x',
      headers: { ...owner, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
  });

  it('answers a stale revision with a 409 and changes nothing', async () => {
    const before = await inject(t.app, { method: 'GET', url: '/sites/v1/site', headers: owner });
    const stale = await inject(t.app, {
      method: 'PATCH',
      url: '/sites/v1/site',
      payload: { site: { name: 'Renamed', revision: String(Number(before.body.site.revision) + 5) } },
      headers: owner,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.details.applicationError.code).toBe('REVISION_MISMATCH');
    const after = await inject(t.app, { method: 'GET', url: '/sites/v1/site', headers: owner });
    expect(after.body.site).toEqual(before.body.site);
  });

  it('refuses a caller whose role may not change settings', async () => {
    const response = await inject(t.app, {
      method: 'PATCH',
      url: '/sites/v1/site',
      payload: { site: { name: 'Nope' } },
      headers: { 'x-atrium-dev-caller': 'WIX_USER:STAFF' },
    });
    expect(response.status).toBe(403);
  });
});
