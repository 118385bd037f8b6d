import * as addOns from '@wix/auto_sdk_bookings_add-ons';
import * as attendance from '@wix/auto_sdk_bookings_attendance';
import * as availabilityCalendar from '@wix/auto_sdk_bookings_availability-calendar';
import * as bookingFees from '@wix/auto_sdk_bookings_booking-fees';
import * as bookingPolicies from '@wix/auto_sdk_bookings_booking-policies';
import * as bookings from '@wix/auto_sdk_bookings_bookings';
import * as pricing from '@wix/auto_sdk_bookings_pricing';
import * as services from '@wix/auto_sdk_bookings_services';
import * as staffMembers from '@wix/auto_sdk_bookings_staff-members';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// The official add-ons, attendance, booking-fees and pricing clients, unchanged, against Atrium: their
// paths (`/addons/v1/...`, `/bookings/bookings-attendance/...`, `/_api/booking-fees/v1/...`,
// `/bookings/v2/pricing/v2/pricing/...`) reach Atrium's routes through the prefix table.

const modules = {
  addOns,
  attendance,
  availabilityCalendar,
  bookingFees,
  bookingPolicies,
  bookings,
  pricing,
  services,
  staffMembers,
};
const day = 24 * 3_600_000;

let atrium: AtriumBehindOfficialHost;
let business: ReturnType<typeof clientWith>;
let visitor: ReturnType<typeof clientWith>;
let serviceId: string;
let slots: bookings.BookedSlot[];

function clientWith(auth: ReturnType<typeof ApiKeyStrategy> | ReturnType<typeof OAuthStrategy>) {
  return createClient({ modules, auth });
}

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('the call was expected to be refused');
    },
    (error: unknown) => error as { details?: { applicationError?: { code?: string } } },
  );
}

async function bookSlot(index: number) {
  const { booking } = await visitor.bookings.createBooking({
    bookedEntity: { slot: slots[index] },
    contactDetails: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    totalParticipants: 1,
  });
  return booking!;
}

beforeAll(async () => {
  atrium = await startAtriumBehindOfficialHost();
  business = clientWith(ApiKeyStrategy({ apiKey: atrium.apiKey, siteId: atrium.siteId }));
  visitor = clientWith(OAuthStrategy({ clientId: atrium.clientId }));
  const staff = await business.staffMembers.createStaffMember({ name: 'Ode', email: 'ode@example.com' });
  const policy = await business.bookingPolicies.createBookingPolicy({
    name: 'Fee for late cancellations',
    cancellationFeePolicy: {
      enabled: true,
      cancellationWindows: [{ percentage: '50', startInMinutes: 60 * 24 * 60 }],
    },
  } as bookingPolicies.BookingPolicy);
  const service = await business.services.createService({
    type: 'APPOINTMENT',
    name: 'Massage',
    staffMemberIds: [staff._id!],
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: '80.00', currency: 'USD' } },
      options: { inPerson: true, online: false },
    },
    onlineBooking: { enabled: true, requireManualApproval: false },
    schedule: { availabilityConstraints: { durations: [{ minutes: 60 }] } },
    locations: [{ type: 'BUSINESS' }],
    bookingPolicy: { _id: policy._id! },
  } as services.Service);
  serviceId = service._id!;
  const { availabilityEntries = [] } = await visitor.availabilityCalendar.queryAvailability(
    {
      filter: {
        serviceId: [serviceId],
        startDate: new Date(Date.now() + day).toISOString(),
        endDate: new Date(Date.now() + 15 * day).toISOString(),
      },
    },
    { timezone: 'UTC' },
  );
  slots = availabilityEntries
    .filter((entry) => entry.bookable)
    .map((entry) => entry.slot as bookings.BookedSlot);
});

afterAll(async () => {
  await atrium?.close();
});

describe('the official add-ons client against Atrium', () => {
  it('creates, reads, updates, queries and deletes add-ons, one and in bulk', async () => {
    const towel = await business.addOns.createAddOn({
      name: 'Hot towel',
      price: { value: '5.00', currency: 'USD' },
      durationInMinutes: 10,
    });
    expect(towel).toMatchObject({ name: 'Hot towel', durationInMinutes: 10 });
    expect(towel.price).toMatchObject({ value: '5.00', currency: 'USD' });
    expect((await visitor.addOns.getAddOn(towel._id!)).name).toBe('Hot towel');
    const renamed = await business.addOns.updateAddOn(towel._id!, {
      revision: towel.revision!,
      name: 'Warm towel',
    });
    expect(renamed).toMatchObject({ name: 'Warm towel', durationInMinutes: 10 });

    const bulk = await business.addOns.bulkCreateAddOns(
      [
        { name: 'Oil', price: { value: '3.00', currency: 'USD' }, maxQuantity: 2 },
        { name: 'Mask', price: { value: '8.00', currency: 'USD' }, durationInMinutes: 15 },
      ],
      { returnEntity: true },
    );
    const [oil, mask] = (bulk.results ?? []).map((result) => result.item!);
    const updated = await business.addOns.bulkUpdateAddOns(
      [{ addOn: { _id: oil!._id!, revision: oil!.revision!, maxQuantity: 4 } }],
      { returnEntity: true },
    );
    expect((updated.results ?? [])[0]?.item?.maxQuantity).toBe(4);

    const found = await visitor.addOns.queryAddOns().ascending('name').find();
    expect(found.items.map((item) => item.name)).toEqual(['Mask', 'Oil', 'Warm towel']);

    await business.addOns.deleteAddOn(towel._id!);
    const deleted = await business.addOns.bulkDeleteAddOns([oil!._id!, mask!._id!]);
    expect((deleted.results ?? []).map((result) => result.itemMetadata?.success)).toEqual([true, true]);
    expect((await business.addOns.queryAddOns().find()).items).toEqual([]);
  });
});

describe('the official attendance client against Atrium', () => {
  it('sets, reads, queries, counts and deletes attendance, one and in bulk', async () => {
    const [one, two, three] = [await bookSlot(0), await bookSlot(2), await bookSlot(4)];
    const { attendance: set } = await business.attendance.setAttendance({
      bookingId: one._id!,
      status: 'ATTENDED',
      numberOfAttendees: 1,
    });
    expect(set).toMatchObject({ bookingId: one._id, status: 'ATTENDED', numberOfAttendees: 1 });
    expect((await business.attendance.getAttendance(set!._id!)).status).toBe('ATTENDED');

    const bulk = await business.attendance.bulkSetAttendance({
      returnFullEntity: true,
      attendanceDetails: [
        { attendance: { bookingId: two._id!, status: 'NOT_ATTENDED' } },
        { attendance: { bookingId: three._id!, status: 'ATTENDED' } },
      ],
    });
    expect((bulk.results ?? []).map((result) => result.item?.status)).toEqual(['NOT_ATTENDED', 'ATTENDED']);

    const found = await business.attendance.queryAttendance().eq('status', 'ATTENDED').find();
    expect(found.items.map((item) => item.bookingId).sort()).toEqual([one._id, three._id].sort());
    expect((await business.attendance.countAttendances({ filter: { status: 'ATTENDED' } })).count).toBe(2);

    await business.attendance.deleteAttendance(set!._id!);
    const deleted = await business.attendance.bulkDeleteAttendances(
      (bulk.results ?? []).map((result) => result.item!._id!),
    );
    expect((deleted.results ?? []).map((result) => result.itemMetadata?.success)).toEqual([true, true]);
    expect((await business.attendance.countAttendances({})).count).toBe(0);
  });
});

describe('the official booking-fees client against Atrium', () => {
  it('lists the fee a cancellation would cost as cancellationFee.price, and refuses to apply it', async () => {
    const booking = await bookSlot(6);
    const { bookingFees: fees = [] } = await visitor.bookingFees.listBookingFeesByBookingIds({
      bookingIds: [booking._id!],
    });
    expect(fees).toHaveLength(1);
    expect(fees[0]!.cancellationFee).toMatchObject({
      price: { value: '40.00', currency: 'USD' },
      status: 'PREVIEW',
      trigger: 'BOOKING_CANCELED',
    });
    const missing = await refusal(business.bookingFees.listBookingFeesByBookingIds({}));
    expect(missing.details?.applicationError?.code).toBe('MISSING_BOOKING_IDS');
    const applied = await refusal(business.bookingFees.applyBookingFeesToOrder([booking._id!]));
    expect(applied.details?.applicationError?.code).toBe('ORDER_NOT_FOUND');
  });
});

describe('the official pricing client against Atrium', () => {
  it("previews and calculates a booking's price from the service's rate", async () => {
    const preview = await visitor.pricing.previewPrice([{ serviceId, numberOfParticipants: 2 }]);
    // Money travels as a decimal string (platform.md); the client passes it through unchanged.
    expect(preview.priceInfo?.calculatedPrice).toBe(160);
    const calculated = await visitor.pricing.calculatePrice({
      booking: {
        bookedEntity: { slot: { serviceId } },
        totalParticipants: 1,
      } as pricing.Booking,
    });
    expect(calculated.priceInfo?.calculatedPrice).toBe(80);
  });

  it('called Atrium under the clients own paths, and nothing answered 5xx', () => {
    const paths = atrium.pathsCalled();
    for (const prefix of [
      '/bookings/bookings-attendance/',
      '/_api/booking-fees/v1/',
      '/bookings/v2/pricing/v2/',
    ])
      expect(paths.some((path) => path.includes(` ${prefix}`))).toBe(true);
    expect(atrium.forwarded.filter((request) => request.status >= 500)).toEqual([]);
  });
});
