// Measures the SDK core as a browser app would ship it: client + errors + query builder + OAuth strategy,
// bundled with esbuild, minified and gzipped. Run with `npm run size -w @atrium/sdk`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const sdkDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const budgetBytes = 15 * 1024;

const bundles: Record<string, string> = {
  core: [
    "export { createClient, defineModule } from './src/client.ts';",
    "export * from './src/errors.ts';",
    "export { createQuery, filter } from './src/query.ts';",
    "export { OAuthStrategy } from './src/auth/oauth.ts';",
  ].join('\n'),
  'core + sites': [
    "export { createClient } from './src/client.ts';",
    "export { sites } from './src/modules/sites.ts';",
  ].join('\n'),
  'everything (index)': "export * from './src/index.ts';",
};

async function measure(contents: string) {
  const result = await build({
    stdin: { contents, resolveDir: sdkDir, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;
let coreGzipped = 0;
for (const [name, contents] of Object.entries(bundles)) {
  const { minified, gzipped } = await measure(contents);
  if (name === 'core') coreGzipped = gzipped;
  console.log(`${name.padEnd(20)} min ${kb(minified).padStart(10)}   min+gzip ${kb(gzipped).padStart(9)}`);
}
console.log(`core budget: ${kb(budgetBytes)} min+gzip: ${coreGzipped <= budgetBytes ? 'within' : 'OVER'}`);
if (coreGzipped > budgetBytes) process.exitCode = 1;
