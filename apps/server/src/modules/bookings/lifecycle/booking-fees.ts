import Decimal from 'decimal.js';

/**
 * Booking fees from the policy's cancellation-fee windows (pure). A window `{startInMinutes, amount |
 * percentage}` applies from `startInMinutes` before the session until its start (no startInMinutes: any
 * time); of the windows that apply, the one closest to the start wins. A no-show (NOT_ATTENDED) is
 * charged like a cancellation at the start itself.
 */
export interface FeeWindow {
  amount?: { value: string; currency?: string } | null;
  percentage?: string | null;
  startInMinutes?: number | null;
}

export interface FeeInput {
  enabled: boolean;
  windows: readonly FeeWindow[];
  /** Price of the booking: unit price times participants; null when the service has no fixed price. */
  price: string | null;
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
  let amount: Decimal | undefined;
  if (window.amount?.value) amount = new Decimal(window.amount.value);
  else if (window.percentage && input.price !== null) {
    amount = new Decimal(input.price).mul(window.percentage).div(100);
  }
  if (!amount || amount.lte(0)) return undefined;
  return {
    amount: amount.toDecimalPlaces(2).toFixed(2),
    currency: window.amount?.currency ?? input.currency,
  };
}

export function bookingPrice(unitPrice: string | null, participants: number): string | null {
  return unitPrice === null ? null : new Decimal(unitPrice).mul(participants).toFixed(2);
}
