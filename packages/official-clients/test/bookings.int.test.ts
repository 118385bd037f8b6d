import * as availabilityCalendar from '@wix/auto_sdk_bookings_availability-calendar';
import * as availabilityTimeSlots from '@wix/auto_sdk_bookings_availability-time-slots';
import * as bookings from '@wix/auto_sdk_bookings_bookings';
import * as extendedBookings from '@wix/auto_sdk_bookings_extended-bookings';
import * as multiServiceAvailabilityTimeSlots from '@wix/auto_sdk_bookings_multi-service-availability-time-slots';
import * as services from '@wix/auto_sdk_bookings_services';
import * as staffMembers from '@wix/auto_sdk_bookings_staff-members';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// The official bookings client (`@wix/bookings`: services, staff members, availability, time slots,
// bookings, extended bookings), unchanged, against Atrium: the business sets up with an API key, a
// visitor finds a slot and books it, the business confirms, reschedules, declines and cancels.

const modules = {
  multiServiceAvailabilityTimeSlots,
  services,
  staffMembers,
  availabilityCalendar,
  availabilityTimeSlots,
  bookings,
  extendedBookings,
};

let atrium: AtriumBehindOfficialHost;
let business: ReturnType<typeof clientWith>;
let visitor: ReturnType<typeof clientWith>;
let staffMemberId: string;
let approvalServiceId: string;
let instantServiceId: string;

function clientWith(auth: ReturnType<typeof ApiKeyStrategy> | ReturnType<typeof OAuthStrategy>) {
  return createClient({ modules, auth });
}

const day = 24 * 3_600_000;
const contact = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

function appointmentService(name: string, requireManualApproval: boolean): services.Service {
  return {
    type: 'APPOINTMENT',
    name,
    staffMemberIds: [staffMemberId],
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: '45.00', currency: 'USD' } },
      options: { inPerson: true, online: false },
    },
    onlineBooking: { enabled: true, requireManualApproval },
    schedule: { availabilityConstraints: { durations: [{ minutes: 60 }] } },
    locations: [{ type: 'BUSINESS' }],
  } as services.Service;
}

/**
 * The bookable slots of a service over the next two weeks, as the availability calendar lists them, typed
 * as the booking's slot: a headless site passes the availability slot to createBooking as it is, though
 * the client's declarations type the two apart (`resource._id` may be null in one and not the other).
 */
async function bookableSlots(serviceId: string): Promise<bookings.BookedSlot[]> {
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
  return availabilityEntries
    .filter((entry) => entry.bookable)
    .map((entry) => entry.slot as bookings.BookedSlot);
}

const instant = (date: string | null | undefined) => new Date(date!).getTime();

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('the call was expected to be refused');
    },
    (error: unknown) => error as { message: string; details?: { applicationError?: { code?: string } } },
  );
}

beforeAll(async () => {
  atrium = await startAtriumBehindOfficialHost();
  business = clientWith(ApiKeyStrategy({ apiKey: atrium.apiKey, siteId: atrium.siteId }));
  visitor = clientWith(OAuthStrategy({ clientId: atrium.clientId }));
  const staff = await business.staffMembers.createStaffMember({
    name: 'Grace Hopper',
    email: 'grace@example.com',
  });
  staffMemberId = staff._id!;
  approvalServiceId = (await business.services.createService(appointmentService('Consultation', true)))._id!;
  instantServiceId = (await business.services.createService(appointmentService('Quick check', false)))._id!;
});

afterAll(async () => {
  await atrium?.close();
});

describe('the official bookings client against Atrium', () => {
  it('creates, reads, updates and queries services and staff members', async () => {
    const service = await business.services.getService(approvalServiceId);
    expect(service).toMatchObject({ type: 'APPOINTMENT', name: 'Consultation' });
    expect(service.payment?.fixed?.price).toMatchObject({ value: '45.00', currency: 'USD' });
    expect(service.staffMemberIds).toEqual([staffMemberId]);

    const renamed = await business.services.updateService(approvalServiceId, {
      revision: service.revision!,
      name: 'First consultation',
    });
    expect(renamed.name).toBe('First consultation');
    expect(BigInt(renamed.revision!)).toBeGreaterThan(BigInt(service.revision!));

    const listed = await visitor.services.queryServices().eq('type', 'APPOINTMENT').ascending('name').find();
    expect(listed.items.map((item) => item.name)).toEqual(['First consultation', 'Quick check']);

    const staff = await business.staffMembers.queryStaffMembers().find();
    expect(staff.items.map((member) => member.name)).toEqual(['Grace Hopper']);
  });

  it('answers every other services call of the client', async () => {
    const created = await business.services.bulkCreateServices(
      [appointmentService('Bulk one', false), appointmentService('Bulk two', false)],
      { returnEntity: true },
    );
    expect((created.results ?? []).map((result) => result.itemMetadata?.success)).toEqual([true, true]);
    const [one, two] = (created.results ?? []).map((result) => result.item!._id!);

    expect((await business.services.countServices({ filter: { type: 'APPOINTMENT' } })).count).toBe(4);
    const searched = await visitor.services.searchServices({ search: { expression: 'Bulk' } });
    expect(searched.services?.map((service) => service.name).sort()).toEqual(['Bulk one', 'Bulk two']);

    expect(await business.services.validateSlug(one!, { slug: 'bulk-one' })).toMatchObject({ valid: true });
    expect(await business.services.validateSlug(one!, { slug: 'Bad Slug!' })).toMatchObject({
      valid: false,
      errors: ['SLUG_CONTAINS_ILLEGAL_CHARACTERS'],
    });
    const slugged = await business.services.setCustomSlug(one!, { slug: 'bulk-one' });
    expect(slugged.slug).toMatchObject({ name: 'bulk-one', custom: true });
    expect(await business.services.validateSlug(two!, { slug: 'bulk-one' })).toMatchObject({
      valid: false,
      errors: ['SLUG_ALREADY_EXISTS'],
    });

    const clone = await business.services.cloneService(one!);
    expect(clone.service).toMatchObject({ type: 'APPOINTMENT', staffMemberIds: [staffMemberId] });
    expect(clone.service?._id).not.toBe(one);

    const located = await business.services.setServiceLocations(one!, { locations: [{ type: 'CUSTOMER' }] });
    expect(located.service?.locations?.map((location) => location.type)).toEqual(['CUSTOMER']);
    const plan = '11111111-1111-4111-8111-111111111111';
    const withPlan = await business.services.enablePricingPlansForService(one!, [plan]);
    expect(withPlan.service?.payment?.pricingPlanIds).toEqual([plan]);
    const withoutPlan = await business.services.disablePricingPlansForService(one!, {
      pricingPlanIds: [plan],
    });
    expect(withoutPlan.service?.payment?.pricingPlanIds ?? []).toEqual([]);

    const current = await business.services.getService(two!);
    const bulkUpdated = await business.services.bulkUpdateServices({
      services: [{ service: { _id: two!, revision: current.revision!, tagLine: 'Now with tea' } }],
      returnEntity: true,
    });
    expect(bulkUpdated.results?.[0]?.item?.tagLine).toBe('Now with tea');

    expect((await visitor.services.queryLocations({})).businessLocations).toMatchObject({ exists: true });
    expect((await visitor.services.queryCategories({})).categories).toEqual([]);
    expect((await business.services.queryPolicies({})).bookingPolicies?.length).toBeGreaterThan(0);
    expect((await business.services.queryBookingForms({})).bookingForms?.length).toBeGreaterThan(0);

    await business.services.deleteService(clone.service!._id!, {
      preserveFutureSessionsWithParticipants: true,
    });
    const deleted = await business.services.bulkDeleteServices([one!, two!]);
    expect((deleted.results ?? []).map((result) => result.itemMetadata?.success)).toEqual([true, true]);
    expect((await business.services.countServices({})).count).toBe(2);
  });

  it('lists availability and time slots for the staff member who gives the service', async () => {
    const slots = await bookableSlots(instantServiceId);
    expect(slots.length).toBeGreaterThan(10);
    for (const slot of slots) {
      expect(slot.serviceId).toBe(instantServiceId);
      expect(slot.resource?._id).toBe(staffMemberId);
      expect(new Date(slot.endDate!).getTime() - new Date(slot.startDate!).getTime()).toBe(3_600_000);
    }

    const from = new Date(Date.now() + day).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 8 * day).toISOString().slice(0, 10);
    const { timeSlots = [] } = await visitor.availabilityTimeSlots.listAvailabilityTimeSlots({
      serviceId: instantServiceId,
      fromLocalDate: `${from}T00:00:00`,
      toLocalDate: `${to}T00:00:00`,
      timeZone: 'UTC',
    });
    const bookable = timeSlots.filter((slot) => slot.bookable);
    expect(bookable.length).toBeGreaterThan(0);
    for (const slot of bookable) {
      expect(slot.serviceId).toBe(instantServiceId);
      expect(slot.localStartDate! >= `${from}T00:00:00`).toBe(true);
      expect(slot.localStartDate! < `${to}T00:00:00`).toBe(true);
    }
  });

  it("gets one time slot, back-to-back slots for two services and a schedule's availability", async () => {
    // The first day with open hours from tomorrow on (tomorrow may be a weekend, when the studio is closed).
    const week = await visitor.availabilityTimeSlots.listAvailabilityTimeSlots({
      serviceId: instantServiceId,
      fromLocalDate: `${new Date(Date.now() + day).toISOString().slice(0, 10)}T00:00:00`,
      toLocalDate: `${new Date(Date.now() + 8 * day).toISOString().slice(0, 10)}T00:00:00`,
      timeZone: 'UTC',
      bookable: true,
    });
    const from = week.timeSlots![0]!.localStartDate!.slice(0, 10);
    const { timeSlots = [] } = await visitor.availabilityTimeSlots.listAvailabilityTimeSlots({
      serviceId: instantServiceId,
      fromLocalDate: `${from}T00:00:00`,
      toLocalDate: `${from}T23:59:59`,
      timeZone: 'UTC',
      bookable: true,
    });
    const first = timeSlots[0]!;
    const one = await visitor.availabilityTimeSlots.getAvailabilityTimeSlot(
      instantServiceId,
      first.localStartDate!,
      first.localEndDate!,
      'UTC',
      first.location!,
    );
    expect(one.timeSlot).toMatchObject({ serviceId: instantServiceId, localStartDate: first.localStartDate });

    const multi = await visitor.availabilityCalendar.calculateMultiSlotAvailability({
      from: `${from}T00:00:00`,
      to: new Date(Date.parse(`${from}T00:00:00Z`) + 3 * day).toISOString().slice(0, 19),
      timeZone: 'UTC',
      slots: [{ serviceId: instantServiceId }, { serviceId: approvalServiceId }],
      slotsPerDay: 3,
    });
    expect(multi.slots?.length).toBeGreaterThan(0);
    for (const entry of multi.slots ?? []) {
      // The wire slot carries its parts; this version's declarations define NestedTimeSlot but leave it
      // off Slot.
      const slot = entry.slot as availabilityCalendar.Slot & {
        nestedTimeSlots?: availabilityCalendar.NestedTimeSlot[];
      };
      const parts = slot.nestedTimeSlots ?? [];
      expect(parts.map((part) => part.serviceId)).toEqual([instantServiceId, approvalServiceId]);
      expect(instant(parts[1]!.start)).toBe(instant(parts[0]!.end));
    }

    const service = await business.services.getService(instantServiceId);
    const sequence = await visitor.multiServiceAvailabilityTimeSlots.listMultiServiceAvailabilityTimeSlots({
      services: [{ serviceId: instantServiceId }, { serviceId: approvalServiceId }],
      fromLocalDate: `${from}T00:00:00`,
      toLocalDate: `${from}T23:59:59`,
      timeZone: 'UTC',
      bookable: true,
    });
    expect(sequence.timeSlots?.length).toBeGreaterThan(0);
    for (const slot of sequence.timeSlots ?? []) {
      const parts = slot.nestedTimeSlots ?? [];
      expect(parts.map((part) => part.serviceId)).toEqual([instantServiceId, approvalServiceId]);
      expect(parts[1]!.localStartDate).toBe(parts[0]!.localEndDate);
    }

    // Schedule availability is a course's; an appointment's schedule is refused with the client's own code.
    const notACourse = await refusal(
      visitor.availabilityCalendar.getScheduleAvailability(service.schedule!._id!),
    );
    expect(notACourse.details?.applicationError?.code).toBe('FAILED_RESOLVING_SCHEDULE');
  });

  it('books as a visitor; the business confirms, reschedules and cancels', async () => {
    const [first, , , later] = await bookableSlots(approvalServiceId);
    const created = await visitor.bookings.createBooking({
      bookedEntity: { slot: first },
      contactDetails: contact,
      totalParticipants: 1,
    });
    const booking = created.booking!;
    expect(booking).toMatchObject({ status: 'PENDING', totalParticipants: 1 });
    expect(instant(booking.bookedEntity?.slot?.startDate)).toBe(instant(first!.startDate));
    expect(booking.contactDetails).toMatchObject(contact);

    const confirmed = await business.bookings.confirmBooking(booking._id!, booking.revision!, {});
    expect(confirmed.booking).toMatchObject({ status: 'CONFIRMED' });
    const stillOpen = await bookableSlots(approvalServiceId);
    expect(stillOpen.map((slot) => slot.startDate)).not.toContain(first!.startDate);

    const moved = await business.bookings.rescheduleBooking(booking._id!, later!, {
      revision: confirmed.booking!.revision!,
    });
    expect(instant(moved.booking?.bookedEntity?.slot?.startDate)).toBe(instant(later!.startDate));
    const afterMove = (await bookableSlots(approvalServiceId)).map((slot) => slot.startDate);
    expect(afterMove).toContain(first!.startDate);
    expect(afterMove).not.toContain(later!.startDate);

    const stale = await refusal(
      business.bookings.cancelBooking(booking._id!, { revision: confirmed.booking!.revision! }),
    );
    expect(stale.details?.applicationError?.code).toBe('REVISION_MISMATCH');

    const canceled = await business.bookings.cancelBooking(booking._id!, {
      revision: moved.booking!.revision!,
    });
    expect(canceled.booking).toMatchObject({ status: 'CANCELED' });
    expect((await bookableSlots(approvalServiceId)).map((slot) => slot.startDate)).toContain(
      later!.startDate,
    );
  });

  it('declines a pending booking', async () => {
    const [, second] = await bookableSlots(approvalServiceId);
    const { booking } = await visitor.bookings.createBooking({
      bookedEntity: { slot: second },
      contactDetails: contact,
      totalParticipants: 1,
    });
    const declined = await business.bookings.declineBooking(booking!._id!, booking!.revision!, {});
    expect(declined.booking).toMatchObject({ status: 'DECLINED' });
  });

  it('refuses a second booking of a taken slot with a conflict code', async () => {
    const [slot] = await bookableSlots(instantServiceId);
    const { booking } = await visitor.bookings.createBooking({
      bookedEntity: { slot },
      contactDetails: contact,
      totalParticipants: 1,
    });
    expect(booking).toMatchObject({ status: 'CONFIRMED' });

    const other = clientWith(OAuthStrategy({ clientId: atrium.clientId }));
    const refused = await refusal(
      other.bookings.createBooking({
        bookedEntity: { slot },
        contactDetails: { ...contact, email: 'someone.else@example.com' },
        totalParticipants: 1,
      }),
    );
    expect(refused.details?.applicationError?.code).toBe('SLOT_NOT_AVAILABLE');
  });

  it('queries extended bookings with their allowed actions', async () => {
    const { extendedBookings: found = [] } = await business.extendedBookings.queryExtendedBookings(
      { filter: { status: 'CONFIRMED' } },
      { withBookingAllowedActions: true },
    );
    expect(found.length).toBe(1);
    expect(found[0]!.booking).toMatchObject({
      status: 'CONFIRMED',
      bookedEntity: { slot: { serviceId: instantServiceId } },
    });
    expect(found[0]!.allowedActions).toMatchObject({ cancel: true, reschedule: true });
  });

  it('called Atrium under the official prefixes, and nothing answered 5xx', () => {
    const paths = atrium.pathsCalled();
    expect(paths.length).toBeGreaterThan(8);
    expect(atrium.forwarded.filter((request) => request.status >= 500)).toEqual([]);
  });
});
