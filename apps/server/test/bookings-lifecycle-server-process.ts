// A second server process for bookings-lifecycle-concurrency.test.ts: the real app, listening on a
// port of its own, on the PostgreSQL database named by DATABASE_URL (the test's database). It prints
// `listening <url>` once it accepts requests.
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/platform/config.ts';

const app = await buildApp({
  config: testConfig({ DATABASE_URL: process.env.DATABASE_URL!, WORKER_ENABLED: 'false' }),
});
await app.ready();
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${address}\n`);

process.once('SIGTERM', () => {
  void app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
