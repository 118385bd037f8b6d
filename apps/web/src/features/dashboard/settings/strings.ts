import { pickStrings } from '../../../i18n/pick-strings.ts';

/** The business settings. */
export const en = {
  settings: {
    title: 'Settings',
    description: 'Your business details, who may register, and when you are open.',
    business: 'Business',
    siteName: 'Business name',
    timeZone: 'Time zone',
    currency: 'Currency',
    saved: 'Settings saved.',
    registration: 'Member registration',
    requireEmailVerification: 'New members confirm their email address',
    requireOwnerApproval: 'I approve new members',
    captchaOnRegister: 'Captcha on registration',
    captchaOnLogin: 'Captcha on sign-in',
    businessHours: 'Business hours',
  },
} as const;

export const t = pickStrings({ en });
