import { defineConfig } from 'vitest/config';

// `npx vitest run` inside packages/sdk runs the SDK's own suite; the root config runs the same files too.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    env: { TZ: 'UTC' },
  },
});
