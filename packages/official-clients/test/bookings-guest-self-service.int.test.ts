import * as availabilityCalendar from '@wix/auto_sdk_bookings_availability-calendar';
import * as bookingPolicies from '@wix/auto_sdk_bookings_booking-policies';
import * as bookings from '@wix/auto_sdk_bookings_bookings';
import * as services from '@wix/auto_sdk_bookings_services';
import * as staffMembers from '@wix/auto_sdk_bookings_staff-members';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// The official bookings client's guest self-service (anonymous booking actions), unchanged, against
// Atrium: the business asks for a booking's token, and a visitor who holds it (no account, another
// browser) reads the booking and its service, reschedules it and cancels it.

const modules = { availabilityCalendar, bookingPolicies, bookings, services, staffMembers };
const day = 24 * 3_600_000;

let atrium: AtriumBehindOfficialHost;
let business: ReturnType<typeof clientWith>;
let serviceId: string;

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

beforeAll(async () => {
  atrium = await startAtriumBehindOfficialHost();
  business = clientWith(ApiKeyStrategy({ apiKey: atrium.apiKey, siteId: atrium.siteId }));
  const staff = await business.staffMembers.createStaffMember({ name: 'Ida', email: 'ida@example.com' });
  const policy = await business.bookingPolicies.createBookingPolicy({
    name: 'Guests may change their bookings',
    cancellationPolicy: { enabled: true, allowAnonymous: true },
    reschedulePolicy: { enabled: true, allowAnonymous: true },
  });
  const service = await business.services.createService({
    type: 'APPOINTMENT',
    name: 'Fitting',
    staffMemberIds: [staff._id!],
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: '30.00', currency: 'USD' } },
      options: { inPerson: true, online: false },
    },
    onlineBooking: { enabled: true, requireManualApproval: false },
    schedule: { availabilityConstraints: { durations: [{ minutes: 60 }] } },
    locations: [{ type: 'BUSINESS' }],
    bookingPolicy: { _id: policy._id! },
  } as services.Service);
  serviceId = service._id!;
});

afterAll(async () => {
  await atrium?.close();
});

describe("the official client's guest self-service against Atrium", () => {
  it('reads, reschedules and cancels a booking by its token', async () => {
    const visitor = clientWith(OAuthStrategy({ clientId: atrium.clientId }));
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
    const slots = availabilityEntries
      .filter((entry) => entry.bookable)
      .map((entry) => entry.slot as bookings.BookedSlot);
    const { booking } = await visitor.bookings.createBooking({
      bookedEntity: { slot: slots[0] },
      contactDetails: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      totalParticipants: 1,
    });

    const { token } = await business.bookings.getAnonymousActionToken(booking!._id!);
    expect(token!.length).toBeGreaterThanOrEqual(32);

    const guest = clientWith(OAuthStrategy({ clientId: atrium.clientId }));
    const opened = await guest.bookings.bookingsGetBookingAnonymously(token!);
    expect(opened.booking?._id).toBe(booking!._id);
    expect(opened.allowedAnonymousActions).toEqual({ cancel: true, reschedule: true });
    const { service } = await guest.bookings.getServiceAnonymously(token!);
    expect(service?._id).toBe(serviceId);

    const later = slots[3]!;
    const moved = await guest.bookings.bookingsRescheduleBookingAnonymously(
      token!,
      { serviceId, startDate: later.startDate!, endDate: later.endDate!, timezone: 'UTC' },
      { revision: opened.booking!.revision! },
    );
    expect(new Date(moved.booking!.startDate!).getTime()).toBe(new Date(later.startDate!).getTime());

    const canceled = await guest.bookings.bookingsCancelBookingAnonymously(token!, moved.booking!.revision!);
    expect(canceled.booking?.status).toBe('CANCELED');

    const made = await refusal(
      guest.bookings.bookingsGetBookingAnonymously('bgt_made-up-token-that-opens-nothing'),
    );
    expect(made.details?.applicationError?.code).toBe('INVALID_TOKEN');
  });

  it('called the guest paths at the host root, and nothing answered 5xx', () => {
    expect(atrium.pathsCalled().some((path) => path.includes(' /v1/anonymous-bookings/'))).toBe(true);
    expect(atrium.forwarded.filter((request) => request.status >= 500)).toEqual([]);
  });
});
