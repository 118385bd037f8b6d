import { identityErrorCodes } from '@atrium/contract/identity';
import type { captchaTokensSchema } from '@atrium/contract/identity';
import type { z } from 'zod';
import { AppError, invalid, invalidField } from '../../platform/errors/app-error.ts';

export type CaptchaTokens = z.infer<typeof captchaTokensSchema>;

const codes = identityErrorCodes;

export const identityErrors = {
  invalidPassword: () => new AppError(403, codes.invalidPassword, 'Invalid password'),
  emailAlreadyExists: (email: string) =>
    new AppError(409, codes.emailAlreadyExists, `An account with email ${email} already exists`, {
      data: { email },
    }),
  missingCaptchaToken: () => new AppError(400, codes.missingCaptchaToken, 'A captcha token is required'),
  invalidCaptchaToken: () => new AppError(400, codes.invalidCaptchaToken, 'The captcha token is invalid'),
  resetPassword: () =>
    new AppError(403, codes.resetPassword, 'This account has no password yet: reset it through recovery'),
  identityNotFound: () => new AppError(404, codes.identityNotFound, 'No account with this email'),
  /** The spec's clients recognise a bad email by a field violation whose data type is EMAIL. */
  invalidEmail: (description = 'must be a valid email address', field = 'loginId.email') =>
    invalid([{ field, description, violatedRule: 'FORMAT', data: { type: 'EMAIL' } }]),
  weakPassword: (field: string) => invalidField(field, 'must be at least 8 characters', 'MIN_LENGTH'),
  commonPassword: (field: string) =>
    invalidField(
      field,
      'is one of the most common passwords, which are guessed first: choose another',
      'FORMAT',
    ),
  invalidCode: (attemptsLeft: number) =>
    new AppError(400, codes.invalidVerificationCode, 'The verification code is wrong', {
      data: { attemptsLeft },
    }),
  invalidStateToken: () =>
    new AppError(400, codes.invalidStateToken, 'The state token is unknown, used or expired'),
  invalidRecoveryToken: () =>
    new AppError(400, codes.invalidRecoveryToken, 'The recovery link is unknown, used or expired'),
  unsupportedFactor: (factor: string) =>
    new AppError(400, codes.unsupportedFactor, `Factor ${factor} is not enabled on this site`),
  invalidGrant: (message: string) => new AppError(400, codes.invalidGrant, message),
  invalidClient: (message = 'Unknown client') => new AppError(401, codes.invalidClient, message),
  unsupportedGrantType: (grantType: string | undefined) =>
    new AppError(400, codes.unsupportedGrantType, `Unsupported grantType ${grantType ?? '(none)'}`, {
      data: { supported: ['anonymous', 'refresh_token', 'authorization_code', 'authorized_client'] },
    }),
  invalidRedirectUri: (uri: string) =>
    new AppError(400, codes.invalidRedirectUri, `redirectUri ${uri} is not registered for this client`),
  lastOwner: () => new AppError(409, codes.lastOwner, 'A site keeps at least one owner'),
  currentPasswordRequired: () =>
    invalidField(
      'currentPassword',
      'give the current password (or sign in again) to change it',
      'REQUIRED_FIELD',
    ),
  accountLocked: (retryAfterSeconds: number) =>
    new AppError(
      429,
      'ACCOUNT_LOCKED',
      `Too many failed sign-in attempts: signing in to this account is paused, try again in ${Math.ceil(retryAfterSeconds / 60)} min`,
      { headers: { 'retry-after': String(retryAfterSeconds) }, data: { retryAfterSeconds } },
    ),
  tooManyCodes: () =>
    new AppError(429, 'TOO_MANY_CODES', 'Too many codes were sent: sign in again later', {
      headers: { 'retry-after': '3600' },
      data: { retryAfterSeconds: 3600 },
    }),
  invitationInvalid: () =>
    new AppError(400, codes.invitationInvalid, 'The invitation is unknown, used or expired'),
};
