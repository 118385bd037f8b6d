import {
  isPositive,
  money,
  multiply,
  percentOf,
  roundToCurrency,
  toDecimalString,
  type Money,
} from '../../../platform/money/money.ts';

/**
 * Booking fees from the policy's cancellation-fee windows (pure). A window `{startInMinutes, amount |
 * percentage}` applies from `startInMinutes` before the session until its start (no startInMinutes: any
 * time); of the windows that apply, the one closest to the start wins. A no-show (NOT_ATTENDED) is
 * charged like a cancellation at the start itself. Amounts go through platform/money: a percentage is
 * taken of the booking's rounded price and rounded half-up to the currency.
 */
export interface FeeWindow {
  amount?: { value: string; currency?: string } | null;
  percentage?: string | null;
  startInMinutes?: number | null;
}

/** A booking's price as its parts: the unit price and how many participants pay it. */
export interface BookingPrice {
  unitPrice: string;
  participants: number;
}

export interface FeeInput {
  enabled: boolean;
  windows: readonly FeeWindow[];
  /** Null when the service has no fixed price. */
  price: BookingPrice | null;
  currency: string;
  start: number;
  at: number;
}

export function cancellationFee(input: FeeInput): { amount: string; currency: string } | undefined {
  if (!input.enabled || input.windows.length === 0) return undefined;
  const minutesBefore = Math.max(0, (input.start - input.at) / 60_000);
  const applicable = input.windows
    .filter(
      (window) =>
        window.startInMinutes === null ||
        window.startInMinutes === undefined ||
        minutesBefore <= window.startInMinutes,
    )
    .sort((a, b) => (a.startInMinutes ?? Infinity) - (b.startInMinutes ?? Infinity));
  const window = applicable[0];
  if (!window) return undefined;
  let fee: Money | undefined;
  if (window.amount?.value) {
    fee = roundToCurrency(money(window.amount.value, window.amount.currency ?? input.currency));
  } else if (window.percentage && input.price !== null) {
    fee = percentOf(lineTotal(input.price, input.currency), window.percentage);
  }
  if (!fee || !isPositive(fee)) return undefined;
  return { amount: toDecimalString(fee), currency: fee.currency };
}

export function bookingPrice(unitPrice: string | null, participants: number): BookingPrice | null {
  return unitPrice === null ? null : { unitPrice, participants };
}

function lineTotal(price: BookingPrice, currency: string): Money {
  return multiply(money(price.unitPrice, currency), price.participants);
}
