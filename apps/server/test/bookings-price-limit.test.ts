// Prices have a sensible maximum (issue #18, item 10): the contract's `priceMaximum` holds for a service's
// price on the wire, answered as a 400 on the price field (the dashboard checks the same limit at its field).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close(), 60_000);

const createService = (value: string) =>
  inject(t.app, {
    method: 'POST',
    url: '/bookings/v2/services',
    headers: owner,
    payload: {
      service: {
        type: 'APPOINTMENT',
        name: `Priced at ${value}`,
        payment: { rateType: 'FIXED', fixed: { price: { value, currency: 'USD' } } },
        schedule: { availabilityConstraints: { durations: [{ minutes: 60 }] } },
      },
    },
  });

describe('POST /bookings/v2/services', () => {
  it('takes a price up to 999,999,999.99', async () => {
    const created = await createService('999999999.99');
    expect(created.status).toBe(200);
    expect(created.body.service.payment.fixed.price.value).toBe('999999999.99');
  });

  it('refuses a higher price with a 400 on the price field, not a 5xx', async () => {
    const refused = await createService('4400000000000');
    expect(refused.status).toBe(400);
    const fields = (
      refused.body.details.validationError.fieldViolations as Array<{ field: string; description: string }>
    ).map((violation) => `${violation.field}: ${violation.description}`);
    expect(fields).toEqual(['service.payment.fixed.price.value: must be at most 999999999.99']);
  });
});
