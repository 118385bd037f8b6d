/**
 * The test gateway's cards: which number does what, its brand, and the Luhn check. Pure, no I/O.
 * The numbers are the ones card processors publish for testing, so a developer's habits carry over.
 */

/** What a charge with the card does. */
export type CardBehaviour =
  | 'approve'
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  /** Answers PENDING; settles as succeeded (webhook `charge.succeeded`). */
  | 'pending_succeed'
  /** Answers PENDING; settles as failed with `card_declined` (webhook `charge.failed`). */
  | 'pending_fail';

/** Numbers with a behaviour other than approving; every other Luhn-valid number approves. */
export const testCardBehaviours: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': 'approve',
  '5555555555554444': 'approve',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000003220': 'pending_succeed',
  '4000000000003063': 'pending_fail',
};

/** What each decline code tells the buyer. */
export const declineMessages: Readonly<Record<string, string>> = {
  card_declined: 'The card was declined',
  insufficient_funds: 'The card has insufficient funds',
  expired_card: 'The card has expired',
  invalid_token: 'The payment token is missing, invalid, expired or of another site',
};

export function isImmediateDecline(
  behaviour: CardBehaviour,
): behaviour is 'card_declined' | 'insufficient_funds' | 'expired_card' {
  return behaviour === 'card_declined' || behaviour === 'insufficient_funds' || behaviour === 'expired_card';
}

export function isPending(behaviour: CardBehaviour): behaviour is 'pending_succeed' | 'pending_fail' {
  return behaviour === 'pending_succeed' || behaviour === 'pending_fail';
}

/** The Luhn (mod 10) check every card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand by the number's prefix (IIN ranges): visa, mastercard, amex, or unknown. */
export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  return 'unknown';
}

/**
 * What a charge with this card does. A card whose expiry (MM/YY) is before the current month declines
 * `expired_card` whatever its number, as a processor would.
 */
export function cardBehaviour(digits: string, expiry: string | undefined, now: Date): CardBehaviour {
  if (expiry && isExpired(expiry, now)) return 'expired_card';
  return testCardBehaviours[digits] ?? 'approve';
}

function isExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  const expiryMonth = (2000 + year) * 12 + (month - 1);
  return expiryMonth < now.getUTCFullYear() * 12 + now.getUTCMonth();
}
