import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../platform/config.ts';
import { migrateDatabase, openDatabase, type Database } from '../platform/db/database.ts';
import { DataDirInUseError } from '../platform/db/data-dir-lock.ts';
import { createSitesModule } from '../modules/sites/index.ts';
import { createIdentityModule } from '../modules/identity/index.ts';
import { createMailModule } from '../platform/mail/index.ts';

const usage = `Usage: atrium <command>

Commands:
  start     run the API server (and its worker unless WORKER_ENABLED=false)
  migrate   apply database migrations and exit
  worker    run only the background worker
  seed      fill the default site with demo data
  site      print the default site as JSON (with its OAuth clientId)
  create-api-key  print a new owner-level API key of the default site
  invite-owner --email <address>  invite an owner of the default site and print the invitation link

Configuration comes from the environment; see .env.example.`;

async function withDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    await migrateDatabase(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

async function defaultSiteWithIdentity(database: Database, config: Config) {
  const sites = createSitesModule({ database, config });
  const site = await sites.service.ensureDefaultSite();
  const mail = createMailModule({ database, config });
  const identity = createIdentityModule({
    database,
    config,
    mail: mail.service,
    findSite: sites.service.findSite,
    defaultSite: sites.service.getDefaultSite,
  });
  return { site, identity };
}

const commands: Record<string, (config: Config, options: Record<string, unknown>) => Promise<void>> = {
  async start(config) {
    if (config.SEED_ON_FIRST_START) {
      // A fresh database has no default site yet: fill it with the demo so the first start shows a living site.
      console.log(
        config.DATABASE_URL
          ? 'Opening the database and applying migrations…'
          : `Opening the embedded database in ${config.dataDir} (the first start creates it: about 20 s)…`,
      );
      await withDatabase(config, async (database) => {
        if (await createSitesModule({ database, config }).service.hasDefaultSite()) return;
        console.log('First start: adding the demo site (studio, shop, bookings, collections)…');
        const { seedDemoData } = await import('./seed.ts');
        await seedDemoData({ database, config });
      });
    }
    const { startServer } = await import('../server.ts');
    await startServer(config);
  },
  async migrate(config) {
    await withDatabase(config, async () => {
      console.log('Migrations applied.');
    });
  },
  async worker(config) {
    const { startWorker } = await import('../worker.ts');
    await startWorker(config);
  },
  async seed(config) {
    if (config.NODE_ENV === 'production') {
      throw new Error(
        'Invalid configuration:\n  NODE_ENV: atrium seed is refused in production (the demo has published passwords)',
      );
    }
    const { seedDemoData } = await import('./seed.ts');
    await withDatabase(config, (database) => seedDemoData({ database, config }));
  },
  async site(config) {
    await withDatabase(config, async (database) => {
      const { site, identity } = await defaultSiteWithIdentity(database, config);
      const client = await identity.ensureSiteClient(site.id);
      process.stdout.write(`${JSON.stringify({ ...site, clientId: client.id }, null, 2)}\n`);
    });
  },
  async 'invite-owner'(config, options) {
    const email = typeof options.email === 'string' ? options.email : undefined;
    if (!email) throw new Error('Invalid configuration:\n  --email: invite-owner needs --email <address>');
    await withDatabase(config, async (database) => {
      const { site, identity } = await defaultSiteWithIdentity(database, config);
      const { seedContext } = await import('./seed.ts');
      const invitation = await identity.staff.inviteWithLink(seedContext(site), { email, role: 'OWNER' });
      process.stdout.write(
        `Invitation for ${invitation.email} (expires ${invitation.expiresDate}):\n${invitation.link}\n`,
      );
    });
  },
  async 'create-api-key'(config) {
    await withDatabase(config, async (database) => {
      const { site, identity } = await defaultSiteWithIdentity(database, config);
      const { key } = await identity.staff.createOwnerApiKey(site.id, 'Created with atrium create-api-key');
      // The key alone on stdout, so scripts can capture it: KEY=$(atrium create-api-key).
      process.stdout.write(`${key}\n`);
    });
  },
};

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    strict: false,
    options: { help: { type: 'boolean', short: 'h' }, email: { type: 'string' } },
  });
  const [name] = positionals;
  if (!name || values.help) {
    console.log(usage);
    return;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  await command(loadConfig(), values);
}

main().catch((error: unknown) => {
  if (
    error instanceof DataDirInUseError ||
    (error instanceof Error && error.message.startsWith('Invalid configuration'))
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
