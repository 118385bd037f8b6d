// A separate server process for webhooks-processes.test.ts: the real app on the PostgreSQL database
// named by DATABASE_URL, working the queues (it sends the webhooks). Settings come from the environment.
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/platform/config.ts';

const config = testConfig({
  LOG_LEVEL: 'warn',
  WORKER_ENABLED: 'true',
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
  WEBHOOKS_RETRY_BASE_MS: process.env.WEBHOOKS_RETRY_BASE_MS ?? '300',
});
const app = await buildApp({ config });
await app.ready();
process.stdout.write('ready\n');

process.once('SIGTERM', () => {
  void app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
