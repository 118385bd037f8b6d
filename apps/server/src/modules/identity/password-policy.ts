import { dictionary } from '@zxcvbn-ts/language-common';
import { identityErrors } from './identity.errors.ts';

const minimumLength = 8;
let common: ReadonlySet<string> | undefined;

/**
 * The passwords that breach lists show first (about 18,000 of 8 characters or more, from zxcvbn's common
 * password list): refused whatever their length, as NIST SP 800-63B and ASVS 2.1.7 ask. Loaded on first use.
 */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].filter((password) => password.length >= minimumLength));
  return common;
}

/** A password someone is setting: long enough, and not one of the most common. */
export function checkPasswordStrength(password: string, field: string): void {
  if (password.length < minimumLength) throw identityErrors.weakPassword(field);
  if (commonPasswords().has(password.toLowerCase())) throw identityErrors.commonPassword(field);
}
