import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import zlib from 'node:zlib';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './platform/config.ts';
import { migrateDatabase, openDatabase, type Database } from './platform/db/database.ts';
import { registerErrorHandling } from './platform/errors/error-handler.ts';
import { rewriteCompatUrl } from './platform/http/compat-prefixes.ts';
import { validatorCompiler } from './platform/http/validation.ts';
import { registerWireRules } from './platform/http/wire-rules.ts';
import { registerTextSafety } from './platform/http/text-safety.ts';
import {
  collectRouteDeclarations,
  registerRequestContext,
  type Authenticator,
} from './platform/http/request-context.ts';
import { createDevAuthenticator } from './platform/http/dev-authenticator.ts';
import { healthRoutes } from './platform/http/health.routes.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { corsOptions } from './platform/http/cors.ts';
import { serializeRequest } from './platform/http/request-logging.ts';
import { limitPublicBodies } from './platform/http/body-limits.ts';
import { registerHostSite } from './platform/http/host-site.ts';
import { createSitesModule } from './modules/sites/index.ts';
import { createBookingsModule, type BookingsModule } from './modules/bookings/index.ts';
import { createEventBus } from './platform/bus/event-bus.ts';
import type { EventBus } from './platform/bus/types.ts';
import { createMailModule } from './platform/mail/index.ts';
import { createIdentityModule } from './modules/identity/index.ts';
import { createDataModule } from './modules/data/index.ts';
import { createStoresModule, type StoresModule } from './modules/stores/index.ts';
import { createEcomModule, type EcomModule } from './modules/ecom/index.ts';
import { createWebhooksModule } from './modules/webhooks/index.ts';
import { createQueryRunner } from './platform/query/run-query.ts';
import { loadOrCreateSecret } from './platform/secrets/secrets.ts';
import { secretSealerFor } from './platform/secrets/sealing.ts';
import { createRateLimiter } from './platform/rate-limit/rate-limiter.ts';
import { createHoldsService, holdsSweepName } from './platform/holds/holds.service.ts';
import { analyzeGrownTables, statisticsUpkeepName } from './platform/db/statistics-upkeep.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open database; when absent one is opened from the configuration (and closed with the app). */
  database?: Database;
  /** Extra plugins registered after the modules (tests use this for fixture routes). */
  plugins?: Array<(app: FastifyInstance) => Promise<void>>;
  /** Called with the event bus before any module starts, to subscribe handlers of one's own (tests record events). */
  withEvents?: (events: EventBus) => void;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    // URLs carry one-time secrets (recovery, invitation, session and feed tokens): see request-logging.ts.
    serializers: { req: serializeRequest },
    redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
    ...(stream ? { stream } : config.LOG_PRETTY ? { transport: { target: 'pino-pretty' } } : {}),
  };
}

/** A hop count as Fastify's function form (its types leave out the number it accepts). */
function trustProxyOption(setting: Config['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** The composition root: the server, the CLI and the tests all build the app here. */
export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      poolSize: config.DATABASE_POOL_SIZE,
    }));
  const ownsDatabase = !options.database;

  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    rewriteUrl: (request) => rewriteCompatUrl(request.url ?? '/'),
    routerOptions: { maxParamLength: 500 },
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route and its access declaration, for the permission tests (identity-permissions.test.ts).
  const routeTable = collectRouteDeclarations(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // The official clients read the request id of a failed call from this header (their errors' `requestId`).
    reply.header('x-wix-request-id', request.id);
  });
  registerSecurityHeaders(app, {
    hsts: config.NODE_ENV === 'production' || (config.PUBLIC_URL ?? '').startsWith('https:'),
  });
  limitPublicBodies(app, config.PUBLIC_BODY_LIMIT_BYTES);
  // Domain events and jobs; module factories take it as a dependency and subscribe while the app is
  // built. Every process starts it (to emit), only WORKER_ENABLED processes work the queues. It starts
  // once the app is ready, i.e. after every module registered its handlers.
  const events = createEventBus({ database, log: app.log, work: config.WORKER_ENABLED });
  options.withEvents?.(events);
  app.addHook('onReady', async () => {
    await events.start();
  });
  app.addHook('onClose', async () => {
    await events.stop();
    if (ownsDatabase) await database.close();
  });

  // Guessing limits (passwords, codes, recovery) are shared by every process on PostgreSQL (counters in
  // the database), in memory on PGlite. Traffic limits (visitor tokens, booking creation, availability) are
  // counted per process in memory: a per-address counter row in the database would serialize every
  // request of a busy address, and for traffic a limit per process is close enough.
  const rateLimiter = createRateLimiter({ database });
  const trafficLimiter = createRateLimiter({ store: 'memory' });
  events.cron('rate-limit-sweep', '*/10 * * * *', () => rateLimiter.sweep());
  const holds = createHoldsService({ database, events });
  events.cron(holdsSweepName, '* * * * *', async () => {
    await holds.sweepExpired(new Date());
  });
  events.cron(statisticsUpkeepName, '* * * * *', async () => {
    await analyzeGrownTables(database);
  });

  // What timed work the tests run at a clock of their choosing instead of waiting for the cron.
  const timed = {
    sendDueReminders: async (_now: Date): Promise<number> => 0,
    /** The payment-hold sweep of bookings (declines bookings whose hold expired); how many it declined. */
    expirePaymentHolds: async (_now: Date): Promise<number> => 0,
    /** Deletes for good the staff members in the trash bin past its retention period (the daily purge). */
    purgeStaffTrashBin: async (_now: Date): Promise<number> => 0,
    /** The SMS the bookings module handed to its adapter (the default adapter only records them). */
    sentSms: [] as ReadonlyArray<{ siteId: string; to: string; text: string }>,
  };
  let stores: StoresModule | undefined;
  let ecom: EcomModule | undefined;
  let bookings: BookingsModule | undefined;
  try {
    await migrateDatabase(database);
    const sites = createSitesModule({ database, config });
    const defaultSite = await sites.service.ensureDefaultSite();
    registerHostSite(app, (host) => sites.service.siteForHost(host));
    // The web app learns its site's OAuth client from index.html: the site its host name belongs to.
    const appShell = await registerWebApp(app, {
      clientConfig: async (request) => {
        const client = await identity.ensureSiteClient(request.hostSite.site.id);
        return { clientId: client.id, redirectUris: client.redirectUris };
      },
      serveSourceMaps: config.NODE_ENV !== 'production',
    });
    registerErrorHandling(app, { appShell });
    registerWireRules(app);
    registerTextSafety(app);

    await app.register(cors, corsOptions(config));
    // Answers over 1 KiB are compressed when the caller accepts it, gzip first at its fastest level: on a
    // 3.8 MB availability answer gzip 1 takes 8 ms for 44 KB where brotli 4 takes 98 ms for 34 KB (2 cores
    // under load), and API answers are made per request. Brotli stays for callers that accept only it; the
    // web app's files are compressed once, at build time (web-app.ts).
    await app.register(compress, {
      threshold: 1024,
      // Answers up to 4 MiB are compressed in one call (gzip 1: about a millisecond for 256 KiB, 4-5 ms for
      // a month of availability, 2.2 MB). The plugin's default on 2 cores is 8 KiB, above which every answer
      // takes a zlib stream of its own through the thread pool and a chunked reply: more CPU than the
      // compression itself on a machine whose other core runs the database (the month of availability:
      // 16-18 ms of server CPU a request in one call, 24-29 ms streamed). Larger answers (exports) stream,
      // so that one of them does not hold up every other request.
      syncThreshold: 4 * 1024 * 1024,
      encodings: ['gzip', 'br'],
      zlibOptions: { level: zlib.constants.Z_BEST_SPEED },
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Atrium API',
          version: '0.1.0',
          description: 'Headless business platform: bookings, commerce, events and data collections.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/docs')) route.config = { ...route.config, access: { public: true } };
    });
    await app.register(scalar, { routePrefix: '/docs', configuration: { url: '/openapi.json' } });
    // The document never changes once the routes are registered: written out once, not per request.
    let openApiText: string | undefined;
    app.get(
      '/openapi.json',
      { config: { access: { public: true } }, schema: { hide: true } },
      async (_request, reply) => {
        openApiText ??= JSON.stringify(app.swagger());
        return reply.type('application/json; charset=utf-8').send(openApiText);
      },
    );

    const mail = createMailModule({ database, config });
    if (mail.service.hasTransport) {
      events.cron('mail-delivery', '* * * * *', async () => {
        await mail.service.deliverPending();
      });
    }
    const identity = createIdentityModule({
      database,
      config,
      mail: mail.service,
      findSite: sites.service.findSite,
      rateLimiter,
      trafficLimiter,
      events,
    });
    await identity.init();
    // A new signing key each month (the old one verifies until its last token expires); spent one-time
    // tokens, codes and sessions go every hour.
    events.cron('identity-rotate-signing-key', '0 4 1 * *', async () => {
      await identity.signer.rotate();
    });
    events.cron('identity-delete-expired', '23 * * * *', () => identity.deleteExpired());
    await identity.ensureSiteClient(defaultSite.id);

    const authenticators: Authenticator[] = [identity.authenticator];
    if (config.ALLOW_DEV_CALLER_HEADER) {
      authenticators.push(
        createDevAuthenticator({
          findSite: sites.service.findSite,
          defaultSite: sites.service.getDefaultSite,
        }),
      );
    }
    registerRequestContext(app, authenticators, sites.operatorAuthenticator);

    await app.register(healthRoutes, { database, events });
    await app.register(sites.routes(async (siteId) => (await identity.ensureSiteClient(siteId)).id));
    await app.register(identity.routes);
    await app.register(mail.routes);
    // The query engine signs cursors with the deployment's key, so any process can continue a list.
    const queries = createQueryRunner({
      cursorKey: await loadOrCreateSecret(database, 'cursor', secretSealerFor(config)),
    });
    const data = createDataModule({
      database,
      events,
      queries,
      log: app.log,
      sealer: secretSealerFor(config),
      allowPrivateAddresses: config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
      autoBackups: config.DATA_AUTO_BACKUPS,
      skipScanMinIndexBytes: config.DATA_SKIP_SCAN_MIN_INDEX_BYTES,
    });
    await app.register(data.routes);
    bookings = createBookingsModule({
      database,
      config,
      events,
      queries,
      mail: mail.service,
      rateLimiter: trafficLimiter,
      findSite: sites.service.findSite,
      log: app.log,
      sealer: secretSealerFor(config),
      dashboardUsers: identity.dashboardUsers,
    });
    await app.register(bookings.routes);
    // A new time zone: sessions keep their local times and their bookings follow, in the site's own change.
    const timeZoneChange = bookings.timeZoneChange;
    sites.service.onSettingsChange((ctx, before, tx) => timeZoneChange.apply(ctx, before.timezone, tx));
    stores = createStoresModule({ database, events, queries, holds, findSite: sites.service.findSite });
    await app.register(stores.routes);
    if (config.WORKER_ENABLED && config.STORES_FIGURES_UPKEEP_MS > 0) {
      const stopFigures = stores.figures.start(config.STORES_FIGURES_UPKEEP_MS, app.log);
      app.addHook('preClose', stopFigures);
    }
    ecom = await createEcomModule({
      database,
      events,
      queries,
      mail: mail.service,
      sealer: secretSealerFor(config),
      findSite: sites.service.findSite,
      log: app.log,
      providers: [stores.catalog, bookings.catalog],
      holdMinutes: config.ECOM_CHECKOUT_HOLD_MINUTES,
      inventoryTrigger: config.ECOM_INVENTORY_UPDATE_TRIGGER,
      ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
    });
    await app.register(ecom.routes);
    // Hears every module's events through the bus, so it needs none of them.
    const webhooks = createWebhooksModule({
      database,
      config,
      events,
      sealer: secretSealerFor(config),
      mail: mail.service,
      ownerEmails: (siteId) => identity.staff.ownerEmails(siteId),
      findSite: sites.service.findSite,
      log: app.log,
    });
    await app.register(webhooks.routes);
    timed.sendDueReminders = bookings.timed.sendDueReminders;
    timed.expirePaymentHolds = bookings.timed.expirePaymentHolds;
    timed.purgeStaffTrashBin = bookings.timed.purgeStaffTrashBin;
    timed.sentSms = bookings.timed.sentSms;
    for (const plugin of options.plugins ?? []) await app.register(plugin);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }

  return Object.assign(app, {
    database,
    events,
    routeTable,
    timed,
    rateLimiter,
    holds,
    stores: stores!,
    bookings: bookings!,
    ecom: ecom!,
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
