#!/usr/bin/env node
// `npm start` builds the web app only when its sources changed since the last build: a hash of every source
// file the build reads is kept beside the build, and a start with the same hash skips the 4 s build.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'packages/contract/src',
  'packages/sdk/src',
  'package-lock.json',
];
const output = path.join(root, 'apps/web/dist');
const stamp = path.join(output, '.source-hash');

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
  } else yield entry;
}

const hash = createHash('sha256');
for (const source of sources) {
  for (const file of files(source)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
}
const digest = hash.digest('hex');

if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) {
  console.log('Web app is up to date (sources unchanged since the last build).');
} else {
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build:web', '--if-present'], { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, digest);
}
