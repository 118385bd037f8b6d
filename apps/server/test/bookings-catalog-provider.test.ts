// The bookings catalog provider, as commerce will call it: a cart line names a booking the customer made for
// online payment (CREATED, holding its slot until its payment hold expires). Describe it, hold it for a
// checkout, commit it when paid (confirmed through the lifecycle, with history and mails), refuse it once
// the sweep declined it, and cancel it on a refund, on PGlite and on PostgreSQL (DATABASE_URL). The
// requests' clock is moved, never slept.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingsAppId } from '../src/modules/bookings/index.ts';
import type { CatalogLine } from '../src/platform/catalog/catalog-provider.ts';
import { systemClock } from '../src/platform/context.ts';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createPolicy,
  createStaff,
  customer,
  futureSlot,
  ok,
  openAllWeek,
  type WireBooking,
} from './bookings-lifecycle-fixtures.ts';
import { identityKit } from './identity-helpers.ts';

const minute = 60_000;
let t: TestApp;
let siteId: string;
let otherSiteId: string;
let haircut: string;
let approval: string;
const alice = customer('alice');
const bob = customer('bob');

beforeAll(async () => {
  t = await createTestApp();
  await openAllWeek(t.app);
  const staffId = await createStaff(t.app);
  const policyId = await createPolicy(t.app, { participantsPolicy: { maxParticipantsPerBooking: 3 } });
  haircut = await createAppointmentService(t.app, { staffMemberIds: [staffId], policyId });
  await ok(t.app, {
    method: 'PATCH',
    url: `/bookings/v2/services/${haircut}`,
    headers: owner,
    payload: {
      service: {
        revision: '1',
        media: { mainMedia: { image: { url: 'https://img.example.com/haircut.jpg', altText: 'Scissors' } } },
      },
    },
  });
  approval = await createAppointmentService(t.app, {
    staffMemberIds: [await createStaff(t.app, 'Sam', 'sam@example.com')],
    approval: true,
  });
  siteId = (
    await ok<{ site: { id: string } }>(t.app, { method: 'GET', url: '/sites/v1/site', headers: owner })
  ).site.id;
  otherSiteId = (await identityKit(t).newSite('Other salon')).site.id;
}, 240_000);
afterAll(async () => t?.close(), 60_000);
afterEach(() => {
  vi.restoreAllMocks();
});

/** Every request from now on sees `minutes` after the real time of the call. */
function clockAhead(minutes: number): Date {
  const now = new Date(Date.now() + minutes * minute);
  vi.spyOn(systemClock, 'now').mockReturnValue(now);
  return now;
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * minute);

const reference = (catalogItemId: string) => ({ appId: bookingsAppId, catalogItemId });
const lineOf = (bookingId: string, quantity = 1): CatalogLine => ({
  reference: reference(bookingId),
  quantity,
});

/** A customer's booking waiting for online payment (CREATED, a 15-minute payment hold). */
async function unpaid(
  serviceId: string,
  start: string,
  extra: Record<string, unknown> = {},
  who = alice,
): Promise<WireBooking> {
  const booking = await book(
    t.app,
    who,
    bookingRequest(serviceId, start, { selectedPaymentOption: 'ONLINE', ...extra }),
  );
  expect(booking.status).toBe('CREATED');
  return booking;
}

async function bookable(serviceId: string, start: string): Promise<boolean> {
  const body = await ok<{ availabilityEntries: Array<{ slot: { startDate: string }; bookable: boolean }> }>(
    t.app,
    {
      method: 'POST',
      url: '/bookings/v1/availability/query',
      headers: customer('looker'),
      payload: {
        query: {
          filter: {
            serviceId: [serviceId],
            startDate: new Date(Date.parse(start) - 60 * minute).toISOString(),
            endDate: new Date(Date.parse(start) + 60 * minute).toISOString(),
          },
        },
      },
    },
  );
  return body.availabilityEntries.some(
    (entry) => entry.bookable && Date.parse(entry.slot.startDate) === Date.parse(start),
  );
}

/** Whether another customer can book the slot now (the EXCLUDE constraint answers, not availability). */
async function takenBy(who: Record<string, string>, serviceId: string, start: string) {
  return inject(t.app, {
    method: 'POST',
    url: '/bookings/v2/bookings',
    headers: who,
    payload: bookingRequest(serviceId, start),
  });
}

async function read(id: string): Promise<WireBooking> {
  return (
    await ok<{ booking: WireBooking }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${id}`,
      headers: owner,
    })
  ).booking;
}

async function history(id: string) {
  return (
    await ok<{
      entries: Array<{ event: string; status: string; actor: { identityType: string; identityId: string } }>;
    }>(t.app, { method: 'GET', url: `/bookings/v2/bookings/${id}/history`, headers: owner })
  ).entries;
}

const catalog = () => t.app.bookings.catalog;

function hold(lines: CatalogLine[], expiresAt: Date, now = new Date(), owner = 'checkout:a') {
  return t.app.database.transaction((tx) => catalog().hold(tx, { siteId, owner, lines, expiresAt, now }));
}

function commit(lines: CatalogLine[], now = new Date(), owner = 'checkout:a') {
  return t.app.database.transaction((tx) => catalog().commit(tx, { siteId, owner, lines, now }));
}

describe('the bookings catalog provider: describe', () => {
  it('describes a booking waiting for payment: its service, its price for every participant, when and for how many', async () => {
    const start = futureSlot(4, 9);
    const booking = await unpaid(haircut, start, { totalParticipants: 2 });
    const described = await catalog().describe(
      siteId,
      [
        reference(booking.id),
        reference('00000000-0000-4000-8000-000000000009'),
        reference('not-a-uuid'),
        { appId: 'another-app', catalogItemId: booking.id },
      ],
      new Date(),
    );
    expect(described[0]).toEqual({
      reference: reference(booking.id),
      availability: { status: 'AVAILABLE', quantityAvailable: 1 },
      item: {
        name: 'Haircut',
        itemType: 'SERVICE',
        fixedQuantity: true,
        serviceProperties: { scheduledDate: start, numberOfParticipants: 2 },
        price: '80.00',
        fullPrice: '80.00',
        currency: 'USD',
        media: { url: 'https://img.example.com/haircut.jpg', altText: 'Scissors' },
        options: {},
      },
    });
    expect(described.slice(1).map((entry) => [entry.availability.status, entry.item])).toEqual([
      ['NOT_FOUND', undefined],
      ['NOT_FOUND', undefined],
      ['NOT_FOUND', undefined],
    ]);
  });

  it("answers NOT_FOUND for another site's booking", async () => {
    const booking = await unpaid(haircut, futureSlot(4, 11));
    const [described] = await catalog().describe(otherSiteId, [reference(booking.id)], new Date());
    expect(described!.availability).toEqual({ status: 'NOT_FOUND' });
  });

  it('answers NOT_AVAILABLE once the payment hold expired, and for a canceled booking', async () => {
    const booking = await unpaid(haircut, futureSlot(4, 13));
    const [live] = await catalog().describe(siteId, [reference(booking.id)], inMinutes(14));
    expect(live!.availability.status).toBe('AVAILABLE');
    const [expired] = await catalog().describe(siteId, [reference(booking.id)], inMinutes(16));
    expect(expired!.availability).toEqual({ status: 'NOT_AVAILABLE', quantityAvailable: 0 });
    expect(expired!.item!.name).toBe('Haircut');

    await ok(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/cancel`,
      headers: alice,
      payload: {},
    });
    const [canceled] = await catalog().describe(siteId, [reference(booking.id)], new Date());
    expect(canceled!.availability.status).toBe('NOT_AVAILABLE');
  });
});

describe('the bookings catalog provider: hold and release', () => {
  it("extends the booking's payment hold to the checkout's, never shortens it, and release leaves it", async () => {
    const start = futureSlot(5, 9);
    const booking = await unpaid(haircut, start);
    expect(await hold([lineOf(booking.id)], inMinutes(40))).toEqual({ ok: true });
    // A shorter hold later (another checkout step) keeps the longer one.
    expect(await hold([lineOf(booking.id)], inMinutes(20))).toEqual({ ok: true });
    await t.app.database.transaction((tx) => catalog().release(tx, { siteId, owner: 'checkout:a' }));

    const later = clockAhead(30);
    expect(await bookable(haircut, start)).toBe(false);
    expect((await takenBy(bob, haircut, start)).status).toBe(409);
    // The sweep declines other tests' lapsed bookings, not this one.
    await t.app.timed.expirePaymentHolds(later);
    expect((await read(booking.id)).status).toBe('CREATED');
    const [described] = await catalog().describe(siteId, [reference(booking.id)], later);
    expect(described!.availability.status).toBe('AVAILABLE');

    clockAhead(41);
    expect(await bookable(haircut, start)).toBe(true);
  });

  it("reads the site through the caller's transaction once the site cache expired (PGlite has one connection)", async () => {
    const booking = await unpaid(haircut, futureSlot(5, 7));
    const now = new Date();
    const expiresAt = inMinutes(30);
    const cacheExpired = performance.now() + 60_000;
    vi.spyOn(performance, 'now').mockReturnValue(cacheExpired);
    const outcome = await hold([lineOf(booking.id)], expiresAt, now);
    vi.restoreAllMocks();
    expect(outcome).toEqual({ ok: true });
  });

  it('holds all or nothing: an unknown booking, a repeated one or a quantity other than one is a shortfall', async () => {
    const start = futureSlot(5, 12);
    const booking = await unpaid(haircut, start);
    const unknown = lineOf('00000000-0000-4000-8000-000000000009');
    const outcome = await hold([lineOf(booking.id), unknown], inMinutes(60));
    expect(outcome).toEqual({
      ok: false,
      shortfalls: [{ reference: unknown.reference, requested: 1, available: 0 }],
    });
    expect(await hold([lineOf(booking.id, 2)], inMinutes(60))).toMatchObject({
      ok: false,
      shortfalls: [{ requested: 2, available: 1 }],
    });
    expect(await hold([lineOf(booking.id), lineOf(booking.id)], inMinutes(60))).toMatchObject({
      ok: false,
      shortfalls: [{ requested: 1, available: 0 }],
    });
    // Nothing was extended: the booking's own 15-minute hold ends as it would have.
    clockAhead(16);
    expect(await bookable(haircut, start)).toBe(true);
  });

  it('takes an expired hold its slot again while the slot is free, and is a shortfall once another booking took it', async () => {
    const free = futureSlot(5, 15);
    const lapsed = await unpaid(haircut, free);
    const taken = futureSlot(5, 17);
    const lost = await unpaid(haircut, taken);

    const now = clockAhead(20);
    expect((await takenBy(bob, haircut, taken)).status).toBe(200);
    expect(await hold([lineOf(lapsed.id)], new Date(now.getTime() + 15 * minute), now)).toEqual({ ok: true });
    expect(await bookable(haircut, free)).toBe(false);
    expect((await takenBy(bob, haircut, free)).status).toBe(409);

    expect(await hold([lineOf(lost.id)], new Date(now.getTime() + 15 * minute), now)).toEqual({
      ok: false,
      shortfalls: [{ reference: reference(lost.id), requested: 1, available: 0 }],
    });
    expect((await read(lost.id)).status).toBe('CREATED');
  });
});

describe('the bookings catalog provider: commit', () => {
  it('confirms the booking as paid through the lifecycle: history, the confirmed event, the mails, the slot for good', async () => {
    const start = futureSlot(6, 9);
    const email = 'paid.customer@example.com';
    const booking = await unpaid(haircut, start, {
      contactDetails: { firstName: 'Paula', lastName: 'Payer', email },
    });
    expect(await hold([lineOf(booking.id)], inMinutes(15))).toEqual({ ok: true });
    expect(await commit([lineOf(booking.id)])).toEqual({ ok: true });

    expect(await read(booking.id)).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'PAID' });
    const confirmed = (await history(booking.id)).filter(
      (entry) => entry.event === 'bookings.booking.confirmed',
    );
    expect(confirmed).toEqual([
      expect.objectContaining({
        status: 'CONFIRMED',
        actor: { identityType: 'APP', identityId: 'atrium.ecom' },
      }),
    ]);
    const mails = await ok<{ messages: Array<{ kind: string; attachments: unknown[] }> }>(t.app, {
      method: 'GET',
      url: `/mail/v1/outbox?to=${encodeURIComponent(email)}`,
      headers: owner,
    });
    expect(mails.messages.map((mail) => mail.kind)).toEqual(['bookings.confirmation']);
    expect(mails.messages[0]!.attachments).toHaveLength(1);

    const later = clockAhead(120);
    await t.app.timed.expirePaymentHolds(later);
    expect((await read(booking.id)).status).toBe('CONFIRMED');
    expect(await bookable(haircut, start)).toBe(false);
    const [described] = await catalog().describe(siteId, [reference(booking.id)], later);
    expect(described!.availability.status).toBe('NOT_AVAILABLE');
    // Paid once: a second commit (another order) is a shortfall and changes nothing.
    expect(await commit([lineOf(booking.id)], later, 'checkout:b')).toMatchObject({
      ok: false,
      shortfalls: [{ requested: 1, available: 0 }],
    });
    expect(await history(booking.id)).toHaveLength(2);
  });

  it('is a shortfall once the sweep declined the booking, and changes nothing (commerce refunds)', async () => {
    const booking = await unpaid(haircut, futureSlot(6, 12));
    expect(await t.app.timed.expirePaymentHolds(inMinutes(16))).toBeGreaterThanOrEqual(1);
    expect((await read(booking.id)).status).toBe('DECLINED');
    expect(await commit([lineOf(booking.id)], inMinutes(17))).toEqual({
      ok: false,
      shortfalls: [{ reference: reference(booking.id), requested: 1, available: 0 }],
    });
    expect(await read(booking.id)).toMatchObject({ status: 'DECLINED', paymentStatus: 'NOT_PAID' });
  });

  it("is a shortfall when an expired hold's slot was taken, and leaves the caller's transaction usable", async () => {
    const start = futureSlot(6, 15);
    const paidLate = await unpaid(haircut, start);
    const other = await unpaid(haircut, futureSlot(6, 18));
    const now = clockAhead(20);
    expect((await takenBy(bob, haircut, start)).status).toBe(200);
    const [outcome, after] = await t.app.database.transaction(async (tx) => {
      const result = await catalog().commit(tx, {
        siteId,
        owner: 'checkout:late',
        lines: [lineOf(other.id), lineOf(paidLate.id)],
        now,
      });
      const rows = await tx.execute(sql`select 1 as still_usable`);
      return [result, rows] as const;
    });
    expect(outcome).toEqual({
      ok: false,
      shortfalls: [{ reference: reference(paidLate.id), requested: 1, available: 0 }],
    });
    expect(after).toBeTruthy();
    // All or nothing: the other booking, confirmed before the failure, was rolled back with it.
    expect(await read(other.id)).toMatchObject({ status: 'CREATED', paymentStatus: 'NOT_PAID' });
    expect(await read(paidLate.id)).toMatchObject({ status: 'CREATED', paymentStatus: 'NOT_PAID' });
  });

  it('leaves a booking of a service that needs approval PENDING and paid, holding its slot for good', async () => {
    const start = futureSlot(7, 9);
    const booking = await unpaid(approval, start);
    expect(await commit([lineOf(booking.id)])).toEqual({ ok: true });
    expect(await read(booking.id)).toMatchObject({ status: 'PENDING', paymentStatus: 'PAID' });
    const later = clockAhead(30);
    await t.app.timed.expirePaymentHolds(later);
    expect(await bookable(approval, start)).toBe(false);
    expect((await read(booking.id)).status).toBe('PENDING');
  });
});

describe('the bookings catalog provider: restock', () => {
  it('cancels the sold bookings as the business and frees their slots; again, it changes nothing', async () => {
    const start = futureSlot(8, 9);
    const booking = await unpaid(haircut, start);
    expect(await commit([lineOf(booking.id)])).toEqual({ ok: true });
    expect(await bookable(haircut, start)).toBe(false);

    const restock = () =>
      t.app.database.transaction((tx) => catalog().restock(tx, { siteId, lines: [lineOf(booking.id)] }));
    await restock();
    expect((await read(booking.id)).status).toBe('CANCELED');
    expect(await bookable(haircut, start)).toBe(true);
    await restock();
    const canceled = (await history(booking.id)).filter(
      (entry) => entry.event === 'bookings.booking.canceled',
    );
    expect(canceled).toEqual([
      expect.objectContaining({ actor: { identityType: 'APP', identityId: 'atrium.ecom' } }),
    ]);
  });
});
