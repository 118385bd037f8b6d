import type { CaptchaTokens } from './identity.errors.ts';

/** Checks a captcha answer with its provider; the identity service only asks yes or no. */
export interface CaptchaVerifier {
  verify(token: string, remoteIp: string | undefined): Promise<boolean>;
}

/** For tests and local development: any token starting with `pass` is valid. */
export const testCaptchaVerifier: CaptchaVerifier = {
  async verify(token) {
    return token.startsWith('pass');
  },
};

/** Nothing configured: every answer fails, so a site that requires captcha without a provider stays closed. */
export const noCaptchaVerifier: CaptchaVerifier = {
  async verify() {
    return false;
  },
};

/** Google reCAPTCHA (both the visible and the invisible kind verify at the same endpoint). */
export function createRecaptchaVerifier(secret: string): CaptchaVerifier {
  return {
    async verify(token, remoteIp) {
      const body = new URLSearchParams({
        secret,
        response: token,
        ...(remoteIp ? { remoteip: remoteIp } : {}),
      });
      try {
        const response = await fetch('https://www.google.com/recaptcha/api/siteverify', {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(5000),
        });
        const result = (await response.json()) as { success?: boolean };
        return result.success === true;
      } catch {
        return false;
      }
    },
  };
}

export function firstCaptchaToken(tokens: CaptchaTokens | undefined): string | undefined {
  for (const entry of tokens ?? []) {
    const token = entry.Recaptcha ?? entry.InvisibleRecaptcha ?? entry.NoCaptcha;
    if (token) return token;
  }
  return undefined;
}
