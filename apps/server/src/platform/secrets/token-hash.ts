import { createHash } from 'node:crypto';

/**
 * How a high-entropy token is stored for lookup: SHA-256, base64url. No salt or stretching is needed for
 * random tokens (unlike passwords).
 */
export function hashToken(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
