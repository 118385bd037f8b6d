import {
  catalogV1PriceDataSchema,
  ecomPriceSchema,
  eventsMoneySchema,
  eventsOrderMoneySchema,
  formattedAmountSchema,
  moneyOutSchema,
} from '@atrium/contract/money';
import { describe, expect, it } from 'vitest';
import { money } from './money.ts';
import {
  toBookingsMoney,
  toCatalogV1PriceData,
  toEcomPrice,
  toEventsMoney,
  toEventsOrderMoney,
  toFormattedAmount,
} from './wire.ts';

describe('wire shapes', () => {
  const price = money('10.5', 'USD');

  it('ecom: amounts as rounded strings, each beside its formatted text', () => {
    const converted = money('9.123', 'EUR');
    const wire = toEcomPrice(price, 'en-US', converted);
    expect(wire).toEqual({
      amount: '10.50',
      convertedAmount: '9.12',
      formattedAmount: '$10.50',
      formattedConvertedAmount: '€9.12',
    });
    expect(ecomPriceSchema.parse(wire)).toEqual(wire);
    expect(toEcomPrice(price, 'en-US').convertedAmount).toBe('10.50');
  });

  it('ecom orders and catalog v3: amount and formatted amount', () => {
    const wire = toFormattedAmount(money('1500', 'JPY'), 'ja-JP');
    expect(wire).toEqual({ amount: '1500', formattedAmount: '￥1,500' });
    expect(formattedAmountSchema.parse(wire)).toEqual(wire);
  });

  it('catalog v1: numbers for the clients, formatted strings beside them', () => {
    const wire = toCatalogV1PriceData(price, 'en-US', money('9.995', 'USD'));
    expect(wire).toEqual({
      currency: 'USD',
      price: 10.5,
      discountedPrice: 10,
      formatted: { price: '$10.50', discountedPrice: '$10.00' },
    });
    expect(catalogV1PriceDataSchema.parse(wire)).toEqual(wire);
  });

  it('events: {value, currency} for ticket definitions, {amount, currency, value} for orders', () => {
    expect(eventsMoneySchema.parse(toEventsMoney(money('0.1', 'BHD')))).toEqual({
      value: '0.100',
      currency: 'BHD',
    });
    expect(eventsOrderMoneySchema.parse(toEventsOrderMoney(price))).toEqual({
      amount: '10.50',
      currency: 'USD',
      value: '10.50',
    });
  });

  it('bookings: {value, currency}, with formattedValue only when a locale is given', () => {
    expect(toBookingsMoney(price)).toEqual({ value: '10.50', currency: 'USD' });
    expect(moneyOutSchema.parse(toBookingsMoney(price, 'de-DE'))).toEqual({
      value: '10.50',
      currency: 'USD',
      formattedValue: '10,50\u00a0$',
    });
  });
});
