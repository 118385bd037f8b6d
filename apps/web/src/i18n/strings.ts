import { en } from './en.ts';
import { pickStrings } from './pick-strings.ts';

/** The app shell's strings (brand, navigation, errors, footer, shared service wording). */
export const t = pickStrings({ en });
