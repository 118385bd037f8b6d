import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app.ts';
import { createClient } from '../src/client.ts';
import { AtriumError } from '../src/errors.ts';
import { bookings } from '../src/modules/bookings.ts';

/**
 * One listening app per test file (PGlite, or PostgreSQL with DATABASE_URL) and SDK clients for the
 * development authenticator's callers, so the catalogue tests go through the SDK and real HTTP.
 */
export async function startCatalogApp(options: Parameters<typeof createTestApp>[0] = {}) {
  const testApp: TestApp = await createTestApp(options);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  const as = (caller: string) =>
    createClient({ baseUrl, headers: { 'x-atrium-dev-caller': caller }, modules: { bookings } }).bookings;
  return {
    testApp,
    baseUrl,
    owner: as('WIX_USER:OWNER'),
    staffUser: as('WIX_USER:STAFF'),
    member: as('MEMBER:m-1'),
    visitor: as('ANONYMOUS_VISITOR'),
    as,
    close: () => testApp.close(),
  };
}

/** The error a call fails with (the test fails if it succeeds). */
export async function failure(promise: Promise<unknown>): Promise<AtriumError & { status?: number }> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof AtriumError)) throw new Error(`expected an AtriumError, got ${String(outcome)}`);
  return outcome;
}

export const unknownId = '00000000-0000-4000-8000-000000000000';
