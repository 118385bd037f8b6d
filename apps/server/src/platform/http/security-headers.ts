import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers that are not documents (JSON, calendar files, assets) may load and be framed by nothing. */
export const apiPolicy = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy of the web app's documents. Scripts only from this origin plus the inline scripts named
 * by hash. Styles allow 'unsafe-inline' because Mantine writes its theme variables into <style>
 * elements at run time; images may come from anywhere over https because owners link them in content.
 * No form-action: the hosted sign-in page posts to /oauth2/authorize, which redirects to the client's
 * own origin, and browsers check form-action on that redirect too.
 */
export function documentPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` '${hash}'`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The API reference at /docs (Scalar) configures itself in an inline script and loads its fonts from
 * fonts.scalar.com; this looser policy applies under /docs only.
 */
export const docsPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline' https://fonts.scalar.com",
  "font-src 'self' data: https://fonts.scalar.com",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** `sha256-...` sources of the inline `<script>` elements of a document we wrote ourselves. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(
      `sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}`,
    );
  }
  return hashes;
}

const hstsValue = 'max-age=31536000; includeSubDomains';

function isHtml(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith('text/html');
}

/**
 * Security headers on every answer. A route that sets its own content-security-policy keeps it (the
 * hosted sign-in pages do), and then its own framing rule too.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'no-referrer');
    if (options.hsts) reply.header('strict-transport-security', hstsValue);
    if (!reply.hasHeader('content-security-policy')) {
      const html = isHtml(reply);
      const docs = request.url === '/docs' || request.url.startsWith('/docs/');
      reply.header('content-security-policy', !html ? apiPolicy : docs ? docsPolicy : documentPolicy());
      reply.header('x-frame-options', 'DENY');
      if (html) reply.header('cross-origin-opener-policy', 'same-origin');
    }
    return payload;
  });
}
