import type { FastifyCorsOptions } from '@fastify/cors';
import type { Config } from '../config.ts';

/**
 * Request headers a browser on an allowed origin may send. Listed rather than reflected, so the
 * development credentials headers can never be sent cross-origin. The x-wix-* ones are sent by the
 * hosted platform's official clients.
 */
export const corsAllowedHeaders = [
  'accept',
  'authorization',
  'content-type',
  'x-request-id',
  'x-wix-bi-gateway',
  'x-wix-consistent',
  'x-wix-request-id',
];

/**
 * The origins allowed to call with credentials: the site's own (PUBLIC_URL, and localhost on PORT
 * outside production) plus CORS_ORIGINS. `*` only when CORS_ORIGINS says so, and then without credentials.
 */
export function corsOrigins(config: Config): '*' | string[] {
  const extra = config.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (extra.includes('*')) return '*';
  const own = [new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).origin];
  if (config.NODE_ENV !== 'production') {
    own.push(`http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`);
  }
  return [...new Set([...own, ...extra])];
}

export function corsOptions(config: Config): FastifyCorsOptions {
  const origins = corsOrigins(config);
  return {
    origin: origins,
    credentials: origins !== '*',
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: corsAllowedHeaders,
    exposedHeaders: ['x-request-id', 'x-wix-request-id', 'retry-after'],
  };
}
