import { sendRecoveryEmailRequestSchema } from '@atrium/contract/identity';
import { InvalidArgumentError } from '@atrium/sdk';
import type { LoginResult } from '@atrium/sdk/modules/identity';
import { t } from './strings.ts';

/** The server refuses shorter passwords (identity members.service, checkPasswordStrength). */
export const minPasswordLength = 8;

// The contract's email rule, the one the server applies to recovery mails.
const emailSchema = sendRecoveryEmailRequestSchema.shape.email;

export function validateEmail(value: string): string | null {
  if (!value.trim()) return t.auth.errors.required;
  return emailSchema.safeParse(value.trim()).success ? null : t.auth.errors.invalidEmailFormat;
}

export function validateNewPassword(value: string): string | null {
  return value.length >= minPasswordLength ? null : t.auth.errors.passwordTooShort;
}

export function validateRequired(value: string): string | null {
  return value ? null : t.auth.errors.required;
}

/** What a form says for a failed sign-in or registration. */
export function messageFor(result: LoginResult): string {
  switch (result.errorCode) {
    case 'invalidEmail':
      return result.cause?.code === 'INVALID_ARGUMENT'
        ? t.auth.errors.invalidEmailFormat
        : t.auth.errors.invalidEmail;
    case 'emailAlreadyExists':
      return t.auth.errors.emailAlreadyExists;
    case 'invalidPassword':
      return t.auth.errors.invalidPassword;
    case 'resetPassword':
      return t.auth.errors.resetPassword;
    case 'missingCaptchaToken':
    case 'invalidCaptchaToken':
      return t.auth.errors.captcha;
    default:
      if (result.cause instanceof InvalidArgumentError) {
        const fields = result.cause.fieldViolations.map((violation) => violation.field);
        if (fields.some((field) => field.toLowerCase().includes('password')))
          return t.auth.errors.passwordTooShort;
      }
      if (result.loginState === 'FAILURE' && !result.cause) return t.auth.errors.cannotSignIn;
      return result.error ?? t.auth.errors.generic;
  }
}
