import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogAppIds } from '@atrium/contract/ecom/common';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { bearer, identityKit } from './identity-helpers.ts';
import {
  bookingRequest,
  createAppointmentService,
  createStaff,
  futureSlot,
  ok,
  openAllWeek,
  type WireBooking,
} from './bookings-lifecycle-fixtures.ts';
import { createCollection } from './data-helpers.ts';

/**
 * Every route a customer (visitor or member) may call, run as member B and as a visitor against member A's
 * bookings, multi-service booking and private data items, with real payloads and real tokens. Each answer
 * must refuse (403/404) or show nothing of A's, and A's rows must be byte-for-byte the same afterwards. A
 * new customer route fails the coverage test until it gets a case here or a reason why it holds nothing
 * of another customer.
 */
let t: TestApp;
const a = {} as {
  headers: Record<string, string>;
  id: string;
  booking: WireBooking;
  msbId: string;
  msbBookingIds: string[];
  itemId: string;
  productId: string;
  cartId: string;
  checkoutId: string;
  orderId: string;
  lineItemId: string;
};
let memberB: Record<string, string>;
let visitor: Record<string, string>;
let services: { haircut: string; beard: string };

beforeAll(async () => {
  t = await createTestApp();
  const kit = identityKit(t);
  const site = await kit.defaultSite();
  const memberA = await kit.memberToken(site.site.id);
  a.headers = bearer(memberA.token);
  a.id = memberA.id;
  memberB = bearer((await kit.memberToken(site.site.id)).token);
  visitor = bearer((await kit.visitorToken(site.clientId)).token);

  await openAllWeek(t.app);
  const staffA = await createStaff(t.app, 'Sam', 'sam@example.com');
  const staffB = await createStaff(t.app, 'Kim', 'kim@example.com');
  services = {
    haircut: await createAppointmentService(t.app, { staffMemberIds: [staffA] }),
    beard: await createAppointmentService(t.app, { staffMemberIds: [staffB] }),
  };
  a.booking = (
    await ok<{ booking: WireBooking }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/bookings',
      headers: a.headers,
      payload: bookingRequest(services.haircut, futureSlot(5, 10)),
    })
  ).booking;
  const start = futureSlot(6, 10);
  const msb = await ok<{ multiServiceBooking: { id: string; bookings: Array<{ booking: WireBooking }> } }>(
    t.app,
    {
      method: 'POST',
      url: '/bookings/v2/multi_service_bookings',
      headers: a.headers,
      payload: {
        multiServiceBookingType: 'PARALLEL_BOOKINGS',
        bookings: [
          bookingRequest(services.haircut, start).booking,
          bookingRequest(services.beard, start).booking,
        ],
      },
    },
  );
  a.msbId = msb.multiServiceBooking.id;
  a.msbBookingIds = msb.multiServiceBooking.bookings.map((entry) => entry.booking.id);

  await createCollection(t, { id: 'Tags', fields: [{ key: 'title', type: 'TEXT' }] });
  await createCollection(t, {
    id: 'Notes',
    fields: [
      { key: 'text', type: 'TEXT' },
      { key: 'link', type: 'REFERENCE', typeMetadata: { reference: { referencedCollectionId: 'Tags' } } },
    ],
    permissions: {
      read: 'SITE_MEMBER_AUTHOR',
      insert: 'SITE_MEMBER',
      update: 'SITE_MEMBER_AUTHOR',
      remove: 'SITE_MEMBER_AUTHOR',
    },
  });
  a.itemId = (
    await ok<{ dataItem: { id: string } }>(t.app, {
      method: 'POST',
      url: '/data/v2/items',
      headers: a.headers,
      payload: { dataCollectionId: 'Notes', dataItem: { data: { text: 'A private note of member A' } } },
    })
  ).dataItem.id;

  // A's commerce: a cart by id, a current cart, a checkout and the order it became.
  a.productId = (
    await ok<{ product: { id: string } }>(t.app, {
      method: 'POST',
      url: '/stores/v1/products',
      headers: owner,
      payload: { product: { name: 'Private print', productType: 'physical', priceData: { price: 30 } } },
    })
  ).product.id;
  const line = { quantity: 1, catalogReference: { appId: catalogAppIds.stores, catalogItemId: a.productId } };
  const cart = await ok<{ cart: { id: string; lineItems: Array<{ id: string }> } }>(t.app, {
    method: 'POST',
    url: '/ecom/v1/carts',
    headers: a.headers,
    payload: { lineItems: [line], cartInfo: { buyerNote: privateText } },
  });
  a.cartId = cart.cart.id;
  a.lineItemId = cart.cart.lineItems[0]!.id;
  await ok(t.app, {
    method: 'POST',
    url: '/ecom/v1/carts/current/add-to-cart',
    headers: a.headers,
    payload: { lineItems: [line] },
  });
  a.checkoutId = (
    await ok<{ checkoutId: string }>(t.app, {
      method: 'POST',
      url: `/ecom/v1/carts/${a.cartId}/create-checkout`,
      headers: a.headers,
      payload: { email: 'member-a@example.com' },
    })
  ).checkoutId;
  const orderCheckout = await ok<{ checkout: { id: string } }>(t.app, {
    method: 'POST',
    url: '/ecom/v1/checkouts',
    headers: a.headers,
    payload: {
      lineItems: [line],
      checkoutInfo: { buyerNote: privateText, buyerInfo: { email: 'member-a@example.com' } },
    },
  });
  a.orderId = (
    await ok<{ orderId: string }>(t.app, {
      method: 'POST',
      url: `/ecom/v1/checkouts/${orderCheckout.checkout.id}/create-order`,
      headers: a.headers,
      payload: {},
    })
  ).orderId;
}, 240_000);
afterAll(async () => {
  await t?.close();
});

interface Case {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: () => string;
  payload?: () => Record<string, unknown>;
}

const privateText = 'A private note of member A';
const notes = { dataCollectionId: 'Notes' };
const aItem = () => ({ ...notes, dataItemId: a.itemId });
const forged = () => ({ _id: a.itemId, text: 'changed by someone else', _owner: 'someone else' });

/** Requests that name A's objects: each must be refused or answered without A's data. */
const cases: Record<string, Case> = {
  'GET /data/v2/items/:dataItemId': {
    method: 'GET',
    url: () => `/data/v2/items/${a.itemId}?dataCollectionId=Notes`,
  },
  'POST /data/v2/items': {
    method: 'POST',
    url: () => '/data/v2/items',
    payload: () => ({ ...notes, dataItem: { id: a.itemId, data: forged() } }),
  },
  'POST /data/v2/items/update': {
    method: 'POST',
    url: () => '/data/v2/items/update',
    payload: () => ({ ...notes, dataItem: { id: a.itemId, data: forged() } }),
  },
  'POST /data/v2/items/save': {
    method: 'POST',
    url: () => '/data/v2/items/save',
    payload: () => ({ ...notes, dataItem: { id: a.itemId, data: forged() } }),
  },
  'POST /data/v2/items/patch': {
    method: 'POST',
    url: () => '/data/v2/items/patch',
    payload: () => ({
      ...notes,
      patch: {
        dataItemId: a.itemId,
        fieldModifications: [{ fieldPath: 'text', action: 'SET_FIELD', setFieldOptions: { value: 'x' } }],
      },
    }),
  },
  'POST /data/v2/items/remove': { method: 'POST', url: () => '/data/v2/items/remove', payload: aItem },
  'POST /data/v2/items/truncate': {
    method: 'POST',
    url: () => '/data/v2/items/truncate',
    payload: () => notes,
  },
  'POST /data/v2/items/count': { method: 'POST', url: () => '/data/v2/items/count', payload: () => notes },
  'POST /data/v2/items/query': {
    method: 'POST',
    url: () => '/data/v2/items/query',
    payload: () => ({ ...notes, query: { filter: { _id: a.itemId } } }),
  },
  'GET /data/v2/items/query': { method: 'GET', url: () => `/data/v2/items/query?dataCollectionId=Notes` },
  'POST /data/v2/items/query-distinct-values': {
    method: 'POST',
    url: () => '/data/v2/items/query-distinct-values',
    payload: () => ({ ...notes, fieldName: 'text' }),
  },
  'POST /data/v2/items/aggregate': {
    method: 'POST',
    url: () => '/data/v2/items/aggregate',
    payload: () => ({
      ...notes,
      aggregation: { groupingFields: ['text'], operations: [{ resultFieldName: 'n', itemCount: {} }] },
    }),
  },
  'POST /data/v2/items/search': {
    method: 'POST',
    url: () => '/data/v2/items/search',
    payload: () => ({ ...notes, search: { expression: 'private' } }),
  },
  'POST /data/v2/items/query-referenced': {
    method: 'POST',
    url: () => '/data/v2/items/query-referenced',
    payload: () => ({ ...notes, referringItemId: a.itemId, referringItemFieldName: 'link' }),
  },
  'POST /data/v2/items/is-referenced': {
    method: 'POST',
    url: () => '/data/v2/items/is-referenced',
    payload: () => ({
      ...notes,
      referringItemId: a.itemId,
      referringItemFieldName: 'link',
      referencedItemId: a.itemId,
    }),
  },
  'POST /data/v2/items/replace-references': {
    method: 'POST',
    url: () => '/data/v2/items/replace-references',
    payload: () => ({
      ...notes,
      referringItemId: a.itemId,
      referringItemFieldName: 'link',
      newReferencedItemIds: [],
    }),
  },
  'POST /data/v2/bulk/items/insert': {
    method: 'POST',
    url: () => '/data/v2/bulk/items/insert',
    payload: () => ({ ...notes, dataItems: [{ id: a.itemId, data: forged() }] }),
  },
  'POST /data/v2/bulk/items/update': {
    method: 'POST',
    url: () => '/data/v2/bulk/items/update',
    payload: () => ({ ...notes, dataItems: [{ id: a.itemId, data: forged() }] }),
  },
  'POST /data/v2/bulk/items/save': {
    method: 'POST',
    url: () => '/data/v2/bulk/items/save',
    payload: () => ({ ...notes, dataItems: [{ id: a.itemId, data: forged() }] }),
  },
  'POST /data/v2/bulk/items/patch': {
    method: 'POST',
    url: () => '/data/v2/bulk/items/patch',
    payload: () => ({
      ...notes,
      patches: [
        { dataItemId: a.itemId, fieldModifications: [{ fieldPath: 'text', action: 'REMOVE_FIELD' }] },
      ],
    }),
  },
  'POST /data/v2/bulk/items/remove': {
    method: 'POST',
    url: () => '/data/v2/bulk/items/remove',
    payload: () => ({ ...notes, dataItemIds: [a.itemId] }),
  },
  'POST /data/v2/bulk/items/insert-references': {
    method: 'POST',
    url: () => '/data/v2/bulk/items/insert-references',
    payload: () => ({
      ...notes,
      dataItemReferences: [
        { referringItemFieldName: 'link', referringItemId: a.itemId, referencedItemId: a.itemId },
      ],
    }),
  },
  'POST /data/v2/bulk/items/remove-references': {
    method: 'POST',
    url: () => '/data/v2/bulk/items/remove-references',
    payload: () => ({
      ...notes,
      dataItemReferences: [
        { referringItemFieldName: 'link', referringItemId: a.itemId, referencedItemId: a.itemId },
      ],
    }),
  },
  'GET /bookings/v2/bookings/:bookingId': {
    method: 'GET',
    url: () => `/bookings/v2/bookings/${a.booking.id}`,
  },
  'POST /bookings/v2/bookings/:bookingId/reschedule': {
    method: 'POST',
    url: () => `/bookings/v2/bookings/${a.booking.id}/reschedule`,
    payload: () => ({
      slot: { serviceId: services.haircut, startDate: futureSlot(7, 14) },
      revision: a.booking.revision,
    }),
  },
  'POST /bookings/v2/bookings/:bookingId/cancel': {
    method: 'POST',
    url: () => `/bookings/v2/bookings/${a.booking.id}/cancel`,
    payload: () => ({ revision: a.booking.revision }),
  },
  'POST /bookings/v2/bookings/:bookingId/update_number_of_participants': {
    method: 'POST',
    url: () => `/bookings/v2/bookings/${a.booking.id}/update_number_of_participants`,
    payload: () => ({ totalParticipants: 3, revision: a.booking.revision }),
  },
  'POST /bookings/v2/bookings/:bookingId/set-booking-submission-id': {
    method: 'POST',
    url: () => `/bookings/v2/bookings/${a.booking.id}/set-booking-submission-id`,
    payload: () => ({ submissionId: 'hijacked' }),
  },
  'GET /bookings/v2/multi_service_bookings/:multiServiceBookingId': {
    method: 'GET',
    url: () => `/bookings/v2/multi_service_bookings/${a.msbId}`,
  },
  'POST /bookings/v2/multi_service_bookings/:multiServiceBookingId/reschedule': {
    method: 'POST',
    url: () => `/bookings/v2/multi_service_bookings/${a.msbId}/reschedule`,
    payload: () => ({
      rescheduleBookingsInfo: [
        { bookingId: a.msbBookingIds[0], slot: { serviceId: services.haircut, startDate: futureSlot(8, 9) } },
        { bookingId: a.msbBookingIds[1], slot: { serviceId: services.beard, startDate: futureSlot(8, 9) } },
      ],
    }),
  },
  'POST /bookings/v2/multi_service_bookings/:multiServiceBookingId/cancel': {
    method: 'POST',
    url: () => `/bookings/v2/multi_service_bookings/${a.msbId}/cancel`,
    payload: () => ({}),
  },
  'POST /bookings/v2/multi_service_bookings/:multiServiceBookingId/get_availability': {
    method: 'POST',
    url: () => `/bookings/v2/multi_service_bookings/${a.msbId}/get_availability`,
    payload: () => ({}),
  },
  'POST /bookings/v2/bulk/multi_service_bookings/get_allowed_actions': {
    method: 'POST',
    url: () => '/bookings/v2/bulk/multi_service_bookings/get_allowed_actions',
    payload: () => ({ multiServiceBookingIds: [a.msbId] }),
  },
  'POST /bookings/v2/multi_service_bookings/add_bookings_to_multi_service_booking': {
    method: 'POST',
    url: () => '/bookings/v2/multi_service_bookings/add_bookings_to_multi_service_booking',
    payload: () => ({ multiServiceBookingId: a.msbId, bookings: [{ bookingId: a.booking.id }] }),
  },
  'POST /bookings/v2/multi_service_bookings/remove_bookings_from_multi_service_booking': {
    method: 'POST',
    url: () => '/bookings/v2/multi_service_bookings/remove_bookings_from_multi_service_booking',
    payload: () => ({ multiServiceBookingId: a.msbId, bookings: [{ bookingId: a.msbBookingIds[1] }] }),
  },
  'POST /bookings/v2/extended-booking/query': {
    method: 'POST',
    url: () => '/bookings/v2/extended-booking/query',
    payload: () => ({ query: { filter: { id: a.booking.id } }, withBookingAllowedActions: true }),
  },
  'POST /bookings/v2/extended-bookings/query': {
    method: 'POST',
    url: () => '/bookings/v2/extended-bookings/query',
    payload: () => ({ query: {}, withBookingAttendanceInfo: true }),
  },
  'POST /bookings/v2/extended-bookings/count': {
    method: 'POST',
    url: () => '/bookings/v2/extended-bookings/count',
    payload: () => ({ filter: { id: a.booking.id } }),
  },
  'POST /bookings/v1/booking-fees/list-by-booking-ids': {
    method: 'POST',
    url: () => '/bookings/v1/booking-fees/list-by-booking-ids',
    payload: () => ({ bookingIds: [a.booking.id, ...a.msbBookingIds] }),
  },
  // Account edits: member A's name and login email are A's alone (the row walk proves nothing changed).
  'PATCH /identity/v1/members/:id': {
    method: 'PATCH',
    url: () => `/identity/v1/members/${a.id}`,
    payload: () => ({ member: { contact: { firstName: 'Mallory' }, loginEmail: 'mallory@example.com' } }),
  },
  // Guest self-service: a stranger holds no token of A's; A's ids in its place open nothing.
  'GET /bookings/v1/anonymous-bookings/:token': {
    method: 'GET',
    url: () => `/bookings/v1/anonymous-bookings/${a.booking.id}`,
  },
  'GET /bookings/v1/anonymous-bookings/:token/service': {
    method: 'GET',
    url: () => `/bookings/v1/anonymous-bookings/${a.booking.id}/service`,
  },
  'POST /bookings/v1/anonymous-bookings/:token/cancel': {
    method: 'POST',
    url: () => `/bookings/v1/anonymous-bookings/${a.booking.id}/cancel`,
    payload: () => ({ revision: a.booking.revision }),
  },
  'POST /bookings/v1/anonymous-bookings/:token/reschedule': {
    method: 'POST',
    url: () => `/bookings/v1/anonymous-bookings/${a.booking.id}/reschedule`,
    payload: () => ({
      slot: { serviceId: services.haircut, startDate: new Date(Date.now() + 20 * 86_400_000).toISOString() },
    }),
  },
  'GET /bookings/v1/anonymous-multi-service-bookings/:token': {
    method: 'GET',
    url: () => `/bookings/v1/anonymous-multi-service-bookings/${a.msbId}`,
  },
  'POST /bookings/v1/anonymous-multi-service-bookings/:token/cancel': {
    method: 'POST',
    url: () => `/bookings/v1/anonymous-multi-service-bookings/${a.msbId}/cancel`,
    payload: () => ({}),
  },
  'GET /bookings/v1/booking-fees': {
    method: 'GET',
    url: () => `/bookings/v1/booking-fees?bookingIds=${a.booking.id}`,
  },
  'POST /bookings/v2/bulk/bookings/cancel': {
    method: 'POST',
    url: () => '/bookings/v2/bulk/bookings/cancel',
    payload: () => ({ bookings: { bookingsInfo: [{ bookingId: a.booking.id }] }, returnFullEntity: true }),
  },
  'POST /bookings/v2/bulk/bookings/calculate_allowed_actions': {
    method: 'POST',
    url: () => '/bookings/v2/bulk/bookings/calculate_allowed_actions',
    payload: () => ({ bookingIds: [a.booking.id, ...a.msbBookingIds] }),
  },
  'POST /bookings/v2/pricing/calculate': {
    method: 'POST',
    url: () => '/bookings/v2/pricing/calculate',
    payload: () => ({
      booking: { id: a.booking.id, bookedEntity: { slot: { serviceId: services.haircut } } },
    }),
  },
  ...ecomCases(),
};

/** A's cart, checkout and order by id, through every commerce route a customer may call. */
function ecomCases(): Record<string, Case> {
  const line = () => ({
    quantity: 1,
    catalogReference: { appId: catalogAppIds.stores, catalogItemId: a.productId },
  });
  const cart =
    (suffix = '') =>
    () =>
      `/ecom/v1/carts/${a.cartId}${suffix}`;
  const checkout =
    (suffix = '') =>
    () =>
      `/ecom/v1/checkouts/${a.checkoutId}${suffix}`;
  return {
    'GET /ecom/v1/carts/:id': { method: 'GET', url: cart() },
    'PATCH /ecom/v1/carts/:id': {
      method: 'PATCH',
      url: cart(),
      payload: () => ({ cartInfo: { buyerNote: 'taken' } }),
    },
    'DELETE /ecom/v1/carts/:id': { method: 'DELETE', url: cart() },
    'POST /ecom/v1/carts/:id/add-to-cart': {
      method: 'POST',
      url: cart('/add-to-cart'),
      payload: () => ({ lineItems: [line()] }),
    },
    'POST /ecom/v1/carts/:id/remove-line-items': {
      method: 'POST',
      url: cart('/remove-line-items'),
      payload: () => ({ lineItemIds: [a.lineItemId] }),
    },
    'POST /ecom/v1/carts/:id/update-line-items-quantity': {
      method: 'POST',
      url: cart('/update-line-items-quantity'),
      payload: () => ({ lineItems: [{ id: a.lineItemId, quantity: 5 }] }),
    },
    'POST /ecom/v1/carts/:id/remove-coupon': {
      method: 'POST',
      url: cart('/remove-coupon'),
      payload: () => ({}),
    },
    'POST /ecom/v1/carts/:id/remove-business-location': {
      method: 'POST',
      url: cart('/remove-business-location'),
      payload: () => ({}),
    },
    'POST /ecom/v1/carts/:id/create-checkout': {
      method: 'POST',
      url: cart('/create-checkout'),
      payload: () => ({}),
    },
    'POST /ecom/v1/carts/:id/estimate-totals': {
      method: 'POST',
      url: cart('/estimate-totals'),
      payload: () => ({}),
    },
    'GET /ecom/v1/carts/by-checkout-id/:id': {
      method: 'GET',
      url: () => `/ecom/v1/carts/by-checkout-id/${a.checkoutId}`,
    },
    'GET /ecom/v1/checkouts/:id': { method: 'GET', url: checkout() },
    'GET /ecom/v1/checkouts/by-cart-id/:id': {
      method: 'GET',
      url: () => `/ecom/v1/checkouts/by-cart-id/${a.cartId}`,
    },
    'PATCH /ecom/v1/checkouts/:id': {
      method: 'PATCH',
      url: checkout(),
      payload: () => ({ checkout: { buyerNote: 'taken' } }),
    },
    'POST /ecom/v1/checkouts/:id/add-to-checkout': {
      method: 'POST',
      url: checkout('/add-to-checkout'),
      payload: () => ({ lineItems: [line()] }),
    },
    'POST /ecom/v1/checkouts/:id/remove-line-items': {
      method: 'POST',
      url: checkout('/remove-line-items'),
      payload: () => ({ lineItemIds: [a.lineItemId] }),
    },
    'POST /ecom/v1/checkouts/:id/update-line-items-quantity': {
      method: 'POST',
      url: checkout('/update-line-items-quantity'),
      payload: () => ({ lineItems: [{ id: a.lineItemId, quantity: 5 }] }),
    },
    'POST /ecom/v1/checkouts/:id/remove-coupon': {
      method: 'POST',
      url: checkout('/remove-coupon'),
      payload: () => ({}),
    },
    'POST /ecom/v1/checkouts/:id/remove-gift-card': {
      method: 'POST',
      url: checkout('/remove-gift-card'),
      payload: () => ({}),
    },
    'POST /ecom/v1/checkouts/:id/remove-override-checkout-url': {
      method: 'POST',
      url: checkout('/remove-override-checkout-url'),
      payload: () => ({}),
    },
    'GET /ecom/v1/checkouts/:id/checkout-url': { method: 'GET', url: checkout('/checkout-url') },
    'GET /ecom/v1/checkouts/:id/wix-checkout-url': { method: 'GET', url: checkout('/wix-checkout-url') },
    'GET /ecom/v1/checkouts/:id/payment-settings': { method: 'GET', url: checkout('/payment-settings') },
    'POST /ecom/v1/checkouts/:id/create-order': {
      method: 'POST',
      url: checkout('/create-order'),
      payload: () => ({}),
    },
    'POST /ecom/v1/checkouts/:id/create-order-and-charge': {
      method: 'POST',
      url: checkout('/create-order-and-charge'),
      payload: () => ({ paymentToken: 'tok_test_forged' }),
    },
    'POST /ecom/v1/checkouts/:id/mark-as-completed': {
      method: 'POST',
      url: checkout('/mark-as-completed'),
      payload: () => ({}),
    },
    'GET /ecom/v1/orders/:id': { method: 'GET', url: () => `/ecom/v1/orders/${a.orderId}` },
    'POST /ecom/v1/orders/search': {
      method: 'POST',
      url: () => '/ecom/v1/orders/search',
      payload: () => ({ search: { filter: { id: a.orderId } } }),
    },
  };
}

/** Customer routes that take no other customer's object: each with the reason it cannot reach one. */
const holdNothingOfAnotherCustomer: Record<string, string> = {
  'GET /sites/v1/site': 'the public site settings',
  'POST /identity/v2/register': 'creates the caller',
  'POST /identity/v2/login': 'signs the caller in (covered by security-identity.test.ts)',
  'POST /identity/v2/change-password': "the caller's own password",
  'POST /identity/v2/:factorType/verify': 'a state token the caller holds',
  'POST /identity/v1/send-email': 'answers {} for any address',
  'POST /identity/v1/recover': 'a recovery token the caller holds',
  'POST /identity/v1/Start': 'starts verification of the caller',
  'POST /identity/v1/auth/verify': 'a state token the caller holds',
  'POST /identity/v1/auth/resend': 'a state token the caller holds',
  'POST /identity/v1/redirect-session': "the caller's own session",
  'GET /identity/v1/members/my': 'the caller',
  'GET /identity/v1/me': 'the caller',
  'PATCH /identity/v1/me': 'the caller',
  'POST /bookings/v2/bookings': 'creates a booking of the caller',
  'POST /bookings/v2/bulk/bookings/create': 'creates bookings of the caller',
  'POST /bookings/v2/multi_service_bookings': 'creates bookings of the caller',
  'POST /bookings/v2/pricing/preview': 'prices of the public catalogue',
  'GET /bookings/v2/booking-forms/:formId': 'a form of the public catalogue',
  'GET /bookings/v1/add-ons/query': 'add-ons of the public catalogue',
  'POST /bookings/v1/add-ons/query': 'add-ons of the public catalogue',
  'GET /bookings/v1/add-ons/:addOnId': 'an add-on of the public catalogue',
  'GET /ecom/v1/carts/current': "the caller's own current cart",
  'PATCH /ecom/v1/carts/current': "the caller's own current cart",
  'DELETE /ecom/v1/carts/current': "the caller's own current cart",
  'POST /ecom/v1/carts/current/add-to-cart': "the caller's own current cart",
  'POST /ecom/v1/carts/current/remove-line-items': "the caller's own current cart",
  'POST /ecom/v1/carts/current/update-line-items-quantity': "the caller's own current cart",
  'POST /ecom/v1/carts/current/remove-coupon': "the caller's own current cart",
  'POST /ecom/v1/carts/current/create-checkout': "the caller's own current cart",
  'POST /ecom/v1/carts/current/estimate-totals': "the caller's own current cart",
  'POST /ecom/v1/carts': 'creates a cart of the caller',
  'POST /ecom/v1/checkouts': 'creates a checkout of the caller',
  'GET /ecom/v1/checkouts/mark-checkout-as-completed-and-redirect-to-url': 'a signed token the caller holds',
  'POST /ecom/v1/test-gateway/tokens': "turns the caller's own card into a token",
  'GET /data/v1/permissions/current': "what the caller itself may do with a collection's items",
};
const catalogue =
  /^(GET|POST) \/bookings\/(v1|v2)\/(services|staff-members|settings|booking-policies|categories|serviceOptionsAndVariants|availability|time-slots|multi-service-time-slots)/;

/** The store catalog shoppers read (products, variants, collections, brands...): the business's, never a customer's. */
const storeCatalogue = /^(GET|POST) \/stores\/v[123]\//;

function customerRoutes(): string[] {
  return t.app.routeTable
    .filter(
      (route) =>
        route.method !== 'HEAD' &&
        route.method !== 'OPTIONS' &&
        route.access &&
        !route.access.public &&
        // The operator API takes no customer credential at all (security-site-isolation covers it).
        !(route.access as { operator?: boolean }).operator,
    )
    .filter((route) => {
      const identities = (route.access as { identities?: string[] }).identities;
      return !identities || identities.includes('MEMBER') || identities.includes('ANONYMOUS_VISITOR');
    })
    .map((route) => `${route.method} ${route.url}`);
}

/** A's rows as stored: bookings, the group, the data item. */
async function rowsOfA(): Promise<string> {
  const bookings = await t.app.database.query(
    `SELECT * FROM bookings_bookings WHERE created_by_id = $1 OR id = ANY($2::uuid[]) ORDER BY id`,
    [a.id, [a.booking.id, ...a.msbBookingIds]],
  );
  const items = await t.app.database.query(`SELECT * FROM data_items WHERE item_id = $1`, [a.itemId]);
  const commerce = await t.app.database.query(
    `SELECT 'cart' AS kind, id, revision, line_items::text AS lines, doc::text AS doc FROM ecom_carts WHERE member_id = $1
     UNION ALL SELECT 'checkout', id, revision, line_items::text, doc::text FROM ecom_checkouts WHERE member_id = $1
     UNION ALL SELECT 'order', id, revision, line_items::text, doc::text || status || payment_status FROM ecom_orders WHERE member_id = $1
     ORDER BY 1, 2`,
    [a.id],
  );
  return JSON.stringify({ bookings, items, commerce });
}

describe('a second customer and a visitor against member A', () => {
  it('has a case, or a reason, for every customer route', () => {
    const missing = customerRoutes().filter(
      (route) =>
        !cases[route] &&
        !holdNothingOfAnotherCustomer[route] &&
        !catalogue.test(route) &&
        !storeCatalogue.test(route),
    );
    expect(missing).toEqual([]);
  });

  it("refuses or shows nothing of A's, and leaves A's rows as they were", async () => {
    const before = await rowsOfA();
    const failures: string[] = [];
    for (const [name, route] of Object.entries(cases)) {
      for (const [who, headers] of [
        ['member B', memberB],
        ['visitor', visitor],
      ] as const) {
        const response = await inject(t.app, {
          method: route.method,
          url: route.url(),
          headers,
          ...(route.payload ? { payload: route.payload() } : {}),
        });
        const text = JSON.stringify(response.body);
        const label = `${name} as ${who}: ${response.status} ${text.slice(0, 160)}`;
        if (response.status >= 500) failures.push(`${label} (5xx)`);
        else if (
          response.status === 200 &&
          (text.includes(privateText) ||
            text.includes(a.booking.id) ||
            text.includes(a.msbId) ||
            text.includes(a.orderId) ||
            text.includes(a.cartId) ||
            text.includes(a.checkoutId))
        ) {
          // An answer may name an id it was given only to say it is not found.
          const notFound = /NOT_FOUND|not found/i.test(text) && !text.includes(privateText);
          if (!notFound) failures.push(`${label} (shows A's data)`);
        } else if (response.status !== 200 && ![400, 403, 404, 409].includes(response.status)) {
          failures.push(`${label} (unexpected status)`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await rowsOfA()).toBe(before);
    // A still reaches everything.
    const own = await inject(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${a.booking.id}`,
      headers: a.headers,
    });
    expect(own.status).toBe(200);
    const note = await inject(t.app, {
      method: 'GET',
      url: `/data/v2/items/${a.itemId}?dataCollectionId=Notes`,
      headers: a.headers,
    });
    expect(note.body.dataItem.data.text).toBe(privateText);
  }, 240_000);

  it("answers another member's item and a missing one alike", async () => {
    const foreign = await inject(t.app, {
      method: 'GET',
      url: `/data/v2/items/${a.itemId}?dataCollectionId=Notes`,
      headers: memberB,
    });
    const missing = await inject(t.app, {
      method: 'GET',
      url: `/data/v2/items/${crypto.randomUUID()}?dataCollectionId=Notes`,
      headers: memberB,
    });
    expect(foreign.status).toBe(missing.status);
    expect(foreign.body.details?.applicationError?.code).toBe(missing.body.details?.applicationError?.code);
    const booking = await inject(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${a.booking.id}`,
      headers: memberB,
    });
    const noBooking = await inject(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${crypto.randomUUID()}`,
      headers: memberB,
    });
    expect(booking.status).toBe(404);
    expect(booking.body.details?.applicationError?.code).toBe(noBooking.body.details?.applicationError?.code);
  });
});
