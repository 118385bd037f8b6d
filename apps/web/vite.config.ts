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
  build: { outDir: 'dist', sourcemap: true },
});
