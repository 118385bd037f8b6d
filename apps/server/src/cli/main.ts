import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../platform/config.ts';
import { migrateDatabase, openDatabase, type Database } from '../platform/db/database.ts';
import { DataDirInUseError } from '../platform/db/data-dir-lock.ts';
import { createSitesModule } from '../modules/sites/index.ts';
import { createIdentityModule } from '../modules/identity/index.ts';
import { createMailModule } from '../platform/mail/index.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { createSiteRequestSchema } from '@atrium/contract/sites';

const usage = `Usage: atrium <command>

Commands:
  start     run the API server (and its worker unless WORKER_ENABLED=false)
  migrate   apply database migrations and exit
  worker    run only the background worker
  seed [--site <id>]  fill the default site (or --site) with demo data
  site      print the default site as JSON (with its OAuth clientId)
  create-api-key [--site <id>]  print a new owner-level API key of the default site (or of --site)
  invite-owner --email <address> [--site <id>]  invite an owner and print the invitation link
  create-site --name <name> [--timezone <IANA zone>] [--currency <ISO 4217>] [--locale <tag>]
              [--host <host name>]... [--owner-email <address>]
            create a site, print it as JSON (id, OAuth clientId) and, with --owner-email, an owner invitation link
  create-operator-key [--name <label>]  print a new operator API key (for /sites/v1/sites)

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

/** The site `--site <id>` names, or the default site. */
async function siteWithIdentity(database: Database, config: Config, siteId?: unknown) {
  const sites = createSitesModule({ database, config });
  const defaultSite = await sites.service.ensureDefaultSite();
  const site =
    typeof siteId === 'string' ? await sites.service.findSite(siteId).catch(() => undefined) : defaultSite;
  if (!site)
    throw new Error(
      `Invalid configuration:\n  --site: no site ${String(siteId)} (atrium site prints the default one)`,
    );
  const mail = createMailModule({ database, config });
  const identity = createIdentityModule({
    database,
    config,
    mail: mail.service,
    findSite: sites.service.findSite,
  });
  return { site, identity, sites };
}

function stringList(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
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
  async seed(config, options) {
    if (config.NODE_ENV === 'production') {
      throw new Error(
        'Invalid configuration:\n  NODE_ENV: atrium seed is refused in production (the demo has published passwords)',
      );
    }
    const { seedDemoData } = await import('./seed.ts');
    await withDatabase(config, async (database) => {
      if (typeof options.site !== 'string') return seedDemoData({ database, config });
      const { site } = await siteWithIdentity(database, config, options.site);
      return seedDemoData({ database, config }, { site });
    });
  },
  async site(config, options) {
    await withDatabase(config, async (database) => {
      const { site, identity } = await siteWithIdentity(database, config, options.site);
      const client = await identity.ensureSiteClient(site.id);
      process.stdout.write(`${JSON.stringify({ ...site, clientId: client.id }, null, 2)}\n`);
    });
  },
  async 'invite-owner'(config, options) {
    const email = typeof options.email === 'string' ? options.email : undefined;
    if (!email) throw new Error('Invalid configuration:\n  --email: invite-owner needs --email <address>');
    await withDatabase(config, async (database) => {
      const { site, identity } = await siteWithIdentity(database, config, options.site);
      const { seedContext } = await import('./seed.ts');
      const invitation = await identity.staff.inviteWithLink(seedContext(site), { email, role: 'OWNER' });
      process.stdout.write(
        `Invitation for ${invitation.email} (expires ${invitation.expiresDate}):\n${invitation.link}\n`,
      );
    });
  },
  async 'create-api-key'(config, options) {
    await withDatabase(config, async (database) => {
      const { site, identity } = await siteWithIdentity(database, config, options.site);
      const { key } = await identity.staff.createOwnerApiKey(site.id, 'Created with atrium create-api-key');
      // The key alone on stdout, so scripts can capture it: KEY=$(atrium create-api-key).
      process.stdout.write(`${key}\n`);
    });
  },
  async 'create-site'(config, options) {
    if (typeof options.name !== 'string')
      throw new Error('Invalid configuration:\n  --name: create-site needs --name <name>');
    const parsed = createSiteRequestSchema.safeParse({
      site: {
        name: options.name,
        ...(typeof options.timezone === 'string' ? { timezone: options.timezone } : {}),
        ...(typeof options.currency === 'string' ? { currency: options.currency } : {}),
        ...(typeof options.locale === 'string' ? { locale: options.locale } : {}),
        hosts: stringList(options.host),
      },
    });
    if (!parsed.success) {
      const lines = parsed.error.issues.map(
        (issue) => `  --${String(issue.path.at(-1) ?? 'name')}: ${issue.message}`,
      );
      throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
    }
    const ownerEmail = typeof options['owner-email'] === 'string' ? options['owner-email'] : undefined;
    await withDatabase(config, async (database) => {
      const { identity, sites } = await siteWithIdentity(database, config);
      const site = await sites.service.createSite(parsed.data.site).catch((error: unknown) => {
        if (error instanceof AppError) throw new Error(`Invalid configuration:\n  ${error.message}`);
        throw error;
      });
      const client = await identity.ensureSiteClient(site.id);
      process.stdout.write(`${JSON.stringify({ ...site, clientId: client.id }, null, 2)}\n`);
      if (ownerEmail) {
        const { seedContext } = await import('./seed.ts');
        const invitation = await identity.staff.inviteWithLink(seedContext(site), {
          email: ownerEmail,
          role: 'OWNER',
        });
        process.stdout.write(
          `Owner invitation for ${invitation.email} (expires ${invitation.expiresDate}):\n${invitation.link}\n`,
        );
      }
    });
  },
  async 'create-operator-key'(config, options) {
    const name = typeof options.name === 'string' ? options.name : 'Created with atrium create-operator-key';
    await withDatabase(config, async (database) => {
      const { key } = await createSitesModule({ database, config }).service.createOperatorKey(name);
      // The key alone on stdout, so scripts can capture it: KEY=$(atrium create-operator-key).
      process.stdout.write(`${key}\n`);
    });
  },
};

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    strict: false,
    options: {
      help: { type: 'boolean', short: 'h' },
      email: { type: 'string' },
      site: { type: 'string' },
      name: { type: 'string' },
      timezone: { type: 'string' },
      currency: { type: 'string' },
      locale: { type: 'string' },
      host: { type: 'string', multiple: true },
      'owner-email': { type: 'string' },
    },
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
