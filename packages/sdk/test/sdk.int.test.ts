import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app.ts';
import { createClient, defineModule } from '../src/client.ts';
import { ApplicationError, InvalidArgumentError } from '../src/errors.ts';
import { sites } from '../src/modules/sites.ts';

// The real server on a real database (PGlite, or PostgreSQL with DATABASE_URL), reached over HTTP through
// the SDK exactly as a third-party app would.
let testApp: TestApp;
let baseUrl: string;
const owner = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});
afterAll(() => testApp.close());

const unknown = defineModule({
  missing: (context) => () => context.request({ method: 'GET', path: '/sites/v1/nowhere' }),
  siteWithNestedRequest: (context) => () =>
    context.request<{ site: { id: string } }>({
      method: 'GET',
      path: '/sites/v1/site',
      query: { query: { filter: { name: { $eq: 'x' } } } },
    }),
});

function ownerClient() {
  return createClient({ baseUrl, headers: owner, modules: { sites, unknown } });
}

describe('sites through the SDK', () => {
  it('reads the site with its dates as Date objects', async () => {
    const site = await ownerClient().sites.getSite();
    expect(site.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(site.createdDate).toBeInstanceOf(Date);
    expect(site.updatedDate).toBeInstanceOf(Date);
    expect(typeof site.revision).toBe('string');
  });

  it('changes the site at its current revision', async () => {
    const client = ownerClient();
    const before = await client.sites.getSite();
    const after = await client.sites.updateSite({ name: 'Studio Nord', revision: before.revision });
    expect(after.name).toBe('Studio Nord');
    expect(Number(after.revision)).toBe(Number(before.revision) + 1);
    expect(after.updatedDate.getTime()).toBeGreaterThanOrEqual(before.updatedDate.getTime());
  });

  it('sends a GET with nested parts as .r, which the server decodes', async () => {
    const answer = await ownerClient().unknown.siteWithNestedRequest();
    expect(answer.site.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('turns field violations of a bad PATCH into an invalid-argument error sorted by field', async () => {
    const error = await ownerClient()
      .sites.updateSite({ timezone: 'Nowhere/Atlantis', currency: 'euro', name: '' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    const invalid = error as InvalidArgumentError;
    expect(invalid.code).toBe('INVALID_ARGUMENT');
    expect(invalid.status).toBe(400);
    const fields = invalid.fieldViolations.map((violation) => violation.field);
    expect(fields).toEqual([...fields].sort());
    expect(fields).toEqual(expect.arrayContaining(['site.currency', 'site.name', 'site.timezone']));
    expect(invalid.message.startsWith('INVALID_ARGUMENT: "site.currency" ')).toBe(true);
    expect(invalid.requestId).toBeTruthy();
  });

  it('turns a call without credentials into an application error with the 401 code', async () => {
    const anonymous = createClient({ baseUrl, modules: { sites } });
    const error = await anonymous.sites.getSite().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApplicationError);
    expect((error as ApplicationError).code).toBe('UNAUTHENTICATED');
    expect((error as ApplicationError).status).toBe(401);
    expect((error as ApplicationError).message).toBe('Missing or invalid credentials');
  });

  it('turns an unknown route into an application error with the 404 code and the request id', async () => {
    const error = await ownerClient()
      .unknown.missing()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApplicationError);
    expect((error as ApplicationError).code).toBe('ROUTE_NOT_FOUND');
    expect((error as ApplicationError).status).toBe(404);
    expect((error as ApplicationError).message).toContain('/sites/v1/nowhere');
    expect((error as ApplicationError).requestId).toMatch(/.+/);
  });

  it('turns a stale revision into an application error with code, description and data', async () => {
    const client = ownerClient();
    const current = await client.sites.getSite();
    await client.sites.updateSite({ locale: 'de-DE', revision: current.revision });
    const error = await client.sites
      .updateSite({ locale: 'en-GB', revision: current.revision })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApplicationError);
    const stale = error as ApplicationError;
    expect(stale.code).toBe('REVISION_MISMATCH');
    expect(stale.status).toBe(409);
    expect(stale.data).toEqual({ id: current.id, currentRevision: String(Number(current.revision) + 1) });
    expect(stale.description).toContain(`not ${current.revision}`);
  });

  it('refuses a site change by a member with the 403 code', async () => {
    const member = createClient({
      baseUrl,
      headers: { 'x-atrium-dev-caller': 'MEMBER:m1' },
      modules: { sites },
    });
    await expect(member.sites.updateSite({ name: 'Mine' })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      status: 403,
    });
  });
});
