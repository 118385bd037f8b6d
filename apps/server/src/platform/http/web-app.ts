import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { documentPolicy, inlineScriptHashes } from './security-headers.ts';

// ATRIUM_WEB_DIST lets browser tests serve a build of their own while another build is being written;
// it is read when an app is built, not when this file is loaded.
function webDistDir() {
  return (
    process.env.ATRIUM_WEB_DIST ??
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist')
  );
}

/** What the web app needs before its first call: the site's public OAuth client (no secret in it). */
export interface WebClientConfig {
  clientId: string;
  /** Registered redirect URIs, for the PKCE round trips the app starts. */
  redirectUris: string[];
}

/**
 * Puts the config into index.html as `window.__ATRIUM__`. `<` is escaped so no value can close the
 * script element.
 */
export function injectClientConfig(indexHtml: string, config: WebClientConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const script = `<script>window.__ATRIUM__=${json}</script>`;
  return indexHtml.includes('</head>')
    ? indexHtml.replace('</head>', () => `${script}</head>`)
    : script + indexHtml;
}

export interface AppShell {
  /** index.html with the config of the request's site. */
  htmlFor(request: FastifyRequest): Promise<string>;
  accepts(request: FastifyRequest): boolean;
}

/**
 * Serves the built React app (apps/web/dist) when it exists. Paths that are not files and not API routes get
 * index.html, so the app's own router handles deep links.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    /** The config of the request's site (the site its host name belongs to). */
    clientConfig?: (request: FastifyRequest) => Promise<WebClientConfig>;
    /** False in production: source maps would publish the app's source. */
    serveSourceMaps?: boolean;
  } = {},
): Promise<AppShell | undefined> {
  const distDir = webDistDir();
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) return undefined;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const plainShell = { html: indexHtml, policy: documentPolicy(inlineScriptHashes(indexHtml)) };
  // One shell per site (its OAuth client): built on the first request for it, kept after (clients do not change).
  const shells = new Map<string, { html: string; policy: string }>();
  const policies = new Map<string, string>([[plainShell.html, plainShell.policy]]);
  async function shellFor(request: FastifyRequest) {
    if (!options.clientConfig) return plainShell;
    const config = await options.clientConfig(request);
    const key = JSON.stringify(config);
    let shell = shells.get(key);
    if (!shell) {
      const html = injectClientConfig(indexHtml, config);
      shell = { html, policy: documentPolicy(inlineScriptHashes(html)) };
      shells.set(key, shell);
      policies.set(html, shell.policy);
    }
    return shell;
  }
  // The shell carries the inline config script, allowed by its hash (computed here, from our own HTML).
  app.addHook('onSend', async (_request, reply, payload) => {
    const policy = typeof payload === 'string' && payload.startsWith('<') ? policies.get(payload) : undefined;
    if (policy) reply.header('content-security-policy', policy);
    return payload;
  });
  const serveSourceMaps = options.serveSourceMaps ?? true;
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: { public: true }, webAppFile: true };
    });
    await scope.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its files (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      allowedPath: (pathName) => serveSourceMaps || !pathName.endsWith('.map'),
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
    htmlFor: async (request) => (await shellFor(request)).html,
    accepts: (request) => request.method === 'GET' && (request.headers.accept ?? '').includes('text/html'),
  };
}
