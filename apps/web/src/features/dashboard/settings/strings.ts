import { pickStrings } from '../../../i18n/pick-strings.ts';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The business settings. */
export const en = {
  settings: {
    title: 'Settings',
    description: 'Your business details, who may register, and when you are open.',
    business: 'Business',
    siteName: 'Business name',
    timeZone: 'Time zone',
    timeZoneHelp: 'Search by city, country or region.',
    noTimeZone: 'No time zone matches. Try a larger city nearby or the country.',
    currency: 'Currency',
    locale: 'Language and region',
    localeHelp: 'How dates and prices are written in your mails and pages.',
    branding: 'Mail design',
    brandingHelp: 'The colour and logo your customers see in every mail the site sends.',
    accentColor: 'Brand colour',
    accentColorInvalid: 'Pick a colour, or write it as #rrggbb',
    logoUrl: 'Logo address',
    logoUrlHelp: 'An https address of an image, shown instead of your business name.',
    logoUrlInvalid: 'The address must start with https://',
    preview: 'Preview of a mail header and button',
    previewButton: 'View booking',
    saved: 'Settings saved.',
    zoneChangeTitle: 'Change the time zone?',
    zoneChangeBody: (change: {
      from: string;
      to: string;
      weeklySessionRules: number;
      oneOffSessions: number;
      sessionBookings: number;
      appointments: number;
    }) =>
      `From ${change.from} to ${change.to}: your class and course sessions keep their local times ` +
      `(${plural(change.weeklySessionRules, 'weekly session')} and ${plural(change.oneOffSessions, 'one-off session')} still to come), ` +
      `so ${plural(change.sessionBookings, 'booking')} of those sessions move with them, and their customers are emailed the new time. ` +
      `${plural(change.appointments, 'appointment')} still to come keep their moment, so they show at a different local time.`,
    zoneChangeConfirm: 'Change time zone',
    registration: 'Member registration',
    requireEmailVerification: 'New members confirm their email address',
    requireOwnerApproval: 'I approve new members',
    captchaOnRegister: 'Captcha on registration',
    captchaOnLogin: 'Captcha on sign-in',
    businessHours: 'Business hours',
  },
} as const;

export const t = pickStrings({ en });
