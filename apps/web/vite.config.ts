import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes a brotli (best) and a gzip (best) copy beside every built file over 1 KiB, once per build: the server
 * sends them as they are (@fastify/static `preCompressed`), so no visitor's request pays for compression.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|css|svg|json|txt|webmanifest)$/;
  function* filesIn(directory: string): Generator<string> {
    for (const name of readdirSync(directory)) {
      const full = path.join(directory, name);
      if (statSync(full).isDirectory()) yield* filesIn(full);
      else yield full;
    }
  }
  return {
    name: 'atrium-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesIn(outDir)) {
        if (!compressible.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
          }),
        );
        writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

const apiPrefixes = [
  '/sites',
  '/identity',
  '/data',
  '/bookings',
  '/ecom',
  '/stores',
  '/events',
  '/oauth2',
  '/.well-known',
  '/openapi.json',
  '/docs',
  '/healthz',
  '/readyz',
];

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, 'http://localhost:4000'])),
  },
  build: {
    // Browsers with native light-dark(): lowering it for older ones yields variables only set by the minifier's
    // own color-scheme rules, which Mantine's theme switch never triggers.
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    outDir: 'dist',
    // No source maps in the build: the server serves dist to everyone (the dev server has its own maps).
    sourcemap: false,
  },
});
