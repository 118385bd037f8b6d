import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    pool: 'forks',
    // Each worker loads the app's modules once for all its files (every file builds its own app on its
    // own database, and no test changes module state): the suite takes 6 minutes instead of 13.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    env: { TZ: 'UTC' },
  },
});
