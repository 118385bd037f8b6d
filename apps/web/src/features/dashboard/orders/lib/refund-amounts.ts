import { formatMoney } from '../../../../lib/money.ts';
/** Digits after the point of a decimal string ('10.5' → 1). */
function decimalsOf(value: string): number {
  return value.split('.')[1]?.length ?? 0;
}

/** A decimal string as an integer of 10^-scale units, exactly (no floating point). */
function unitsOf(value: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

function decimalOf(units: bigint, scale: number): string {
  if (scale === 0) return units.toString();
  const digits = units.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** What is left to refund on an order: paid − refunded, exactly, never below zero ('78.00' − '10' → '68.00'). */
export function remainingToRefund(paid: string, refunded: string): string {
  const scale = Math.max(decimalsOf(paid), decimalsOf(refunded));
  const left = unitsOf(paid, scale) - unitsOf(refunded, scale);
  return decimalOf(left > 0n ? left : 0n, scale);
}

const amountPattern = /^\d{1,15}(\.\d{1,2})?$/;

/**
 * Why a typed partial refund cannot be sent, or undefined when it can: not an amount of money more than
 * 0, or more than is left to refund. The server checks it again against the payment itself.
 */
export function refundAmountProblem(typed: string, remaining: string): 'invalid' | 'tooMuch' | undefined {
  const amount = typed.trim();
  if (!amountPattern.test(amount)) return 'invalid';
  const scale = Math.max(decimalsOf(amount), decimalsOf(remaining));
  const units = unitsOf(amount, scale);
  if (units <= 0n) return 'invalid';
  return units > unitsOf(remaining, scale) ? 'tooMuch' : undefined;
}

/** An amount in the order's currency as people read it ('68.00', 'USD' → '$68.00'). */
export function formatAmount(amount: string, currency: string): string {
  return formatMoney(amount, currency);
}
