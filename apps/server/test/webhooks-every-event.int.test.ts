// Every event type a module declares reaches a webhook (issue #21): one subscription to `*` on a real
// local receiver, one real API action per declared type through the HTTP API on the real database (PGlite
// by default, PostgreSQL when DATABASE_URL is set); each type arrives, each webhook-id exactly once, each
// signature verifies with the SDK's verifyWebhook. The list of types is read from the modules'
// declarations, so a new event type without an action here fails the test.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEventNames } from '@atrium/contract/bookings/lifecycle';
import { dataEventNames } from '@atrium/contract/data';
import { dataJobEventNames } from '@atrium/contract/data-jobs';
import { verifyWebhook } from '@atrium/sdk/webhooks';
import { catalogueEvents } from '../src/modules/bookings/catalogue-events.ts';
import { ecomEvents } from '../src/modules/ecom/ecom-events.ts';
import { identityEvents } from '../src/modules/identity/identity-events.ts';
import { storesEvents } from '../src/modules/stores/stores-events.ts';
import {
  bookingRequest,
  createAppointmentService,
  createPolicy,
  createStaff,
  customer,
  futureSlot,
  openAllWeek,
  type WireBooking,
} from './bookings-lifecycle-fixtures.ts';
import { ecomKit } from './ecom-helpers.ts';
import { bearer, identityKit } from './identity-helpers.ts';
import { dotR } from './stores-v3-entities-helpers.ts';
import { simple } from './stores-products-v3-helpers.ts';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { startReceiver, subscribe, waitUntil, type Receiver } from './webhooks-helpers.ts';

/** Every module's event declarations, by the name they are exported under. */
const declarations: Record<string, Record<string, string>> = {
  catalogueEvents,
  bookingEventNames,
  dataEventNames,
  dataJobEventNames,
  identityEvents,
  storesEvents,
  ecomEvents,
};
const declaredTypes = [...new Set(Object.values(declarations).flatMap((names) => Object.values(names)))];

/**
 * Declared types no API action can cause today, each with the reason. The reason is checked: if a route
 * that could emit one appears, or the type arrives, this test fails and the type needs an action here.
 */
const unreachable: Record<string, { reason: string; route: RegExp }> = {
  [ecomEvents.checkoutDeleted]: {
    reason:
      'nothing deletes a checkout: the spec lists no such call, and a completed one stays beside its order',
    route: /^DELETE \S*\/checkouts\b/,
  },
  [dataJobEventNames.deleted]: {
    reason:
      'no route deletes a job; only rows never announced with job_created go (a refused upload, a temporary upload once imported)',
    route: /^DELETE \S*\/jobs\b/,
  },
};

let t: TestApp;
let receiver: Receiver;
let secret: string;
let subscriptionId: string;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      // Stock taken when an order is paid: until then the order holds it, so a hold can run out.
      ECOM_INVENTORY_UPDATE_TRIGGER: 'ON_ORDER_PAID',
    },
  });
  receiver = await startReceiver();
  const subscribed = await subscribe(t, { url: receiver.url('/every'), eventTypes: ['*'] });
  secret = subscribed.secret;
  subscriptionId = subscribed.subscription.id;
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One call that must succeed (200, or 202 for a queued job); its parsed body. */
async function call(method: Method, url: string, payload?: unknown, headers: Record<string, string> = owner) {
  const answer = await inject(t.app, {
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  if (answer.status !== 200 && answer.status !== 202)
    throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function driveBookingsCatalogue() {
  await openAllWeek(t.app);
  const staff = await call('POST', '/bookings/v1/staff-members', {
    staffMember: { name: 'Ana', email: 'ana@example.com' },
  });
  const staffId = staff.staffMember.id as string;
  await call('PATCH', `/bookings/v1/staff-members/${staffId}`, {
    staffMember: { revision: staff.staffMember.revision, description: 'Senior stylist' },
  });
  // Time off changes what is bookable: bookings.availability_inputs.changed.
  await call('POST', `/bookings/v1/staff-members/${staffId}/time-off`, {
    timeOff: { startDate: '2030-12-24T00:00:00.000Z', endDate: '2030-12-27T00:00:00.000Z' },
  });
  const leaving = await createStaff(t.app, 'Leaving', 'leaving@example.com');
  await call('DELETE', `/bookings/v1/staff-members/${leaving}`);

  const kept = await call('POST', '/bookings/v1/booking-policies', { bookingPolicy: { name: 'Kept' } });
  await call('PATCH', `/bookings/v1/booking-policies/${kept.bookingPolicy.id}`, {
    bookingPolicy: { revision: kept.bookingPolicy.revision, name: 'Kept, renamed' },
  });
  const dropped = await createPolicy(t.app, {});
  await call('DELETE', `/bookings/v1/booking-policies/${dropped}`);

  const category = await call('POST', '/bookings/v2/categories', { category: { name: 'Hair' } });
  await call('PATCH', `/bookings/v2/categories/${category.category.id}`, {
    category: { revision: category.category.revision, name: 'Hair and beard' },
  });
  await call('DELETE', `/bookings/v2/categories/${category.category.id}`);

  const types = '/bookings/v2/resources/resource-types';
  const roomType = await call('POST', types, { resourceType: { name: 'Room' } });
  await call('PATCH', `${types}/${roomType.resourceType.id}`, {
    resourceType: { revision: roomType.resourceType.revision, name: 'Studio room' },
  });
  const room = await call('POST', '/bookings/v2/resources', {
    resource: { name: 'Room 1', typeId: roomType.resourceType.id },
  });
  await call('PATCH', `/bookings/v2/resources/${room.resource.id}`, {
    resource: { revision: room.resource.revision, name: 'Room one' },
  });
  await call('DELETE', `/bookings/v2/resources/${room.resource.id}`);
  const spareType = await call('POST', types, { resourceType: { name: 'Spare' } });
  await call('DELETE', `${types}/${spareType.resourceType.id}`);

  const service = await createAppointmentService(t.app, { staffMemberIds: [staffId] });
  const read = await call('GET', `/bookings/v2/services/${service}`);
  await call('PATCH', `/bookings/v2/services/${service}`, {
    service: { revision: read.service.revision, name: 'Haircut, long' },
  });
  const retired = await createAppointmentService(t.app, { staffMemberIds: [staffId] });
  await call('DELETE', `/bookings/v2/services/${retired}`);

  const optionId = '8f0e4b9a-0c55-4c1b-9a8e-1d2f3a4b5c6d';
  const options = await call('POST', '/bookings/v1/serviceOptionsAndVariants', {
    serviceOptionsAndVariants: {
      serviceId: service,
      options: { values: [{ id: optionId, type: 'STAFF_MEMBER' }] },
      variants: {
        values: [{ choices: [{ optionId, staffMemberId: staffId }], price: { value: '20.00' } }],
      },
    },
  });
  const optionsId = options.serviceOptionsAndVariants.id as string;
  await call('PATCH', `/bookings/v1/serviceOptionsAndVariants/${optionsId}`, {
    serviceOptionsAndVariants: {
      id: optionsId,
      revision: options.serviceOptionsAndVariants.revision,
      variants: {
        values: [{ choices: [{ optionId, staffMemberId: staffId }], price: { value: '25.00' } }],
      },
    },
  });
  await call('DELETE', `/bookings/v1/serviceOptionsAndVariants/${optionsId}`);
  return { staffId };
}

async function driveBookings(staffId: string) {
  const ada = customer('ada');
  const book = async (serviceId: string, start: string, extra: Record<string, unknown> = {}) =>
    (await call('POST', '/bookings/v2/bookings', bookingRequest(serviceId, start, extra), ada))
      .booking as WireBooking;
  const withApproval = await createAppointmentService(t.app, { staffMemberIds: [staffId], approval: true });
  const confirmed = await book(withApproval, futureSlot(5, 9));
  await call('POST', `/bookings/v2/bookings/${confirmed.id}/confirm`, { revision: confirmed.revision });
  const declined = await book(withApproval, futureSlot(5, 11));
  await call('POST', `/bookings/v2/bookings/${declined.id}/decline`, { revision: declined.revision });

  const policy = await createPolicy(t.app, { participantsPolicy: { maxParticipantsPerBooking: 3 } });
  const haircut = await createAppointmentService(t.app, { staffMemberIds: [staffId], policyId: policy });
  let booking = await book(haircut, futureSlot(6, 9));
  const next = async (action: string, payload: Record<string, unknown>) =>
    (await call('POST', `/bookings/v2/bookings/${booking.id}/${action}`, payload, ada))
      .booking as WireBooking;
  booking = await next('reschedule', {
    slot: { serviceId: haircut, startDate: futureSlot(6, 12) },
    revision: booking.revision,
  });
  booking = await next('update_number_of_participants', { totalParticipants: 2, revision: booking.revision });
  await call('POST', `/bookings/v2/bookings/${booking.id}/update_extended_fields`, {
    namespace: 'crm',
    namespaceData: { data: { vip: true } },
  });
  await call('POST', '/bookings/v2/attendance', {
    attendance: { bookingId: booking.id, status: 'ATTENDED' },
  });
  await call('POST', `/bookings/v2/bookings/${booking.id}/cancel`, {}, ada);

  const beard = await createAppointmentService(t.app, { staffMemberIds: [staffId], minutes: 30 });
  const first = futureSlot(7, 10);
  const second = new Date(Date.parse(first) + 3_600_000).toISOString();
  await call(
    'POST',
    '/bookings/v2/multi_service_bookings',
    {
      multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
      bookings: [bookingRequest(haircut, first).booking, bookingRequest(beard, second).booking],
    },
    ada,
  );
}

async function driveData() {
  await call('POST', '/data/v2/collections', {
    collection: { id: 'EveryEventNotes', fields: [{ key: 'n', type: 'NUMBER' }] },
  });
  const inserted = await call('POST', '/data/v2/items', {
    dataCollectionId: 'EveryEventNotes',
    dataItem: { data: { _id: 'note-1', n: 1 } },
  });
  await call('POST', '/data/v2/items/update', {
    dataCollectionId: 'EveryEventNotes',
    dataItem: { id: inserted.dataItem.id, data: { _id: inserted.dataItem.id, n: 2 } },
  });
  await call('POST', '/data/v2/items/remove', { dataCollectionId: 'EveryEventNotes', dataItemId: 'note-1' });
  // An export job: job_created when queued, job_updated as it runs and finishes.
  const started = await call('POST', '/data/v2/jobs/export', {
    dataCollectionId: 'EveryEventNotes',
    format: 'CSV',
  });
  const jobId = started.job.id as string;
  await waitUntil('the export job to finish', async () => {
    const job = await call('GET', `/data/v2/jobs/${jobId}`);
    return ['COMPLETED', 'FAILED', 'PARTIALLY_SUCCESSFUL'].includes(job.job.status);
  });
}

async function driveIdentity() {
  const identity = identityKit(t);
  const { site, clientId } = await identity.defaultSite();
  // A member who signs in from their visitor credential: identity.member.signedIn.
  const member = await identity.memberToken(site.id);
  await call(
    'POST',
    '/identity/v2/login',
    { loginId: { email: member.email }, password: 'member password 1' },
    bearer((await identity.visitorToken(clientId)).token),
  );
  // A member who proves their address with the mailed code: identity.member.emailVerified.
  await call('PATCH', '/identity/v1/settings', { settings: { requireEmailVerification: true } });
  const email = identity.unique('verify');
  const registered = await call(
    'POST',
    '/identity/v2/register',
    { loginId: { email }, password: 'first password 1' },
    bearer((await identity.visitorToken(clientId)).token),
  );
  const outbox = await call('GET', `/mail/v1/outbox?to=${encodeURIComponent(email)}`);
  await call(
    'POST',
    '/identity/v1/auth/verify',
    { code: identity.codeIn(outbox.messages[0]), stateToken: registered.stateToken },
    bearer((await identity.visitorToken(clientId)).token),
  );
  await call('PATCH', '/identity/v1/settings', { settings: { requireEmailVerification: false } });
}

async function driveStores() {
  const kit = ecomKit(t);
  const product = await kit.product('Every-event tee', 20);
  await call('PATCH', `/stores/v1/products/${product.id}`, {
    product: { productOptions: [{ name: 'Size', choices: [{ description: 'S' }, { description: 'M' }] }] },
  });
  const doomed = await kit.product('Every-event discontinued', 5);
  await call('DELETE', `/stores/v1/products/${doomed.id}`);

  const collection = await call('POST', '/stores/v1/collections', { collection: { name: 'Every event' } });
  await call('PATCH', `/stores/v1/collections/${collection.collection.id}`, {
    collection: { name: 'Every event, renamed' },
  });
  await call('DELETE', `/stores/v1/collections/${collection.collection.id}`);

  for (const [many, one] of [
    ['brands', 'brand'],
    ['ribbons', 'ribbon'],
  ] as const) {
    const label = await call('POST', `/stores/v3/${many}`, { [one]: { name: `Every event ${one}` } });
    const id = label[one].id as string;
    await call('PATCH', `/stores/v3/${many}/${id}`, {
      [one]: { revision: label[one].revision, name: `Every event ${one} 2` },
    });
    await call('DELETE', `/stores/v3/${many}/${id}`);
  }

  const customization = await call('POST', '/stores/v3/customizations', {
    customization: {
      name: 'Size',
      customizationType: 'PRODUCT_OPTION',
      customizationRenderType: 'TEXT_CHOICES',
      choicesSettings: { choices: [{ name: 'S' }, { name: 'M' }] },
    },
  });
  const customizationId = customization.customization.id as string;
  await call('PATCH', `/stores/v3/customizations/${customizationId}`, {
    customization: { revision: customization.customization.revision, name: 'Shirt size' },
  });
  await call('DELETE', `/stores/v3/customizations/${customizationId}`);

  const section = await call('POST', '/stores/v3/info-sections', {
    infoSection: { uniqueName: 'every-event-care', title: 'Care' },
  });
  const sectionId = section.infoSection.id as string;
  await call('PATCH', `/stores/v3/info-sections/${sectionId}`, {
    infoSection: { revision: section.infoSection.revision, title: 'Caring' },
  });
  await call('DELETE', `/stores/v3/info-sections/${sectionId}`);

  // Inventory items of a v3 product: deleted, made again, changed.
  const v3 = await call('POST', '/stores/v3/products', { product: simple('Every-event mug') });
  const variantId = v3.product.variantsInfo.variants[0].id as string;
  const items = await call(
    'GET',
    dotR('/stores/v3/inventory-items/query', { query: { filter: { productId: v3.product.id } } }),
  );
  await call('DELETE', `/stores/v3/inventory-items/${items.inventoryItems[0].id}`);
  const item = await call('POST', '/stores/v3/inventory-items', {
    inventoryItem: { productId: v3.product.id, variantId, trackQuantity: true, quantity: 3 },
  });
  await call('PATCH', `/stores/v3/inventory-items/${item.inventoryItem.id}`, {
    inventoryItem: { id: item.inventoryItem.id, revision: item.inventoryItem.revision, quantity: 5 },
  });
}

async function driveEcom() {
  const kit = ecomKit(t);
  const mug = await kit.product('Every-event stocked mug', 12, 50);

  // A visitor's cart: created, updated, deleted.
  const shopper = kit.visitor();
  const added = await call(
    'POST',
    '/ecom/v1/carts/current/add-to-cart',
    { lineItems: [kit.line(mug.id)] },
    shopper,
  );
  await call(
    'POST',
    '/ecom/v1/carts/current/update-line-items-quantity',
    { lineItems: [{ id: added.cart.lineItems[0].id, quantity: 2 }] },
    shopper,
  );
  await call('DELETE', '/ecom/v1/carts/current', undefined, shopper);

  // A checkout paid by card: checkout created, updated, completed; order created, approved, paid.
  const buyer = kit.visitor();
  const checkout = await call(
    'POST',
    '/ecom/v1/checkouts',
    { lineItems: [kit.line(mug.id)], checkoutInfo: { buyerInfo: { email: 'buyer@example.com' } } },
    buyer,
  );
  const checkoutId = checkout.checkout.id as string;
  await call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, { checkout: { buyerNote: 'Ring twice' } }, buyer);
  const paid = await call(
    'POST',
    `/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`,
    { paymentToken: await kit.token(buyer) },
    buyer,
  );
  const orderId = paid.orderId as string;
  const order = (await call('GET', `/ecom/v1/orders/${orderId}`)).order;
  // Updated, fulfilled, refunded.
  await call('PATCH', `/ecom/v1/orders/${orderId}`, { order: { buyerNote: 'Leave at door' } });
  await call('POST', `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, {
    fulfillment: {
      lineItems: order.lineItems.map((line: { id: string; quantity: number }) => ({
        id: line.id,
        quantity: line.quantity,
      })),
    },
  });
  const payment = (await call('GET', `/ecom/v1/payments/orders/${orderId}`)).orderTransactions.payments[0];
  await call('POST', `/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
    payments: [{ paymentId: payment.id, amount: { amount: '5.00' } }],
  });

  // A business order, canceled.
  const business = await call('POST', '/ecom/v1/orders', {
    order: {
      lineItems: [kit.line(mug.id, 1)],
      buyerInfo: { email: 'business@example.com' },
      priceSummary: {},
      channelInfo: { type: 'BACKOFFICE_MERCHANT' },
    },
  });
  await call('POST', `/ecom/v1/orders/${business.order.id}/cancel`, { restockAllItems: true });

  // An order paid with a card the bank has not settled yet (the test gateway's pending card) holds its
  // stock; the hold runs out and the holds sweep (the cron, run here at a clock an hour later instead of
  // waiting) releases it with stores.hold.expired.
  const slowPayer = kit.visitor();
  const slow = await call('POST', '/ecom/v1/checkouts', { lineItems: [kit.line(mug.id)] }, slowPayer);
  await call(
    'POST',
    `/ecom/v1/checkouts/${slow.checkout.id}/create-order-and-charge`,
    { paymentToken: await kit.token(slowPayer, '4000000000003220') },
    slowPayer,
  );
  const swept = await t.app.holds.sweepExpired(new Date(Date.now() + 3_600_000));
  expect(swept.length).toBeGreaterThan(0);
}

/** The event modules declare: every `export const <name>Events = {` or `<name>EventNames = {` in the source. */
function declarationsInSource(): string[] {
  const roots = ['../src/modules', '../../../packages/contract/src'].map((dir) =>
    path.resolve(import.meta.dirname, dir),
  );
  const names: string[] = [];
  for (const root of roots) {
    for (const file of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const match of text.matchAll(/export const (\w+(?:Events|EventNames)) = \{/g))
        names.push(match[1]!);
    }
  }
  return names.sort();
}

describe('webhooks: every declared event type', () => {
  it('reads every event declaration the modules export', () => {
    expect(Object.keys(declarations).sort()).toEqual(declarationsInSource());
    expect(declaredTypes.length).toBeGreaterThan(70);
  });

  it('leaves a declared type without an action only while no route can cause it', () => {
    const routes = t.app.routeTable.map((route) => `${route.method} ${route.url}`);
    for (const [type, { reason, route }] of Object.entries(unreachable)) {
      expect(declaredTypes, type).toContain(type);
      expect(
        routes.filter((line) => route.test(line)),
        `${type}: ${reason}`,
      ).toEqual([]);
    }
  });

  it('delivers every declared type a real API action causes, each webhook-id once, each signed', async () => {
    const { staffId } = await driveBookingsCatalogue();
    await driveBookings(staffId);
    await driveData();
    await driveIdentity();
    await driveStores();
    await driveEcom();

    const expected = declaredTypes.filter((type) => !(type in unreachable));
    const arrivedTypes = () => new Set(receiver.at('/every').map((delivery) => delivery.envelope.type));
    await waitUntil(
      'every declared type',
      () => expected.every((type) => arrivedTypes().has(type)),
      30_000,
    ).catch((error: Error) => {
      const missing = expected.filter((type) => !arrivedTypes().has(type));
      throw new Error(`${error.message}; missing: ${missing.join(', ')}`);
    });
    // Let anything still pending or being retried settle, then give a duplicate time to show.
    await waitUntil('no delivery pending or sending', async () => {
      for (const status of ['PENDING', 'SENDING']) {
        const open = await call(
          'GET',
          `/webhooks/v1/subscriptions/${subscriptionId}/deliveries?status=${status}&limit=1`,
        );
        if (open.deliveries.length > 0) return false;
      }
      return true;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const received = receiver.at('/every');
    const ids = received.map((delivery) => delivery.headers['webhook-id'] as string);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated, 'webhook-ids that arrived more than once').toEqual([]);
    for (const delivery of received) {
      const envelope = verifyWebhook(delivery.body, delivery.headers, secret);
      expect(envelope.id).toBe(delivery.headers['webhook-id']);
    }
    const types = [...arrivedTypes()];
    expect(
      types.filter((type) => !declaredTypes.includes(type)),
      'emitted but not declared',
    ).toEqual([]);
    expect(
      types.filter((type) => type in unreachable),
      'declared unreachable, yet emitted',
    ).toEqual([]);
    expect(
      expected.filter((type) => !types.includes(type)),
      'declared, never arrived',
    ).toEqual([]);
  }, 120_000);
});
