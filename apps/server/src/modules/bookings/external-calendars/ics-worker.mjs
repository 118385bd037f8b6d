// The worker thread that parses and expands an ICS file (ics-import.ts) off the server's event loop.
// Plain JavaScript on purpose: a worker does not inherit the tsx loader the server registered in its own
// thread (bin/atrium.mjs), so this entry registers it before loading the TypeScript.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { busySpansOf } = await import('./ics-import.ts');
const { text, from, to, timeZone } = workerData;
try {
  const spans = busySpansOf(text, { from: new Date(from), to: new Date(to), timeZone });
  parentPort.postMessage({ spans });
} catch (error) {
  parentPort.postMessage({
    error: { code: error?.code, message: error instanceof Error ? error.message : String(error) },
  });
}
