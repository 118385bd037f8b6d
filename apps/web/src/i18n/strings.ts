import { en, type Strings } from './en.ts';

const languages: Record<string, Strings> = { en };

/** The strings for the browser's language, falling back to English. */
export function stringsFor(locale: string = navigator.language): Strings {
  return languages[locale.split('-')[0] ?? 'en'] ?? en;
}

export const t = stringsFor(typeof navigator === 'undefined' ? 'en' : navigator.language);
