import { pickStrings } from '../../../i18n/pick-strings.ts';

/** Accepting an invitation to the team. */
export const en = {
  acceptInvitation: {
    title: 'Join the team',
    subtitle: 'Choose a password to finish joining. You will use it with your email to sign in.',
    firstName: 'First name',
    lastName: 'Last name',
    password: 'Password',
    passwordHint: 'At least 8 characters',
    repeat: 'Repeat the password',
    mismatch: 'The passwords differ',
    tooShort: 'At least 8 characters',
    submit: 'Join and sign in',
    missingToken: 'This link has no invitation in it. Open the link from your invitation email again.',
    refused:
      'This invitation cannot be used: it was already accepted, replaced by a newer one, or has expired. Ask the owner to invite you again.',
    signIn: 'Go to sign-in',
  },
} as const;

export const t = pickStrings({ en });
