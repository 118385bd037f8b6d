import { createHmac, randomBytes } from 'node:crypto';

const secretPrefix = 'whsec_';

/** A new signing secret in the Standard Webhooks form: `whsec_` + base64 of 24 random bytes. */
export function generateWebhookSecret(): string {
  return secretPrefix + randomBytes(24).toString('base64');
}

/** What a secret is shown as in lists: enough to tell two apart, nothing to sign with. */
export function secretDisplayPrefix(secret: string): string {
  return `${secret.slice(0, secretPrefix.length + 4)}…`;
}

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` per secret, space
 * separated, so a receiver holding either secret verifies during a rotation.
 */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  const signed = `${id}.${timestamp}.${body}`;
  return secrets
    .map((secret) => {
      const key = Buffer.from(
        secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret,
        'base64',
      );
      return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
    })
    .join(' ');
}
