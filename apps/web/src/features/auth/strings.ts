import { pickStrings } from '../../i18n/pick-strings.ts';

/** Sign-in, registration, email verification, password reset and the account page. */
export const en = {
  auth: {
    email: 'Email',
    emailPlaceholder: 'you@example.com',
    password: 'Password',
    newPassword: 'New password',
    currentPassword: 'Current password',
    confirmPassword: 'Confirm the new password',
    passwordHint: 'At least 8 characters.',
    firstName: 'First name',
    lastName: 'Last name',
    optional: 'optional',
    or: 'or',
    signIn: {
      title: 'Welcome back',
      subtitle: 'Sign in to manage your bookings.',
      submit: 'Sign in',
      forgot: 'Forgot password?',
      noAccount: 'New here?',
      createAccount: 'Create an account',
    },
    register: {
      title: 'Create your account',
      subtitle: 'Book faster and keep all your visits in one place.',
      submit: 'Create account',
      haveAccount: 'Already a member?',
      signIn: 'Sign in',
    },
    verify: {
      title: 'Check your email',
      subtitle: (email: string) => `We sent a 6-digit code to ${email}. Enter it below to continue.`,
      subtitleNoEmail: 'We sent you a 6-digit code. Enter it below to continue.',
      code: 'Verification code',
      submit: 'Verify email',
      resend: 'Send a new code',
      resent: 'A new code is on its way. Codes are valid for 15 minutes.',
      wrongCode: (left: number) =>
        left > 0
          ? `That code is not right. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`
          : 'That code is not right.',
      expired: 'This code has expired or was used too often. Start again to get a new one.',
      missing: 'There is no verification in progress. Sign in or create an account to get a code.',
      startAgain: 'Back to sign in',
    },
    forgot: {
      title: 'Reset your password',
      subtitle: 'Enter the email you signed up with and we will send you a link to choose a new password.',
      submit: 'Send reset link',
      sentTitle: 'Check your inbox',
      sent: (email: string) =>
        `If an account uses ${email}, a link to reset its password is on its way. It is valid for one hour.`,
      back: 'Back to sign in',
    },
    reset: {
      title: 'Choose a new password',
      subtitle: 'Your new password replaces the old one everywhere you are signed in.',
      submit: 'Save password',
      missingToken: 'This reset link is incomplete. Ask for a new one.',
      invalidToken: 'This reset link has expired or was already used. Ask for a new one.',
      askAgain: 'Send a new link',
    },
    account: {
      title: 'My account',
      memberSince: (date: string) => `Member since ${date}`,
      email: 'Email',
      verified: 'Verified',
      notVerified: 'Not verified',
      status: 'Status',
      statusLabels: {
        APPROVED: 'Active',
        PENDING: 'Pending',
        BLOCKED: 'Blocked',
        OFFLINE: 'Offline',
        UNKNOWN: 'Unknown',
      },
      lastLogin: 'Last sign-in',
      signOut: 'Sign out',
      signedOut: 'You are signed out.',
      changePassword: 'Change password',
      passwordChanged: 'Your password was changed. Other devices have been signed out.',
      loading: 'Loading your account…',
    },
    callback: {
      working: 'Signing you in…',
      failed: 'We could not finish signing you in.',
      retry: 'Try again',
    },
    dashboard: {
      title: 'Sign in to your dashboard',
      subtitle: 'For owners and staff of this business.',
      submit: 'Sign in',
      wrongCredentials: 'The email or password is not right.',
      memberHint: 'Looking for your bookings?',
      memberLink: 'Sign in as a customer',
    },
    approval: {
      title: 'Almost there',
      body: 'Thanks for signing up! The business reviews new accounts; you can sign in as soon as yours is approved.',
    },
    errors: {
      invalidEmail: 'No account uses this email, or it is not a valid address.',
      invalidEmailFormat: 'Enter a valid email address.',
      emailAlreadyExists: 'An account with this email already exists. Sign in instead?',
      invalidPassword: 'That password is not right.',
      resetPassword: 'This account has no password yet. Use “Forgot password?” to set one.',
      captcha: 'This site asks for a security check that this page cannot show. Please try again later.',
      passwordTooShort: 'Use at least 8 characters.',
      passwordsDiffer: 'The passwords do not match.',
      required: 'Required',
      cannotSignIn: 'This account cannot sign in right now. Contact the business.',
      generic: 'Something went wrong. Please try again.',
    },
    menu: {
      label: 'Account menu',
      account: 'My account',
      signOut: 'Sign out',
    },
  },
} as const;

export const t = pickStrings({ en });
