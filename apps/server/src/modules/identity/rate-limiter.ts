import { rateLimited } from '../../platform/errors/app-error.ts';

/**
 * Fixed-window counters in process memory: per client IP and per loginId on the sign-in endpoints. Several
 * server processes each count on their own, which multiplies the limit by the process count; a shared
 * store (Redis) can replace `hit` without changing callers.
 */
export function createRateLimiter(options: { windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();

  function sweep(time: number) {
    if (time - lastSweep < options.windowMs) return;
    lastSweep = time;
    for (const [key, window] of windows) if (time - window.start >= options.windowMs) windows.delete(key);
  }

  return {
    /** Counts one attempt under `key`; throws a 429 (with Retry-After) past `max` in the window. */
    hit(key: string, max: number): void {
      const time = now();
      sweep(time);
      let window = windows.get(key);
      if (!window || time - window.start >= options.windowMs) {
        window = { start: time, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > max) {
        throw rateLimited(Math.max(1, Math.ceil((window.start + options.windowMs - time) / 1000)));
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
