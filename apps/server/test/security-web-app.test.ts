import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './test-app.ts';

// A built web app of our own, with a source map beside its script; the app reads the folder when built.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-security-web-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
);
fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map\n');
fs.writeFileSync(path.join(dist, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
// A larger script with the copies the build writes beside it (apps/web/vite.config.ts, precompress).
const largeScript =
  'export const words = ' +
  JSON.stringify(Array.from({ length: 400 }, (_, index) => 'word ' + index)) +
  ';\n';
fs.writeFileSync(path.join(dist, 'assets', 'large.js'), largeScript);
fs.writeFileSync(path.join(dist, 'assets', 'large.js.br'), zlib.brotliCompressSync(largeScript));
fs.writeFileSync(path.join(dist, 'assets', 'large.js.gz'), zlib.gzipSync(largeScript));
const previousDist = process.env.ATRIUM_WEB_DIST;
process.env.ATRIUM_WEB_DIST = dist;

let production: TestApp;
let development: TestApp;
beforeAll(async () => {
  const { createTestApp } = await import('./test-app.ts');
  production = await createTestApp({
    config: {
      NODE_ENV: 'production',
      ALLOW_DEV_CALLER_HEADER: 'false',
      PUBLIC_URL: 'http://book.example.com',
    },
  });
  development = await createTestApp();
}, 180_000);
afterAll(async () => {
  await Promise.all([production?.close(), development?.close()]);
  fs.rmSync(dist, { recursive: true, force: true });
  if (previousDist === undefined) delete process.env.ATRIUM_WEB_DIST;
  else process.env.ATRIUM_WEB_DIST = previousDist;
}, 60_000);

function sha256(text: string) {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

describe('the web app shell', () => {
  it('allows its inline config script by hash, and no other inline script', async () => {
    const response = await production.app.inject({
      method: 'GET',
      url: '/dashboard/sign-in',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    const inline = /<script>([\s\S]*?)<\/script>/.exec(response.body)?.[1];
    expect(inline).toContain('window.__ATRIUM__=');
    const policy = String(response.headers['content-security-policy']);
    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' '${sha256(inline!)}'`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS in production even behind a plain-http public URL (TLS ends at the proxy)', async () => {
    const response = await production.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('serves the scripts with nosniff', async () => {
    const response = await production.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the brotli or gzip copy the build wrote of a file as it is, to callers that accept it', async () => {
    const brotli = await production.app.inject({
      method: 'GET',
      url: '/assets/large.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(largeScript);
    const gzip = await production.app.inject({
      method: 'GET',
      url: '/assets/large.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(largeScript);
    const plain = await production.app.inject({ method: 'GET', url: '/assets/large.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(largeScript);
  });

  it('lets browsers keep the hashed files for a year, and revalidate the page that names them', async () => {
    const script = await production.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/services', '/dashboard', '/index.html']) {
      const page = await production.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('refuses source maps in production and serves them in development', async () => {
    const refused = await production.app.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('secret.ts');
    const served = await development.app.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('secret.ts');
  });
});
