import { ApplicationError, InvalidArgumentError } from '@atrium/sdk';
import type { LoginResult } from '@atrium/sdk/modules/identity';
import { describe, expect, it } from 'vitest';
import { en } from './strings.ts';
import { safeReturnTo } from './navigation.ts';
import { messageFor, validateEmail, validateNewPassword } from './validation.ts';

describe('safeReturnTo', () => {
  it.each([
    ['/services?x=1', '/services?x=1'],
    ['//evil.example/path', '/account'],
    ['https://evil.example', '/account'],
    [null, '/account'],
    ['', '/account'],
  ])('follows %s as %s', (given, expected) => {
    expect(safeReturnTo(given)).toBe(expected);
  });
});

describe('form validation', () => {
  it('checks emails with the contract rule and passwords against the server minimum', () => {
    expect(validateEmail('ada@example.com')).toBeNull();
    expect(validateEmail('ada@')).toBe(en.auth.errors.invalidEmailFormat);
    expect(validateEmail('  ')).toBe(en.auth.errors.required);
    expect(validateNewPassword('1234567')).toBe(en.auth.errors.passwordTooShort);
    expect(validateNewPassword('12345678')).toBeNull();
  });
});

describe('messageFor', () => {
  const failure = (result: Partial<LoginResult>): LoginResult => ({
    loginState: 'FAILURE',
    data: {},
    ...result,
  });
  const wrongPassword = new ApplicationError(
    { code: '-19976', message: 'Invalid password', description: '' },
    { status: 403 },
  );

  it.each([
    [failure({ errorCode: 'invalidPassword', cause: wrongPassword }), en.auth.errors.invalidPassword],
    [failure({ errorCode: 'emailAlreadyExists' }), en.auth.errors.emailAlreadyExists],
    [failure({ errorCode: 'resetPassword' }), en.auth.errors.resetPassword],
    [failure({ errorCode: 'invalidEmail' }), en.auth.errors.invalidEmail],
    [
      failure({ loginState: 'USER_CAPTCHA_REQUIRED', errorCode: 'invalidCaptchaToken' }),
      en.auth.errors.captcha,
    ],
    [failure({ error: 'This account cannot sign in right now' }), en.auth.errors.cannotSignIn],
    [
      failure({
        error: 'Too many attempts',
        cause: new ApplicationError({ code: 'RATE_LIMITED', message: 'Too many attempts', description: '' }),
      }),
      'Too many attempts',
    ],
  ])('words a failure for the form (%#)', (result, expected) => {
    expect(messageFor(result)).toBe(expected);
  });

  it('words a too-short password from its field violation', () => {
    const cause = new InvalidArgumentError([
      { field: 'password', description: 'must be at least 8 characters', violatedRule: 'MIN_LENGTH' },
    ]);
    expect(messageFor(failure({ error: cause.message, cause }))).toBe(en.auth.errors.passwordTooShort);
  });
});
