// A separate server process for events-multiprocess.test.ts: the real app on the PostgreSQL database
// named by DATABASE_URL, working the queues, with one handler that records each delivery.
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/platform/config.ts';
import { recordDelivery } from './events-helpers.ts';

const worker = process.env.ATRIUM_TEST_WORKER ?? `pid-${process.pid}`;
// The test settings (and so the test suite's SECRETS_KEY): every process of one deployment seals alike.
const config = testConfig({ LOG_LEVEL: 'warn', WORKER_ENABLED: 'true' });
const app = await buildApp({ config });
app.events.subscribe('test.load.sent', 'record', async (event, tx) => {
  await recordDelivery(tx, { eventId: event.id, handler: 'record', worker });
});
await app.ready();
process.stdout.write('ready\n');

process.once('SIGTERM', () => {
  void app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
