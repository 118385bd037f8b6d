import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type App, type BuildAppOptions } from '../src/app.ts';
import { testConfig, type Config } from '../src/platform/config.ts';
import {
  migrateDatabase,
  migrationsFolder,
  openDatabase,
  type Database,
} from '../src/platform/db/database.ts';
import { devCallerHeader, devSiteHeader } from '../src/platform/http/dev-authenticator.ts';

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped again by `drop`).
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  databaseUrl?: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ pgliteDump: await migratedPgliteDump() });
    return { database, drop: () => database.close() };
  }
  const name = `atrium_test_${randomBytes(6).toString('hex')}`;
  const template = await migratedPostgresTemplate(serverUrl);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const databaseUrl = databaseUrlOf(serverUrl, name);
  const database = await openDatabase({ databaseUrl, poolSize: 10 });
  return {
    database,
    databaseUrl,
    async drop() {
      await database.close().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A short hash of the migrations: a template or dump made from other migrations is never used. */
function migrationsHash(): string {
  const migrations = fs
    .readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.sql') || name.endsWith('_journal.json'))
    .sort();
  const hash = createHash('sha256');
  for (const name of migrations) hash.update(name).update(fs.readFileSync(path.join(migrationsFolder, name)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A database on the server with every migration applied, made once per set of migrations: test files
 * copy it (`CREATE DATABASE … TEMPLATE`, about 0.5 s) instead of creating and migrating one (1.5-2 s).
 * Its name starts like the test databases', so CI drops it with them. The first worker to need it makes
 * it under an advisory lock, under another name until it is complete, so none copies half of one.
 */
async function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  const template = `atrium_test_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`SELECT pg_advisory_lock(hashtext('atrium test template'))`);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (rowCount === 0) {
      const partial = `${template}_partial`;
      await admin.query(`DROP DATABASE IF EXISTS ${partial}`);
      await admin.query(`CREATE DATABASE ${partial}`);
      const database = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, partial), poolSize: 1 });
      await migrateDatabase(database);
      await database.close();
      await admin.query(`ALTER DATABASE ${partial} RENAME TO ${template}`);
    }
  } finally {
    await admin.end();
  }
  return template;
}

/**
 * A dump of an embedded database with every migration applied, kept in the temp folder under a hash of
 * the migrations: test files start from a copy (0.5 s) instead of creating and migrating one (2-3 s).
 */
async function migratedPgliteDump(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `atrium-test-pglite-${migrationsHash()}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    // Written aside and renamed, so a test file running beside this one never reads half a dump.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

export interface TestApp {
  app: App;
  config: Config;
  databaseUrl?: string;
  /** The app's database, for writes another process would make (the app does not see them happen). */
  database?: Database;
  close(): Promise<void>;
}

/** The real app on a fresh database, as the tests of every module use it. */
export async function createTestApp(
  options: {
    config?: Partial<Record<string, string>>;
    plugins?: Array<(app: FastifyInstance) => Promise<void>>;
    withEvents?: BuildAppOptions['withEvents'];
  } = {},
): Promise<TestApp> {
  const { database, databaseUrl, drop } = await createTestDatabase();
  const config = testConfig({ ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...options.config });
  const app = await buildApp({ config, database, plugins: options.plugins, withEvents: options.withEvents });
  await app.ready();
  return {
    app,
    config,
    databaseUrl,
    database,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** Headers of the development authenticator: `as('WIX_USER:OWNER')`, `as('MEMBER:<id>', siteId)`. */
export function as(caller: string, siteId?: string): Record<string, string> {
  return { [devCallerHeader]: caller, ...(siteId ? { [devSiteHeader]: siteId } : {}) };
}

export const owner = as('WIX_USER:OWNER');

export async function inject(app: App, options: InjectOptions) {
  const response = await app.inject(options);
  return {
    status: response.statusCode,
    body: response.body ? JSON.parse(response.body) : undefined,
    headers: response.headers,
  };
}
