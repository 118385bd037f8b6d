import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { createAppointmentService, createStaff, ok } from './bookings-lifecycle-fixtures.ts';

// Prices are entered in the site's currency; when the owner changes it, they read in the new one (issue #18
// item 7: a site switched to EUR still showed "$60").
let t: TestApp;
let serviceId: string;

beforeAll(async () => {
  t = await createTestApp();
  serviceId = await createAppointmentService(t.app, { staffMemberIds: [await createStaff(t.app)] });
}, 240_000);
afterAll(async () => t?.close(), 60_000);

type Payment = { fixed?: { price?: { value: string; currency: string } } };

describe('GET /bookings/v2/services/:serviceId after PATCH /sites/v1/site with a new currency', () => {
  it("answers the service's price in the site's new currency, the amount unchanged", async () => {
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
  });
});
