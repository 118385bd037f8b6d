// External database connections may not aim the server at its own network (SSRF, issue #23): an admin
// chooses the adapter's endpoint and the server calls it at once. Loopback and private endpoints are
// refused unless WEBHOOKS_ALLOW_PRIVATE_ADDRESSES (the one setting for admin-chosen URLs) allows them.
// Through the real HTTP API on the real database (PGlite, or PostgreSQL with DATABASE_URL), against the
// reference adapter listening on loopback.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapterClient } from '../src/modules/data/external/adapter-client.ts';
import { createReferenceAdapter } from '../src/modules/data/external/reference-adapter/reference-adapter.ts';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';

const base = '/data/v1/external-database-connections';
let strict: TestApp;
let allowing: TestApp;
let adapter: FastifyInstance;
let adapterUrl: string;
let requestsToAdapter = 0;

beforeAll(async () => {
  [strict, allowing] = await Promise.all([
    createTestApp(),
    createTestApp({ config: { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' } }),
  ]);
  adapter = await createReferenceAdapter({
    database: allowing.app.database,
    secretKey: 'adapter-secret',
    collections: [{ id: 'Stock', fields: [{ key: 'sku', type: 'TEXT' }] }],
  });
  adapter.addHook('onRequest', async () => {
    requestsToAdapter += 1;
  });
  await adapter.listen({ port: 0, host: '127.0.0.1' });
  adapterUrl = `http://127.0.0.1:${(adapter.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await adapter?.close();
  await Promise.all([strict?.close(), allowing?.close()]);
});

function connect(t: TestApp, name: string, endpoint: string) {
  return inject(t.app, {
    method: 'POST',
    url: base,
    headers: owner,
    payload: {
      externalDatabaseConnection: { name, endpoint, configuration: { secretKey: 'adapter-secret' } },
    },
  });
}

describe('POST /data/v1/external-database-connections without the setting', () => {
  it('refuses loopback, private, link-local and local-name endpoints with a 400 naming the field', async () => {
    const port = new URL(adapterUrl).port;
    const before = requestsToAdapter;
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      '10.0.0.8',
      '192.168.1.20',
      '[::1]',
      '169.254.169.254',
      '[::ffff:127.0.0.1]',
    ]) {
      const answer = await connect(strict, 'probe', `http://${host}/adapter`);
      expect(answer.status, host).toBe(400);
      expect(answer.body.details.applicationError.code, host).toBe('EXTERNAL_DATABASE_ADDRESS_NOT_ALLOWED');
      expect(answer.body.details.validationError.fieldViolations, host).toEqual([
        expect.objectContaining({ field: 'externalDatabaseConnection.endpoint' }),
      ]);
    }
    expect(requestsToAdapter).toBe(before);
    const listed = await inject(strict.app, { method: 'GET', url: base, headers: owner });
    expect(listed.body.externalDatabaseConnections).toEqual([]);
  });

  it('refuses to move an existing connection to a private endpoint (PUT)', async () => {
    const created = await connect(strict, 'public', 'https://adapter.example.invalid');
    expect(created.status).toBe(200);
    const before = requestsToAdapter;
    const moved = await inject(strict.app, {
      method: 'PUT',
      url: `${base}/public`,
      headers: owner,
      payload: { externalDatabaseConnection: { endpoint: adapterUrl } },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.details.validationError.fieldViolations[0].field).toBe(
      'externalDatabaseConnection.endpoint',
    );
    expect(requestsToAdapter).toBe(before);
    const kept = await inject(strict.app, { method: 'GET', url: `${base}/public`, headers: owner });
    expect(kept.body.externalDatabaseConnection.endpoint).toBe('https://adapter.example.invalid');
  });

  it('checks the address a name resolves to where each call connects (DNS rebinding)', async () => {
    const call = createAdapterClient({ allowPrivateAddresses: false });
    const before = requestsToAdapter;
    const result = await call(adapterUrl.replace('127.0.0.1', 'localhost'), 'adapter-secret', 'schemas/list');
    expect(result).toMatchObject({ ok: false, cause: 'DESTINATION_HOST_UNREACHABLE' });
    expect(result.ok ? '' : result.detail).toMatch(/local or private network address/);
    expect(requestsToAdapter).toBe(before);
  });
});

describe('POST /data/v1/external-database-connections with WEBHOOKS_ALLOW_PRIVATE_ADDRESSES', () => {
  it('connects to an adapter on loopback and reads its collections', async () => {
    const created = await connect(allowing, 'stock', adapterUrl);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.externalDatabaseConnection.connectionStatus).toEqual({
      successful: true,
      causeOfFailure: 'NONE',
      hasCollections: 'YES',
    });
    const moved = await inject(allowing.app, {
      method: 'PUT',
      url: `${base}/stock`,
      headers: owner,
      payload: { externalDatabaseConnection: { endpoint: adapterUrl.replace('127.0.0.1', 'localhost') } },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.externalDatabaseConnection.connectionStatus.successful).toBe(true);
  });
});

describe('GET /data/v1/external-database-connections/:name/collections', () => {
  it("answers the adapter's collections, 424 with the cause when it fails, 404 for an unknown name", async () => {
    expect((await connect(allowing, 'listed', adapterUrl)).status).toBe(200);
    const listed = await inject(allowing.app, {
      method: 'GET',
      url: `${base}/listed/collections`,
      headers: owner,
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      collections: [{ id: 'Stock', displayName: 'Stock', fields: [{ key: 'sku', type: 'text' }] }],
    });

    const moved = await inject(allowing.app, {
      method: 'PUT',
      url: `${base}/listed`,
      headers: owner,
      payload: { externalDatabaseConnection: { configuration: { secretKey: 'wrong' } } },
    });
    expect(moved.body.externalDatabaseConnection.connectionStatus.causeOfFailure).toBe('UNAUTHORIZED');
    const refused = await inject(allowing.app, {
      method: 'GET',
      url: `${base}/listed/collections`,
      headers: owner,
    });
    expect(refused.status).toBe(424);
    expect(refused.body.details.applicationError.code).toBe('EXTERNAL_DATABASE_UNAUTHORIZED');

    const missing = await inject(allowing.app, {
      method: 'GET',
      url: `${base}/nope/collections`,
      headers: owner,
    });
    expect(missing.status).toBe(404);
  });

  it('is refused to visitors, members and staff without the manager role', async () => {
    for (const caller of ['ANONYMOUS_VISITOR', 'MEMBER:m-1', 'WIX_USER:STAFF']) {
      const answer = await inject(allowing.app, {
        method: 'GET',
        url: `${base}/listed/collections`,
        headers: as(caller),
      });
      expect([401, 403], caller).toContain(answer.status);
    }
  });
});
