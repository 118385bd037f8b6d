// Writes docs/route-access.md from the routes of a freshly built app (on an in-memory database).
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { renderRouteAccessTable } from '../apps/server/src/platform/http/route-access-table.ts';

const database = await openDatabase({});
const app = await buildApp({ config: testConfig({ DATABASE_URL: '', WORKER_ENABLED: 'false' }), database });
await app.ready();
const target = path.resolve(import.meta.dirname, '../docs/route-access.md');
fs.writeFileSync(target, renderRouteAccessTable(app.routeTable));
await app.close();
await database.close();
console.log(`Wrote ${target}`);
