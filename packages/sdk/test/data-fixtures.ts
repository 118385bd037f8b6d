import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { buildApp } from '../../../apps/server/src/app.ts';
import { testConfig } from '../../../apps/server/src/platform/config.ts';
import type { EventEnvelope } from '../../../apps/server/src/platform/bus/types.ts';
import { identityKit } from '../../../apps/server/test/identity-helpers.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../../apps/server/test/test-app.ts';
import { ApiKeyStrategy } from '../src/auth/api-key.ts';
import { OAuthStrategy } from '../src/auth/oauth.ts';
import { createClient, type FetchLike } from '../src/client.ts';
import {
  backups,
  collections,
  collectionSchema,
  DataError,
  dataPermissions,
  externalConnections,
  indexes,
  items,
  jobs,
  tasks,
} from '../src/modules/data/index.ts';

/** One request as the SDK sent it and the server answered it. */
export interface SentRequest {
  method: string;
  url: string;
  status: number;
  /** The JSON answer, when there was one. */
  answer: unknown;
}

const modules = {
  items,
  collections,
  indexes,
  jobs,
  backups,
  tasks,
  dataPermissions,
  externalConnections,
  collectionSchema,
};

/**
 * A test app on a fresh database with one recording handler subscribed to each of these events (through the
 * outbox, as any module's handler); `delivered` receives the events as they are handled.
 */
export async function createAppRecording(
  eventNames: readonly string[],
  delivered: EventEnvelope[],
): Promise<TestApp> {
  const { database, databaseUrl, drop } = await createTestDatabase();
  const config = testConfig(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const app = await buildApp({ config, database });
  for (const name of eventNames) {
    app.events.subscribe(name, 'sdk-test-recorder', async (event) => {
      delivered.push(event);
    });
  }
  await app.ready();
  return {
    app,
    config,
    databaseUrl,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/**
 * The real server (PGlite, or PostgreSQL with DATABASE_URL) listening on a port, and SDK clients signed in
 * with real credentials: an anonymous visitor token, two members' tokens, staff and owner tokens, and an
 * API key (an app). `sent` records every request of these clients with its answer.
 */
export async function startDataServer(testApp?: TestApp) {
  const t = testApp ?? (await createTestApp());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const sent: SentRequest[] = [];
  const recordingFetch: FetchLike = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    const type = response.headers.get('content-type') ?? '';
    const answer = type.includes('application/json') ? await response.clone().json() : undefined;
    sent.push({ method: init.method ?? 'GET', url: input, status: response.status, answer });
    return response;
  };

  const kit = identityKit(t);
  const { site, clientId } = await kit.defaultSite();
  const [ann, bob, staffUser, ownerUser, key] = await Promise.all([
    kit.memberToken(site.id),
    kit.memberToken(site.id),
    kit.staffToken(site.id, 'STAFF'),
    kit.staffToken(site.id, 'OWNER'),
    kit.apiKey(site.id),
  ]);
  const withToken = (token: string) =>
    createClient({ baseUrl, headers: { authorization: `Bearer ${token}` }, fetch: recordingFetch, modules });

  const clients = {
    visitor: createClient({ baseUrl, auth: OAuthStrategy({ clientId }), fetch: recordingFetch, modules }),
    ann: withToken(ann.token),
    bob: withToken(bob.token),
    staff: withToken(staffUser.token),
    owner: withToken(ownerUser.token),
    app: createClient({
      baseUrl,
      auth: ApiKeyStrategy({ apiKey: key.key, siteId: site.id }),
      fetch: recordingFetch,
      modules,
    }),
  };
  return {
    t,
    baseUrl,
    sent,
    site,
    kit,
    clients,
    ids: { ann: ann.id, bob: bob.id, staff: staffUser.id, owner: ownerUser.id },
    close: () => t.close(),
  };
}

export type DataServer = Awaited<ReturnType<typeof startDataServer>>;
export type DataClient = DataServer['clients']['owner'];

/** The DataError a call rejects with (fails the test when it resolves or rejects with something else). */
export async function failure(promise: Promise<unknown>): Promise<DataError> {
  const error = await promise.then(
    (value: unknown) => ({ resolved: value }),
    (caught: unknown) => caught,
  );
  if (!(error instanceof DataError)) expect.fail(`expected a DataError, got ${JSON.stringify(error)}`);
  return error;
}
