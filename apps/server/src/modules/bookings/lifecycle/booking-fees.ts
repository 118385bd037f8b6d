import type { RequestContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import {
  isPositive,
  money,
  multiply,
  percentOf,
  roundToCurrency,
  toDecimalString,
  type Money,
} from '../../../platform/money/money.ts';
import type { BookingsRepository } from './bookings.repository.ts';
import type { BookingRow } from './bookings.tables.ts';
import type { ServiceFacts } from './slot-check.ts';

/**
 * Booking fees from the policy's cancellation-fee windows (pure but for recordFee, which writes through the repository it is given). A window `{startInMinutes, amount |
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

function unitPriceOf(facts: ServiceFacts): string | null {
  return facts.row.price === null ? null : String(facts.row.price);
}

/** Records what a late cancellation or a no-show owes, if the policy charges anything. */
export async function recordFee(
  repository: Pick<BookingsRepository, 'insertFee'>,
  ctx: RequestContext,
  facts: ServiceFacts,
  row: BookingRow,
  trigger: 'BOOKING_CANCELED' | 'NOT_ATTENDED',
  at: number,
  tx: Tx,
): Promise<void> {
  const fee = feeFor(facts, row, trigger === 'NOT_ATTENDED' ? row.startDate.getTime() : at);
  if (!fee) return;
  await repository.insertFee(
    { siteId: ctx.site.id, bookingId: row.id, trigger, status: 'NOT_YET_APPLIED_TO_ORDER', ...fee },
    tx,
  );
}

/** The fee cancelling at `at` would cost under the service's cancellation-fee policy. */
export function feeFor(facts: ServiceFacts, row: BookingRow, at: number) {
  const policy = facts.policy.cancellationFeePolicy;
  const fee = cancellationFee({
    enabled: policy.enabled ?? false,
    windows: (policy.cancellationWindows ?? []) as FeeWindow[],
    price: bookingPrice(unitPriceOf(facts), row.totalParticipants),
    currency: facts.row.currency,
    start: row.startDate.getTime(),
    at,
  });
  return fee ? { amount: fee.amount, currency: fee.currency } : undefined;
}
