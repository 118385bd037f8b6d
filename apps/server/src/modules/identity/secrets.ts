import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random opaque token with a readable prefix (`rt_`, `st_` ...): 256 bits, base64url. */
export function newToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Opaque tokens are high-entropy, so a plain SHA-256 is the right storage hash (no salt or stretching needed). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Compares two strings in time that depends only on their length. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** A six-digit code for mails; stored hashed beside the state token it belongs to. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

// OWASP's argon2id minimum (19 MiB, 2 passes): about 10 ms per hash on this machine class.
// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const argonOptions = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still runs one argon2 verification, so an unknown account
 * takes as long as a wrong password.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
