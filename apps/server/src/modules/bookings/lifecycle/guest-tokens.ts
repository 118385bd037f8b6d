import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How long a guest token lives at most. The link goes out in the customer's mails when they book; a
 * token also stops working once its booking has ended, so this only bounds links to bookings far ahead.
 */
export const guestTokenLifetimeDays = 60;
const day = 24 * 3_600_000;

export type GuestTokenKind = 'BOOKING' | 'MULTI_SERVICE_BOOKING';
const kindLetters: Record<GuestTokenKind, string> = { BOOKING: 'b', MULTI_SERVICE_BOOKING: 'm' };
const tokenPattern = /^bgt_([bm])\.([0-9a-f-]{36})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The web app's page where the holder of a booking's token views, cancels or reschedules it. */
export function guestBookingPagePath(token: string): string {
  return `/bookings/manage/${encodeURIComponent(token)}`;
}

/** The MAC of a token's body under the site: a token of one site never verifies on another. */
function macOf(key: Buffer, siteId: string, body: string): string {
  return createHmac('sha256', key).update(`bookings-guest|${siteId}|${body}`).digest('base64url');
}

/**
 * Guest tokens: `bgt_<kind>.<id>.<expiry>.<HMAC-SHA256>` under a deployment secret and the site's id.
 * Signed, not stored: the token names its one booking and its expiry, which nobody can change without
 * the secret, and a token of one kind never opens the other kind. Both the guest self-service calls and
 * the customer's booking mails (their link to the guest page) go through here.
 */
export function createGuestTokens(signingKey: () => Promise<Buffer>) {
  return {
    async issue(siteId: string, now: Date, kind: GuestTokenKind, targetId: string): Promise<string> {
      const expires = Math.floor((now.getTime() + guestTokenLifetimeDays * day) / 1000);
      const body = `${kindLetters[kind]}.${targetId}.${expires.toString(36)}`;
      return `bgt_${body}.${macOf(await signingKey(), siteId, body)}`;
    },

    /** The token's target, or undefined whatever the reason (forged, another site's, other kind, expired). */
    async open(siteId: string, now: Date, kind: GuestTokenKind, token: string): Promise<string | undefined> {
      const match = tokenPattern.exec(token);
      if (!match) return undefined;
      const [, letter, targetId, expires, mac] = match as unknown as [string, string, string, string, string];
      const expected = Buffer.from(macOf(await signingKey(), siteId, `${letter}.${targetId}.${expires}`));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      if (letter !== kindLetters[kind]) return undefined;
      if (parseInt(expires, 36) * 1000 <= now.getTime()) return undefined;
      return targetId;
    },
  };
}

export type GuestTokens = ReturnType<typeof createGuestTokens>;
