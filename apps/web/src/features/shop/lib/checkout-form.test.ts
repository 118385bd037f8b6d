import { describe, expect, it } from 'vitest';
import {
  cardOf,
  checkoutInfoOf,
  normalizeExpiry,
  validateCheckout,
  type CheckoutValues,
} from './checkout-form.ts';

const address = {
  addressLine: '221B Baker Street',
  addressLine2: '',
  city: 'London',
  postalCode: 'NW1 6XE',
  subdivision: '',
  country: 'GB',
};

const filled: CheckoutValues = {
  email: ' ada@example.com ',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '',
  shipping: address,
  billingSameAsShipping: true,
  billing: { ...address, addressLine: '', city: '', postalCode: '', country: '' },
  note: '',
  payment: 'card',
  cardNumber: '4242 4242 4242 4242',
  expiry: '1230',
  cvc: '123',
};

describe('validateCheckout', () => {
  it('accepts a filled form with a card typed with spaces and an expiry without its slash', () => {
    expect(validateCheckout(filled, true)).toEqual({});
  });

  it.each([
    ['email', { email: '' }, 'Required'],
    ['email', { email: 'ada@' }, 'Enter an email address such as name@example.com.'],
    ['firstName', { firstName: ' ' }, 'Required'],
    ['cardNumber', { cardNumber: '4242' }, 'Enter the 16 digits of the card.'],
    ['expiry', { expiry: '13/30' }, 'Use MM/YY, such as 12/30.'],
    ['expiry', { expiry: '' }, 'Required'],
    ['cvc', { cvc: '12' }, 'Enter 3 or 4 digits.'],
  ] as const)('names %s when it is %j', (field, change, message) => {
    expect(validateCheckout({ ...filled, ...change }, true)[field]).toBe(message);
  });

  it('asks for the shipping address only when something ships, and the billing one only when it differs', () => {
    const noAddress = { ...filled, shipping: { ...address, city: '', postalCode: '' } };
    expect(Object.keys(validateCheckout(noAddress, true)).sort()).toEqual([
      'shipping.city',
      'shipping.postalCode',
    ]);
    expect(validateCheckout(noAddress, false)).toEqual({});
    expect(Object.keys(validateCheckout({ ...filled, billingSameAsShipping: false }, true)).sort()).toEqual([
      'billing.addressLine',
      'billing.city',
      'billing.country',
      'billing.postalCode',
    ]);
  });

  it('checks no card when the buyer pays in person', () => {
    expect(validateCheckout({ ...filled, payment: 'inPerson', cardNumber: '', cvc: '' }, true)).toEqual({});
  });
});

describe('the card and the checkout as sent', () => {
  it('sends the card as digits and MM/YY', () => {
    expect(cardOf(filled)).toEqual({ cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' });
    expect(normalizeExpiry(' 12 / 30 ')).toBe('12/30');
    expect(normalizeExpiry('1/3')).toBe('1/3');
  });

  it('puts the contact on billing and shipping, and the shipping address on billing when they are the same', () => {
    const address = {
      addressLine: '221B Baker Street',
      city: 'London',
      postalCode: 'NW1 6XE',
      country: 'GB',
    };
    const contactDetails = { firstName: 'Ada', lastName: 'Lovelace' };
    expect(checkoutInfoOf(filled, true)).toEqual({
      buyerInfo: { email: 'ada@example.com' },
      billingInfo: { contactDetails, address },
      shippingInfo: { shippingDestination: { address, contactDetails } },
    });
  });

  it('sends no shipping for an order that does not ship, and a note when there is one', () => {
    const info = checkoutInfoOf({ ...filled, phone: '+44 20 7946 0000', note: ' Gift ' }, false);
    expect(info.shippingInfo).toBeUndefined();
    expect(info.billingInfo).toEqual({
      contactDetails: { firstName: 'Ada', lastName: 'Lovelace', phone: '+44 20 7946 0000' },
    });
    expect(info.buyerNote).toBe('Gift');
  });
});
