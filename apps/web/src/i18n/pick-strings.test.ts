import { describe, expect, it } from 'vitest';
import { pickStrings } from './pick-strings.ts';

const en = { title: 'Bookings', count: (n: number) => `${n} bookings` } as const;
const de = { title: 'Buchungen', count: (n: number) => `${n} Buchungen` };

describe('pickStrings', () => {
  it('picks the language of the locale, ignoring its region', () => {
    expect(pickStrings({ en, de }, 'de-AT').title).toBe('Buchungen');
  });

  it('falls back to English for a language the feature does not have', () => {
    expect(pickStrings({ en, de }, 'fr-FR').count(2)).toBe('2 bookings');
  });
});
