import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');

export interface AppShell {
  html: string;
  accepts(request: FastifyRequest): boolean;
}

/**
 * Serves the built React app (apps/web/dist) when it exists. Paths that are not files and not API routes get
 * index.html, so the app's own router handles deep links.
 */
export async function registerWebApp(app: FastifyInstance): Promise<AppShell | undefined> {
  const indexPath = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexPath)) return undefined;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: { public: true } };
    });
    await scope.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  });
  return {
    html: indexHtml,
    accepts: (request) => request.method === 'GET' && (request.headers.accept ?? '').includes('text/html'),
  };
}
