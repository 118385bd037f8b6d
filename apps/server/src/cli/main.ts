import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../platform/config.ts';
import { migrateDatabase, openDatabase, type Database } from '../platform/db/database.ts';
import { DataDirInUseError } from '../platform/db/data-dir-lock.ts';
import { createSitesModule } from '../modules/sites/index.ts';

const usage = `Usage: atrium <command>

Commands:
  start     run the API server (and its worker unless WORKER_ENABLED=false)
  migrate   apply database migrations and exit
  worker    run only the background worker
  seed      fill the default site with demo data
  site      print the default site as JSON

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

const commands: Record<string, (config: Config) => Promise<void>> = {
  async start(config) {
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
    const { seedDemoData } = await import('./seed.ts');
    await withDatabase(config, (database) => seedDemoData({ database, config }));
  },
  async site(config) {
    await withDatabase(config, async (database) => {
      const sites = createSitesModule({ database, config });
      const site = await sites.service.ensureDefaultSite();
      process.stdout.write(`${JSON.stringify(site, null, 2)}\n`);
    });
  },
};

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    strict: false,
    options: { help: { type: 'boolean', short: 'h' } },
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
  await command(loadConfig());
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
