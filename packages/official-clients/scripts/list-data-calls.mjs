// Writes test/data-client-calls.json: every HTTP call of the installed `@wix/data` client modules other than
// items (collections, backups, tasks, permissions, movement jobs, external database connections, indexes),
// read from each package's `meta` export (method, and the URL the client resolves for the official API host).
// Run after changing a package version: `node packages/official-clients/scripts/list-data-calls.mjs`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const modules = [
  'collections',
  'backups',
  'tasks',
  'permissions',
  'movement-jobs',
  'external-database-connections',
  'indexes',
];

const calls = [];
for (const module of modules) {
  const packageName = `@wix/auto_sdk_data_${module}`;
  const { version } = require(`${packageName}/package.json`);
  const meta = require(`${packageName}/meta`);
  for (const [name, describe] of Object.entries(meta)) {
    if (typeof describe !== 'function') continue;
    const call = describe();
    const url = new URL(call.getUrl({ host: 'www.wixapis.com' }), 'https://www.wixapis.com');
    calls.push({
      package: `${packageName}@${version}`,
      call: name,
      method: call.httpMethod,
      path: url.pathname,
    });
  }
}
calls.sort((a, b) => a.package.localeCompare(b.package) || a.call.localeCompare(b.call));
const target = path.resolve(import.meta.dirname, '../test/data-client-calls.json');
fs.writeFileSync(target, `${JSON.stringify(calls, null, 2)}\n`);
console.log(`${calls.length} calls written to ${target}`);
