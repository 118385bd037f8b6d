import { describe, expect, it } from 'vitest';
import { generateCodeChallenge, generateCodeVerifier, generateState } from '../src/auth/pkce.ts';
import { AuthError } from '../src/errors.ts';

describe('PKCE', () => {
  it('makes a 43-character verifier of unreserved characters by default', () => {
    const verifier = generateCodeVerifier();
    expect(verifier).toHaveLength(43);
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]+$/);
    expect(generateCodeVerifier()).not.toBe(verifier);
  });

  it.each([43, 64, 128])('accepts a verifier length of %i', (length) => {
    expect(generateCodeVerifier(length)).toHaveLength(length);
  });

  it.each([0, 42, 129, 43.5, Number.NaN])('refuses a verifier length of %s', (length) => {
    expect(() => generateCodeVerifier(length)).toThrow(AuthError);
    expect(() => generateCodeVerifier(length)).toThrow(
      `PKCE code verifier length must be between 43 and 128, got ${length}`,
    );
  });

  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await generateCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes a fresh url-safe state each time', () => {
    const states = new Set(Array.from({ length: 20 }, () => generateState()));
    expect(states.size).toBe(20);
    for (const state of states) expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});
