import { Worker } from 'node:worker_threads';
import { CalendarSyncError } from './ics-fetcher.ts';
import type { BusySpan, ImportWindow } from './ics-import.ts';

export interface OffThreadLimits {
  /** Wall-clock time the parse may take before the worker is stopped (default 20 s). */
  timeoutMs?: number;
  /** Heap of the worker (default 256 MB): a calendar past it fails alone, not the server. */
  maxHeapMb?: number;
}

const workerUrl = new URL('./ics-worker.mjs', import.meta.url);

/**
 * `busySpansOf` in a worker thread: node-ical's parse and RRULE expansion are synchronous CPU work that
 * would stall every request of the process for as long as they run. The worker has its own heap limit
 * and a time limit; past either the sync fails with TOO_MANY_EVENTS and the server is untouched.
 */
export function busySpansOffThread(
  text: string,
  window: ImportWindow,
  limits: OffThreadLimits = {},
): Promise<BusySpan[]> {
  const timeoutMs = limits.timeoutMs ?? 20_000;
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, {
      workerData: { text, from: window.from.getTime(), to: window.to.getTime(), timeZone: window.timeZone },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb ?? 256 },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new CalendarSyncError('TOO_MANY_EVENTS', `The calendar took longer than ${timeoutMs} ms to read`),
          ),
        ),
      timeoutMs,
    );
    worker.once('message', (message: { spans?: BusySpan[]; error?: { code?: string; message: string } }) =>
      finish(() => {
        if (message.spans) return resolve(message.spans);
        const { code, message: text } = message.error ?? { message: 'The calendar could not be read' };
        reject(
          code === 'TOO_MANY_EVENTS' || code === 'INVALID_CALENDAR'
            ? new CalendarSyncError(code, text)
            : new Error(text),
        );
      }),
    );
    worker.once('error', (error) =>
      finish(() =>
        reject(
          (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new CalendarSyncError(
                'TOO_MANY_EVENTS',
                'The calendar needs more memory to read than a sync may use',
              )
            : error,
        ),
      ),
    );
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`The calendar reader stopped (exit code ${code}) before answering`))),
    );
  });
}
