import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './platform/config.ts';
import { migrateDatabase, openDatabase, type Database } from './platform/db/database.ts';
import { registerErrorHandling } from './platform/errors/error-handler.ts';
import { rewriteCompatUrl } from './platform/http/compat-prefixes.ts';
import { validatorCompiler } from './platform/http/validation.ts';
import { registerWireRules } from './platform/http/wire-rules.ts';
import { registerRequestContext, type Authenticator } from './platform/http/request-context.ts';
import { createDevAuthenticator } from './platform/http/dev-authenticator.ts';
import { healthRoutes } from './platform/http/health.routes.ts';
import { createSitesModule } from './modules/sites/index.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open database; when absent one is opened from the configuration (and closed with the app). */
  database?: Database;
  /** Extra plugins registered after the modules (tests use this for fixture routes). */
  plugins?: Array<(app: FastifyInstance) => Promise<void>>;
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(config.LOG_PRETTY ? { transport: { target: 'pino-pretty' } } : {}),
  };
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
    logger: loggerOptions(config),
    bodyLimit: config.BODY_LIMIT_BYTES,
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
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });

  try {
    await migrateDatabase(database);
    registerErrorHandling(app);
    registerWireRules(app);

    await app.register(cors, {
      origin:
        config.CORS_ORIGINS === '*' ? true : config.CORS_ORIGINS.split(',').map((origin) => origin.trim()),
      exposedHeaders: ['x-request-id', 'retry-after'],
      credentials: true,
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
    app.get('/openapi.json', { config: { access: { public: true } }, schema: { hide: true } }, async () =>
      app.swagger(),
    );

    const sites = createSitesModule({ database, config });
    await sites.service.ensureDefaultSite();

    const authenticators: Authenticator[] = [
      createDevAuthenticator({
        production: config.NODE_ENV === 'production',
        findSite: sites.service.findSite,
        defaultSite: sites.service.getDefaultSite,
      }),
    ];
    registerRequestContext(app, authenticators);

    await app.register(healthRoutes, { database });
    await app.register(sites.routes);
    for (const plugin of options.plugins ?? []) await app.register(plugin);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }

  return Object.assign(app, { database });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
