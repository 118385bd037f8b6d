/**
 * What a translation of some English strings must look like: the same keys and the same functions, any
 * text. (The English objects are `as const`, so their own type holds the literal English words.)
 */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: never[]) => unknown
    ? T
    : { readonly [K in keyof T]: Translation<T[K]> };

const browserLanguage = typeof navigator === 'undefined' ? 'en' : navigator.language;

/**
 * One feature's strings in the browser's language, falling back to English. Each strings module calls it
 * once with every language it has: `export const t = pickStrings({ en })`, later `pickStrings({ en, de })`.
 */
export function pickStrings<T>(
  languages: { en: T } & { readonly [language: string]: Translation<T> | undefined },
  locale: string = browserLanguage,
): Translation<T> {
  // English is itself a valid translation (its literal words are strings).
  return languages[locale.split('-')[0] ?? 'en'] ?? (languages.en as Translation<T>);
}
