import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { GatewayWebhookEvent } from './payment-gateway.ts';
import type { CardBehaviour } from './test-cards.ts';
import { testGatewayErrors } from './test-gateway.errors.ts';

/**
 * The test gateway's two signatures: payment tokens (signed claims, so a token needs no storage) and
 * webhooks (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the scheme card processors use).
 * Pure functions of a secret; the secrets live in the platform's secret store.
 */

const tokenPrefix = 'tok_test_';
/** How long a token may be used: a buyer types the card and pays within the hour. */
export const tokenLifetimeSeconds = 60 * 60;
/** How far a webhook's timestamp may be from now before it is refused as a replay. */
export const webhookToleranceSeconds = 5 * 60;

export interface TokenClaims {
  brand: string;
  last4: string;
  behaviour: CardBehaviour;
  siteId: string;
  /** Unix seconds after which the token no longer charges. */
  exp: number;
}

const tokenClaimsSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  behaviour: z.enum([
    'approve',
    'card_declined',
    'insufficient_funds',
    'expired_card',
    'pending_succeed',
    'pending_fail',
  ]),
  siteId: z.string(),
  exp: z.number(),
});

const webhookEventSchema = z.object({
  type: z.enum(['charge.succeeded', 'charge.failed']),
  siteId: z.string(),
  chargeId: z.string(),
  reference: z.string(),
  amount: z.string(),
  currency: z.string(),
  declineCode: z.string().optional(),
});

function hmac(secret: Buffer, text: string): Buffer {
  return createHmac('sha256', secret).update(text).digest();
}

/** Equal in constant time; buffers of different lengths are simply not equal. */
function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export function signToken(secret: Buffer, claims: TokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${tokenPrefix}${payload}.${hmac(secret, payload).toString('base64url')}`;
}

/** The claims of a token this gateway signed and that has not expired; undefined for anything else. */
export function readToken(secret: Buffer, token: string, now: Date): TokenClaims | undefined {
  if (!token.startsWith(tokenPrefix)) return undefined;
  const [payload, signature, ...rest] = token.slice(tokenPrefix.length).split('.');
  if (!payload || !signature || rest.length > 0) return undefined;
  if (!sameBytes(Buffer.from(signature, 'base64url'), hmac(secret, payload))) return undefined;
  let claims: TokenClaims;
  try {
    claims = tokenClaimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
  return claims.exp * 1000 > now.getTime() ? claims : undefined;
}

/** The `x-atrium-signature` header value for `body`, signed at `now`. */
export function signWebhook(secret: Buffer, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, `${timestamp}.${body}`).toString('hex')}`;
}

/**
 * The event of a webhook whose signature is this gateway's and at most five minutes from `now`; throws a
 * 401 AppError otherwise. The body is parsed only after its signature holds.
 */
export function verifyWebhookSignature(
  secret: Buffer,
  body: string,
  header: string,
  now: Date,
): GatewayWebhookEvent {
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = parts.get('t');
  const given = parts.get('v1');
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !given || !/^[0-9a-f]{64}$/i.test(given)) {
    throw testGatewayErrors.webhookSignatureInvalid(
      'the header must read t=<unix seconds>,v1=<hex HMAC-SHA256>',
    );
  }
  if (!sameBytes(Buffer.from(given, 'hex'), hmac(secret, `${timestamp}.${body}`))) {
    throw testGatewayErrors.webhookSignatureInvalid('it does not match the body');
  }
  const ageSeconds = Math.round(now.getTime() / 1000 - Number(timestamp));
  if (Math.abs(ageSeconds) > webhookToleranceSeconds)
    throw testGatewayErrors.webhookSignatureStale(ageSeconds);
  const parsed = webhookEventSchema.safeParse(safeJson(body));
  if (!parsed.success)
    throw testGatewayErrors.webhookSignatureInvalid('the signed body is not a webhook event');
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
