import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEnvelope } from '@atrium/contract/webhooks';

export type { WebhookEnvelope };

/** Why a delivery was refused: answer it with a 4xx and do not act on it. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** How far a delivery's `webhook-timestamp` may be from this machine's clock (replayed deliveries fail). */
export const webhookToleranceSeconds = 5 * 60;

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const value = bag[name] ?? bag[Object.keys(bag).find((key) => key.toLowerCase() === name) ?? ''];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks an Atrium webhook delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) and returns its envelope. Pass the raw body exactly as received: parsing and
 * serializing it again changes the bytes that were signed. Node only (it uses node:crypto).
 *
 * @example
 * import { verifyWebhook } from '@atrium/sdk/webhooks';
 * http.createServer(async (req, res) => {
 *   let body = '';
 *   for await (const chunk of req) body += chunk;
 *   try {
 *     const event = verifyWebhook(body, req.headers, process.env.ATRIUM_WEBHOOK_SECRET!);
 *     console.log(event.type, event.data);
 *     res.writeHead(204).end();
 *   } catch {
 *     res.writeHead(400).end();
 *   }
 * });
 */
export function verifyWebhook(
  body: string | Uint8Array,
  headers: HeaderBag,
  secret: string,
  options: { now?: Date } = {},
): WebhookEnvelope {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header');
  }
  const seconds = Number(timestamp);
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - seconds) > webhookToleranceSeconds) {
    throw new WebhookVerificationError('The webhook-timestamp is more than 5 minutes from now');
  }
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${text}`).digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',', 2);
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('No webhook-signature matches the secret');
  return JSON.parse(text) as WebhookEnvelope;
}
