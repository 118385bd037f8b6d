import { buildApp, type App } from './app.ts';
import type { Config } from './platform/config.ts';

/** Starts the HTTP server and stops it cleanly on SIGINT/SIGTERM (in-flight requests finish first). */
export async function startServer(config: Config): Promise<App> {
  const app = await buildApp({ config });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ host: config.HOST, port: config.PORT });
  return app;
}
