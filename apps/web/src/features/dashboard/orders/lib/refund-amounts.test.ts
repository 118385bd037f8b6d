import { describe, expect, it } from 'vitest';
import { formatAmount, refundAmountProblem, remainingToRefund } from './refund-amounts.ts';

describe('remainingToRefund', () => {
  it.each([
    ['78.00', '0', '78.00'],
    ['78.00', '10', '68.00'],
    ['78.00', '10.5', '67.50'],
    ['0.30', '0.10', '0.20'],
    ['1000', '0', '1000'],
    ['10.00', '10.00', '0.00'],
    ['10.00', '12.00', '0.00'],
    ['0.000', '0.001', '0.000'],
  ])('%s paid, %s refunded leaves %s', (paid, refunded, left) => {
    expect(remainingToRefund(paid, refunded)).toBe(left);
  });
});

describe('refundAmountProblem', () => {
  it.each([
    ['10', '68.00', undefined],
    [' 68.00 ', '68.00', undefined],
    ['0.01', '68.00', undefined],
    ['68.01', '68.00', 'tooMuch'],
    ['100', '68.00', 'tooMuch'],
    ['0', '68.00', 'invalid'],
    ['0.00', '68.00', 'invalid'],
    ['', '68.00', 'invalid'],
    ['-5', '68.00', 'invalid'],
    ['1.234', '68.00', 'invalid'],
    ['ten', '68.00', 'invalid'],
  ])('%j against %s left: %s', (typed, remaining, problem) => {
    expect(refundAmountProblem(typed, remaining)).toBe(problem);
  });
});

describe('formatAmount', () => {
  it('writes the amount in its currency', () => {
    expect(formatAmount('68', 'USD')).toBe('$68.00');
    expect(formatAmount('1500', 'JPY')).toBe('¥1,500');
  });

  it('falls back to the code for a currency Intl does not know', () => {
    expect(formatAmount('5.00', 'X1')).toBe('5.00 X1');
  });
});
