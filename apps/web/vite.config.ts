import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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
  plugins: [react()],
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
