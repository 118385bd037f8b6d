import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './apps/server/src/modules/*/*.tables.ts',
    './apps/server/src/modules/*/*/*.tables.ts',
    './apps/server/src/platform/*/*.tables.ts',
  ],
  out: './apps/server/drizzle',
});
