import type { Config } from './platform/config.ts';
import { buildApp } from './app.ts';

/** Runs the background worker alone: the same app without an HTTP listener. */
export async function startWorker(config: Config): Promise<void> {
  const app = await buildApp({ config: { ...config, WORKER_ENABLED: true } });
  await app.ready();
  app.log.info('worker running');
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
