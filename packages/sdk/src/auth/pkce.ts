import { base64UrlFromBytes } from '../encoding.ts';
import { AuthError } from '../errors.ts';

// RFC 7636 §4.1: the verifier uses the unreserved characters only.
const unreserved = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
// The largest multiple of 66 below 256: bytes at or above it are redrawn so every character is equally likely.
const unbiasedLimit = 256 - (256 % unreserved.length);

export const minVerifierLength = 43;
export const maxVerifierLength = 128;

/**
 * A PKCE code verifier of 43 to 128 characters (default 43); any other length throws.
 * @example const verifier = generateCodeVerifier(); // 43 random unreserved characters
 */
export function generateCodeVerifier(length: number = minVerifierLength): string {
  if (!Number.isInteger(length) || length < minVerifierLength || length > maxVerifierLength) {
    throw new AuthError(
      'INVALID_CODE_VERIFIER_LENGTH',
      `PKCE code verifier length must be between ${minVerifierLength} and ${maxVerifierLength}, got ${length}`,
    );
  }
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < unbiasedLimit && verifier.length < length) verifier += unreserved[byte % unreserved.length];
    }
  }
  return verifier;
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)) without padding, through WebCrypto. */
export async function generateCodeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlFromBytes(new Uint8Array(digest));
}

/** An unguessable `state` for one sign-in round trip. */
export function generateState(): string {
  return base64UrlFromBytes(crypto.getRandomValues(new Uint8Array(24)));
}
