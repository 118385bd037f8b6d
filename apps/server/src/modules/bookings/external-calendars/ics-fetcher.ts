import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import {
  isNonPublicAddress,
  literalNonPublicHost,
  publicOnlyLookupRefusing,
} from '../../../platform/http/public-addresses.ts';
import type { ExternalCalendarErrorCode } from '@atrium/contract/bookings/external-calendars';

/**
 * The adapter that reads an ICS URL. The sync only sees this interface, so another transport (a proxy, an
 * OAuth provider's API) can replace it; the default uses node:http(s) with a time limit, a size cap and an
 * address filter.
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
  /** The whole request, redirects and body included (default 15 s). */
  timeoutMs?: number;
  /** Bodies larger than this are refused (default 5 MB). */
  maxBytes?: number;
  /**
   * Allow loopback, private, link-local and other non-public addresses (default false). Staff members choose
   * the URL, so without this filter the server could be made to read its own network (SSRF). Only tests and
   * local development turn it on (`BOOKINGS_ICS_ALLOW_PRIVATE_ADDRESSES`).
   */
  allowPrivateAddresses?: boolean;
}

// Shared with webhooks (platform/http/public-addresses.ts); kept importable from here for the calendar code.
export { isNonPublicAddress, literalNonPublicHost };

const maxRedirects = 5;

function notAllowed(host: string): CalendarSyncError {
  return new CalendarSyncError(
    'ADDRESS_NOT_ALLOWED',
    `The calendar URL's host ${host} is a local or private network address, which calendars may not use`,
  );
}

const publicOnlyLookup = publicOnlyLookupRefusing((host) => notAllowed(host));

export function createIcsFetcher(options: IcsFetcherOptions = {}): IcsFetcher {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const allowPrivate = options.allowPrivateAddresses ?? false;

  return async (url) => {
    const signal = AbortSignal.timeout(timeoutMs);
    let current = url;
    for (let hop = 0; hop <= maxRedirects; hop++) {
      const answer = await get(current, signal);
      if (answer.redirect === undefined) return answer.body;
      current = answer.redirect;
    }
    throw new CalendarSyncError(
      'FETCH_FAILED',
      `The calendar URL redirected more than ${maxRedirects} times`,
    );
  };

  function get(url: string, signal: AbortSignal): Promise<{ body: string; redirect?: string }> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return Promise.reject(new CalendarSyncError('FETCH_FAILED', 'The calendar URL is not a valid URL'));
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      return Promise.reject(
        new CalendarSyncError('FETCH_FAILED', `The calendar URL redirected to ${target.protocol} URL`),
      );
    }
    // IP literals never reach the lookup, so they are judged here.
    const literal = literalNonPublicHost(url);
    if (!allowPrivate && literal && net.isIP(literal)) return Promise.reject(notAllowed(literal));

    return new Promise((resolve, reject) => {
      const client = target.protocol === 'https:' ? https : http;
      const request = client.get(
        target,
        {
          signal,
          headers: {
            accept: 'text/calendar, text/plain;q=0.9, */*;q=0.5',
            'user-agent': 'Atrium calendar sync',
          },
          ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400 && response.headers.location) {
            response.resume();
            resolve({ body: '', redirect: new URL(response.headers.location, target).toString() });
            return;
          }
          if (status < 200 || status >= 300) {
            response.resume();
            reject(new CalendarSyncError('HTTP_ERROR', `The calendar URL answered HTTP ${status}`));
            return;
          }
          const declared = Number(response.headers['content-length'] ?? NaN);
          if (Number.isFinite(declared) && declared > maxBytes) {
            response.destroy();
            reject(tooLarge(maxBytes));
            return;
          }
          // The declared length may be absent or wrong, so the cap is enforced on the bytes actually read.
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.byteLength;
            if (size > maxBytes) {
              response.destroy();
              reject(tooLarge(maxBytes));
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => resolve({ body: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', (error) => reject(transportError(error, signal, timeoutMs)));
        },
      );
      request.on('error', (error) => reject(transportError(error, signal, timeoutMs)));
    });
  }
}

function tooLarge(maxBytes: number): CalendarSyncError {
  return new CalendarSyncError('TOO_LARGE', `The calendar is larger than ${Math.round(maxBytes / 1024)} KB`);
}

function transportError(error: unknown, signal: AbortSignal, timeoutMs: number): CalendarSyncError {
  if (error instanceof CalendarSyncError) return error;
  if (signal.aborted) {
    return new CalendarSyncError('FETCH_TIMEOUT', `The calendar URL did not answer within ${timeoutMs} ms`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CalendarSyncError('FETCH_FAILED', `The calendar URL could not be read: ${message}`);
}
