import { describe, expect, it } from 'vitest';
import { ApplicationError, InvalidArgumentError, SystemError } from '@atrium/sdk';
import { explainCheckoutError } from './checkout-errors.ts';

const refusal = (code: string, data: Record<string, unknown> = {}) =>
  new ApplicationError({ code, message: 'server words', description: 'server words', data });

describe('explainCheckoutError', () => {
  it('explains a declined card by its decline code, at the payment fields', () => {
    expect(
      explainCheckoutError(
        refusal('PAYMENT_ERROR', { paymentErrorResponseData: { failureDetails: 'insufficient_funds' } }),
      ),
    ).toEqual({
      message: 'Your card was declined: the card has insufficient funds. Try another card or pay in person.',
      area: 'payment',
    });
    expect(explainCheckoutError(refusal('PAYMENT_ERROR')).message).toBe(
      'Your card was declined. Try another card or choose to pay in person.',
    );
  });

  it.each([
    ['PARTIAL_OUT_OF_STOCK', 'items'],
    ['FULL_OUT_OF_STOCK', 'items'],
    ['EMPTY_CHECKOUT', 'items'],
    ['CHECKOUT_IS_COMPLETE', 'form'],
  ] as const)('puts %s by the %s', (code, area) => {
    expect(explainCheckoutError(refusal(code)).area).toBe(area);
  });

  it('names a card the tokenizer refused, and never shows the server’s own words', () => {
    const invalid = new InvalidArgumentError([
      { field: 'cardNumber', description: 'must be 12 to 19 digits', violatedRule: 'FORMAT' },
    ]);
    expect(explainCheckoutError(invalid)).toEqual({
      message: 'Enter the 16 digits of the card.',
      area: 'payment',
    });
    expect(explainCheckoutError(new SystemError()).message).toBe('We could not place your order. Try again.');
    expect(explainCheckoutError(refusal('SOMETHING_NEW')).message).not.toContain('server words');
  });
});
