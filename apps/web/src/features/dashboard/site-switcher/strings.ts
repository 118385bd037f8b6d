import { pickStrings } from '../../../i18n/pick-strings.ts';

/** The dashboard's site switcher. */
export const en = {
  siteSwitcher: {
    label: 'Switch site',
    yourSites: 'Your sites',
    current: 'current',
  },
} as const;

export const t = pickStrings({ en });
