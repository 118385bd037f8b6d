import { defineConfig } from 'tsup';

// One entry per module keeps them tree-shakable: an app that imports only `sites` bundles only the core and sites.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'modules/sites': 'src/modules/sites.ts',
    'modules/identity': 'src/modules/identity.ts',
    'modules/bookings': 'src/modules/bookings.ts',
    'modules/data': 'src/modules/data.ts',
    'modules/ecom': 'src/modules/ecom.ts',
    'modules/admin/team': 'src/modules/admin/team.ts',
    'modules/webhooks': 'src/modules/webhooks.ts',
    // Node only (node:crypto), so never reachable from the browser entries above.
    webhooks: 'src/webhooks.ts',
  },
  format: ['esm'],
  // Declarations import the wire types from @atrium/contract (and zod), as the workspace resolves them.
  dts: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  splitting: true,
  treeshake: true,
  sourcemap: true,
});
