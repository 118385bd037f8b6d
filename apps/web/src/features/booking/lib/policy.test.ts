import { describe, expect, it } from 'vitest';
import type { SiteService } from '../../../lib/site-services.ts';
import { defaultPaymentChoice, paymentChoicesOf } from './policy.ts';

type Payment = NonNullable<SiteService['payment']>;
const service = (payment: Partial<Payment> | undefined) => ({ payment }) as Pick<SiteService, 'payment'>;

describe('paymentChoicesOf', () => {
  it.each([
    [
      'online and in person, fixed price',
      { rateType: 'FIXED', options: { online: true, inPerson: true } },
      ['ONLINE', 'OFFLINE'],
    ],
    ['online only', { rateType: 'FIXED', options: { online: true, inPerson: false } }, ['ONLINE']],
    [
      'a deposit counts as online',
      { rateType: 'VARIED', options: { deposit: true, inPerson: true } },
      ['ONLINE', 'OFFLINE'],
    ],
    ['in person only', { rateType: 'FIXED', options: { online: false, inPerson: true } }, ['OFFLINE']],
    ['no options: in person', { rateType: 'FIXED' }, ['OFFLINE']],
    [
      'a custom price is not charged online when the studio takes it in person',
      { rateType: 'CUSTOM', options: { online: true } },
      ['OFFLINE'],
    ],
    [
      'a custom price offered online only stays online',
      { rateType: 'CUSTOM', options: { online: true, inPerson: false } },
      ['ONLINE'],
    ],
    ['free', { rateType: 'NO_FEE', options: { online: true, inPerson: true } }, []],
  ] as Array<[string, Partial<Payment>, string[]]>)('%s', (_, payment, choices) => {
    expect(paymentChoicesOf(service(payment))).toEqual(choices);
  });

  it('offers in person for a service without payment settings', () => {
    expect(paymentChoicesOf(service(undefined))).toEqual(['OFFLINE']);
  });
});

describe('defaultPaymentChoice', () => {
  it('starts at the studio when the service allows it, else online, else nothing', () => {
    expect(
      defaultPaymentChoice(service({ rateType: 'FIXED', options: { online: true, inPerson: true } })),
    ).toBe('OFFLINE');
    expect(
      defaultPaymentChoice(service({ rateType: 'FIXED', options: { online: true, inPerson: false } })),
    ).toBe('ONLINE');
    expect(defaultPaymentChoice(service({ rateType: 'NO_FEE' }))).toBeUndefined();
  });
});
