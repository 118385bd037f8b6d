#!/usr/bin/env node
// `node scripts/run-side-by-side.mjs "<command>" ...`: the checks of `npm test` that do not depend on each
// other (the linters, the six type checks), as many at a time as the machine has cores. Each command's output
// is printed whole when it ends, so two never interleave; the exit code is the first failure's, else 0.
import { spawn } from 'node:child_process';
import os from 'node:os';

const commands = process.argv.slice(2);
const slots = Math.max(1, Math.min(os.availableParallelism(), commands.length));
let next = 0;
let failure = 0;

function run(command) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`== ${command}: ${status} in ${seconds} s\n${Buffer.concat(output).toString()}`);
      if (code !== 0 && failure === 0) failure = code ?? 1;
      resolve();
    });
  });
}

async function worker() {
  while (next < commands.length) await run(commands[next++]);
}

await Promise.all(Array.from({ length: slots }, worker));
process.exit(failure);
