// Measures the JavaScript a first visit downloads: the entry script of dist/index.html and every module
// it preloads, gzipped as a server would send them. Run after `vite build`; fails above the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const budget = Number(process.env.INITIAL_JS_BUDGET_KB ?? 250) * 1024;
const dist = path.resolve(import.meta.dirname, '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

const files = new Set();
for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) files.add(match[1]);
for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) files.add(match[1]);
if (files.size === 0) throw new Error('No entry script found in dist/index.html: run `vite build` first.');

let total = 0;
for (const file of files) {
  const bytes = readFileSync(path.join(dist, file.replace(/^\//, '')));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  total += gzipped;
  console.log(`${(gzipped / 1024).toFixed(1).padStart(8)} kB  ${file}`);
}
console.log(
  `${(total / 1024).toFixed(1).padStart(8)} kB  initial JavaScript (gzip), budget ${budget / 1024} kB`,
);
if (total > budget) {
  console.error('Over budget: lazy-load more pages (React.lazy) or drop a dependency from the entry.');
  process.exit(1);
}
