import type { ExternalCalendarErrorCode } from '@atrium/contract/bookings/external-calendars';

/**
 * The adapter that reads an ICS URL. The sync only sees this interface, so another transport (a proxy, an
 * OAuth provider's API) can replace it; the default uses Node's fetch with a time limit and a size cap.
 */
export type IcsFetcher = (url: string) => Promise<string>;

/** A failure the sync records on the calendar (ERROR status) instead of throwing further. */
export class CalendarSyncError extends Error {
  constructor(
    readonly code: ExternalCalendarErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CalendarSyncError';
  }
}

export interface IcsFetcherOptions {
  /** The whole request, body included (default 15 s). */
  timeoutMs?: number;
  /** Bodies larger than this are refused (default 5 MB). */
  maxBytes?: number;
}

export function createIcsFetcher(options: IcsFetcherOptions = {}): IcsFetcher {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;

  return async (url) => {
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        signal,
        redirect: 'follow',
        headers: {
          accept: 'text/calendar, text/plain;q=0.9, */*;q=0.5',
          'user-agent': 'Atrium calendar sync',
        },
      });
    } catch (error) {
      throw transportError(error, signal, timeoutMs);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new CalendarSyncError('HTTP_ERROR', `The calendar URL answered HTTP ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    // The declared length may be absent or wrong, so the cap is enforced on the bytes actually read.
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body ?? []) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          await response.body?.cancel().catch(() => undefined);
          throw tooLarge(maxBytes);
        }
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof CalendarSyncError) throw error;
      throw transportError(error, signal, timeoutMs);
    }
    return Buffer.concat(chunks).toString('utf8');
  };
}

function tooLarge(maxBytes: number): CalendarSyncError {
  return new CalendarSyncError('TOO_LARGE', `The calendar is larger than ${Math.round(maxBytes / 1024)} KB`);
}

function transportError(error: unknown, signal: AbortSignal, timeoutMs: number): CalendarSyncError {
  if (signal.aborted) {
    return new CalendarSyncError('FETCH_TIMEOUT', `The calendar URL did not answer within ${timeoutMs} ms`);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return new CalendarSyncError('FETCH_FAILED', `The calendar URL could not be read: ${cause ?? message}`);
}
