#!/usr/bin/env node
// Runs a TypeScript file (benchmarks, scripts): node apps/server/bin/run-ts.mjs path/to/file.ts [args]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const [file] = process.argv.splice(2, 1);
if (!file) {
  console.error('usage: run-ts.mjs <file.ts> [args]');
  process.exit(2);
}
await import(pathToFileURL(path.resolve(file)).href);
