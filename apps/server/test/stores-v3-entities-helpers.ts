import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type App } from '../src/app.ts';
import { testConfig } from '../src/platform/config.ts';
import { createQueryRunner } from '../src/platform/query/run-query.ts';
import { createStoresEventPublisher } from '../src/modules/stores/stores-events.ts';
import { createV3EntitiesPart } from '../src/modules/stores/v3-entities.module.ts';
import { createTestDatabase, inject, owner, type TestApp } from './test-app.ts';

/**
 * The real app on a fresh database with the catalog v3 entity routes. Until the stores module is
 * registered in app.ts, the routes are added here as a plugin over the same database and event bus;
 * once app.ts registers them this adds nothing.
 */
export async function createStoresTestApp(): Promise<TestApp> {
  const { database, databaseUrl, drop } = await createTestDatabase();
  const config = testConfig(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const built: { app?: App } = {};
  const storesV3Routes = async (app: FastifyInstance) => {
    if (app.hasRoute({ method: 'POST', url: '/stores/v3/brands' })) return;
    const part = createV3EntitiesPart({
      database,
      queries: createQueryRunner({ cursorKey: randomBytes(32) }),
      publish: createStoresEventPublisher({ emit: (tx, event) => built.app!.events.emit(tx, event) }),
    });
    await part.routes(app);
  };
  const app = await buildApp({ config, database, plugins: [storesV3Routes] });
  built.app = app;
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

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One call as the owner (or the given caller); the parsed answer and its status. */
export function caller(t: TestApp) {
  return (method: Method, url: string, payload?: unknown, headers: Record<string, string> = owner) =>
    inject(t.app, {
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** A GET carrying its whole request as `.r` (base64url JSON), as the official v3 clients send queries. */
export function dotR(path: string, request: unknown): string {
  return `${path}?.r=${Buffer.from(JSON.stringify(request)).toString('base64url')}`;
}

/** The domain events the bus recorded for a site, newest last. */
export async function eventsNamed(t: TestApp, name: string): Promise<Array<Record<string, unknown>>> {
  const rows = await t.app.database.query<{ data: Record<string, unknown> }>(
    `SELECT data FROM pgboss.job WHERE name = $1 ORDER BY created_on`,
    [name],
  );
  return rows.map((row) => row.data);
}

export const unknownId = '00000000-0000-4000-8000-000000000000';
