import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { createAppointmentService, createStaff, ok } from './bookings-lifecycle-fixtures.ts';

// Prices are entered in the site's currency; when the owner changes it, they read in the new one (issue #18
// item 7: a site switched to EUR still showed "$60").
let t: TestApp;
let serviceId: string;
let addOnId: string;

beforeAll(async () => {
  t = await createTestApp();
  serviceId = await createAppointmentService(t.app, { staffMemberIds: [await createStaff(t.app)] });
  addOnId = (
    await ok<{ addOn: { id: string } }>(t.app, {
      method: 'POST',
      url: '/bookings/v1/add-ons',
      headers: owner,
      payload: { addOn: { name: 'Mat rental', price: { value: '5' }, maxQuantity: 1 } },
    })
  ).addOn.id;
}, 240_000);
afterAll(async () => t?.close(), 60_000);

type Payment = { fixed?: { price?: { value: string; currency: string } } };

describe('GET of a service and an add-on after PATCH /sites/v1/site with a new currency', () => {
  it("answers their prices in the site's new currency, the amounts unchanged", async () => {
    const before = await ok<{ service: { payment: Payment } }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/services/${serviceId}`,
      headers: owner,
    });
    const price = before.service.payment.fixed!.price!;
    expect(price.currency).not.toBe('EUR');
    const changed = await inject(t.app, {
      method: 'PATCH',
      url: '/sites/v1/site',
      headers: owner,
      payload: { site: { currency: 'EUR' } },
    });
    expect(changed.status).toBe(200);
    const after = await ok<{ service: { payment: Payment } }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/services/${serviceId}`,
      headers: owner,
    });
    expect(after.service.payment.fixed!.price).toEqual({ ...price, currency: 'EUR' });
    const addOn = await ok<{ addOn: { price: { value: string; currency: string } } }>(t.app, {
      method: 'GET',
      url: `/bookings/v1/add-ons/${addOnId}`,
      headers: owner,
    });
    expect(addOn.addOn.price.currency).toBe('EUR');
    expect(Number(addOn.addOn.price.value)).toBe(5);
  });
});
