import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.ts';
import { failure, startCatalogApp, unknownId } from './bookings-catalog-setup.ts';

// Availability, time slots, multi-service slots and external calendars through the SDK, on a catalogue
// built through the SDK. Windows lie in March 2027 (Monday 1 March) in a UTC site open Mon-Fri 09-17.
let app: Awaited<ReturnType<typeof startCatalogApp>>;
let icsServer: Server;
let icsOrigin: string;
let ann: string;
let bob: string;
let haircut: string;
let colour: string;
let yoga: string;
let yogaRule: string;
let course: { id: string; scheduleId: string };

/** A Tuesday 8 to 14 days ahead (`YYYY-MM-DD`): imports cover the next 90 days only. */
const soonTuesday = (() => {
  const day = new Date(Date.now() + 8 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((2 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
})();
const icsDate = soonTuesday.replaceAll('-', '');

const icsBody = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//EN',
  'BEGIN:VEVENT',
  'UID:dentist@test',
  'DTSTAMP:20260101T000000Z',
  `DTSTART:${icsDate}T090000Z`,
  `DTEND:${icsDate}T120000Z`,
  'SUMMARY:Dentist',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

beforeAll(async () => {
  icsServer = createServer((request, response) => {
    if (request.url?.startsWith('/ann.ics'))
      response.writeHead(200, { 'content-type': 'text/calendar' }).end(icsBody);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => icsServer.listen(0, '127.0.0.1', resolve));
  icsOrigin = `http://127.0.0.1:${(icsServer.address() as AddressInfo).port}`;
  app = await startCatalogApp({ config: { BOOKINGS_ICS_ALLOW_PRIVATE_ADDRESSES: 'true' } });

  const admin = app.owner;
  ann = (await admin.createStaffMember({ name: 'Ann' })).id;
  bob = (await admin.createStaffMember({ name: 'Bob' })).id;
  haircut = (
    await admin.createService({
      type: 'APPOINTMENT',
      name: 'Haircut',
      staffMemberIds: [ann, bob],
      schedule: { availabilityConstraints: { durations: [{ minutes: 60 }] } },
    })
  ).id;
  colour = (
    await admin.createService({
      type: 'APPOINTMENT',
      name: 'Colour',
      staffMemberIds: [bob],
      schedule: { availabilityConstraints: { durations: [{ minutes: 30 }] } },
    })
  ).id;
  // Bob is away 10:00-11:00 on Monday 1 March.
  await admin.addTimeOff(bob, { startDate: '2027-03-01T10:00:00Z', endDate: '2027-03-01T11:00:00Z' });

  yoga = (
    await admin.createService({ type: 'CLASS', name: 'Yoga', defaultCapacity: 10, staffMemberIds: [ann] })
  ).id;
  yogaRule = (
    await admin.addRecurringSession(yoga, {
      weekday: 'TUE',
      startTime: '18:00',
      durationInMinutes: 60,
      capacity: 10,
      staffMemberId: ann,
      startDate: '2027-01-01',
    })
  ).id;
  const pottery = await admin.createService({
    type: 'COURSE',
    name: 'Pottery course',
    defaultCapacity: 6,
    staffMemberIds: [bob],
  });
  course = { id: pottery.id, scheduleId: pottery.schedule!.id! };
  await admin.addRecurringSession(pottery.id, {
    weekday: 'THU',
    startTime: '10:00',
    durationInMinutes: 120,
    capacity: 6,
    staffMemberId: bob,
    startDate: '2027-03-01',
    endDate: '2027-03-31',
  });
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => icsServer?.close(resolve));
});

describe('queryAvailability', () => {
  it('lists one entry per free staff member and slot, in the caller time zone', async () => {
    const entries = await app.visitor.queryAvailability({
      query: {
        filter: { serviceId: [haircut], startDate: '2027-03-01T09:00:00Z', endDate: '2027-03-01T11:00:00Z' },
      },
      timezone: 'UTC',
    });
    expect(
      entries.map((entry) => [entry.slot.startDate.toISOString(), entry.slot.resource?.name, entry.bookable]),
    ).toEqual([
      ['2027-03-01T09:00:00.000Z', 'Ann', true],
      ['2027-03-01T09:00:00.000Z', 'Bob', true],
      ['2027-03-01T09:30:00.000Z', 'Ann', true],
      ['2027-03-01T10:00:00.000Z', 'Ann', true],
      ['2027-03-01T10:30:00.000Z', 'Ann', true],
    ]);
  });

  it("offers a staff member's own hours past the business hours, and the business hours to the others", async () => {
    const cleo = await app.owner.createStaffMember({ name: 'Cleo' });
    await app.owner.setWorkingHours(cleo.id, [{ weekday: 'WED', startTime: '12:00', endTime: '20:00' }]);
    const massage = await app.owner.createService({
      type: 'APPOINTMENT',
      name: 'Evening massage',
      staffMemberIds: [cleo.id, bob],
      schedule: { availabilityConstraints: { durations: [{ minutes: 60 }] } },
    });
    // Wednesday 3 March: the studio is open 09-17, Cleo works 12-20, Bob the business hours.
    const entries = await app.visitor.queryAvailability({
      query: {
        filter: {
          serviceId: [massage.id],
          startDate: '2027-03-03T00:00:00Z',
          endDate: '2027-03-04T00:00:00Z',
        },
      },
      timezone: 'UTC',
    });
    const startsOf = (name: string) =>
      entries
        .filter((entry) => entry.slot.resource?.name === name)
        .map((entry) => entry.slot.startDate.toISOString().slice(11, 16));
    expect(startsOf('Cleo')).toEqual(
      ['12', '13', '14', '15', '16', '17', '18']
        .flatMap((hour) => [`${hour}:00`, `${hour}:30`])
        .concat('19:00'),
    );
    expect(startsOf('Bob')).toEqual(
      ['09', '10', '11', '12', '13', '14', '15']
        .flatMap((hour) => [`${hour}:00`, `${hour}:30`])
        .concat('16:00'),
    );
  });

  it('filters by staff member and limits the slots per day', async () => {
    const entries = await app.visitor.queryAvailability({
      query: {
        filter: {
          serviceId: [haircut],
          staffMemberId: [bob],
          startDate: '2027-03-01T00:00:00Z',
          endDate: '2027-03-02T00:00:00Z',
        },
      },
      timezone: 'UTC',
      slotsPerDay: 2,
    });
    expect(entries.map((entry) => entry.slot.startDate.toISOString())).toEqual([
      '2027-03-01T09:00:00.000Z',
      '2027-03-01T11:00:00.000Z',
    ]);
  });

  it('answers 400 for an unknown time zone, a range over 90 days and an end before the start', async () => {
    const zone = await failure(
      app.visitor.queryAvailability({
        query: {
          filter: {
            serviceId: [haircut],
            startDate: '2027-03-01T00:00:00Z',
            endDate: '2027-03-02T00:00:00Z',
          },
        },
        timezone: 'Mars/Olympus',
      }),
    );
    expect(zone).toBeInstanceOf(InvalidArgumentError);
    expect((zone as InvalidArgumentError).fieldViolations[0]!.field).toBe('timezone');
    const long = await failure(
      app.visitor.queryAvailability({
        query: {
          filter: {
            serviceId: [haircut],
            startDate: '2027-03-01T00:00:00Z',
            endDate: '2027-07-01T00:00:00Z',
          },
        },
      }),
    );
    expect(long).toMatchObject({ status: 400, code: 'DATE_RANGE_TOO_LONG' });
    const backwards = await failure(
      app.visitor.queryAvailability({
        query: {
          filter: {
            serviceId: [haircut],
            startDate: '2027-03-02T00:00:00Z',
            endDate: '2027-03-01T00:00:00Z',
          },
        },
      }),
    );
    expect(backwards).toMatchObject({ status: 400, code: 'INVALID_DATE_RANGE' });
    expect(
      await failure(
        app.visitor.queryAvailability({
          query: {
            filter: {
              serviceId: [unknownId],
              startDate: '2027-03-01T00:00:00Z',
              endDate: '2027-03-02T00:00:00Z',
            },
          },
        }),
      ),
    ).toMatchObject({ status: 404, code: 'SERVICE_NOT_FOUND' });
  });
});

describe('time slots', () => {
  it('lists local time slots with the free staff, and pages with cursors both ways', async () => {
    const first = await app.visitor.listAvailabilityTimeSlots({
      serviceId: haircut,
      fromLocalDate: '2027-03-01T09:00:00',
      toLocalDate: '2027-03-01T12:00:00',
      timeZone: 'UTC',
      includeResourceTypeIds: ['1cd44cf8-756f-41c3-bd90-3e2ffcaf1155'],
      cursorPaging: { limit: 4 },
    });
    expect(
      first.timeSlots.map((slot) => [
        slot.localStartDate,
        slot.availableResources[0]!.resources.map((resource) => resource.name).join(','),
      ]),
    ).toEqual([
      ['2027-03-01T09:00:00', 'Ann,Bob'],
      ['2027-03-01T09:30:00', 'Ann'],
      ['2027-03-01T10:00:00', 'Ann'],
      ['2027-03-01T10:30:00', 'Ann'],
    ]);
    expect(first.cursorPagingMetadata.hasNext).toBe(true);
    expect(first.cursorPagingMetadata.cursors.prev ?? null).toBeNull();
    const second = await app.visitor.listAvailabilityTimeSlots({
      cursorPaging: { cursor: first.cursorPagingMetadata.cursors.next },
    });
    expect(second.timeSlots.map((slot) => slot.localStartDate)).toEqual([
      '2027-03-01T11:00:00',
      '2027-03-01T11:30:00',
    ]);
    expect(second.cursorPagingMetadata.hasNext).toBe(false);
    const back = await app.visitor.listAvailabilityTimeSlots({
      cursorPaging: { cursor: second.cursorPagingMetadata.cursors.prev },
    });
    expect(back.timeSlots.map((slot) => slot.localStartDate)).toEqual(
      first.timeSlots.map((slot) => slot.localStartDate),
    );
  });

  it('answers END_OPTIONS_NOT_SUPPORTED for end options: no service has a duration range', async () => {
    expect(
      await failure(app.visitor.listAvailabilityTimeSlotEndOptions({ serviceId: haircut })),
    ).toMatchObject({
      status: 400,
      code: 'END_OPTIONS_NOT_SUPPORTED',
    });
  });

  it('gets one slot with every free staff member, or SLOT_NOT_FOUND when it is taken', async () => {
    const { timeSlot } = await app.visitor.getAvailabilityTimeSlot({
      serviceId: haircut,
      localStartDate: '2027-03-01T09:00:00',
      localEndDate: '2027-03-01T10:00:00',
    });
    expect(timeSlot.availableResources[0]!.resources.map((resource) => resource.id)).toEqual([ann, bob]);
    const taken = await failure(
      app.visitor.getAvailabilityTimeSlot({
        serviceId: colour,
        localStartDate: '2027-03-01T10:00:00',
        localEndDate: '2027-03-01T10:30:00',
      }),
    );
    expect(taken).toMatchObject({ status: 404, code: 'SLOT_NOT_FOUND' });
  });

  it('answers 400 for a class service, a range over 90 days, from after to and an unknown time zone', async () => {
    const day = { fromLocalDate: '2027-03-01T00:00:00', toLocalDate: '2027-03-02T00:00:00' };
    expect(await failure(app.visitor.listAvailabilityTimeSlots({ serviceId: yoga, ...day }))).toMatchObject({
      status: 400,
      code: 'SERVICE_NOT_APPOINTMENT_BASED',
    });
    expect(
      await failure(
        app.visitor.listAvailabilityTimeSlots({
          serviceId: haircut,
          fromLocalDate: '2027-03-01T00:00:00',
          toLocalDate: '2027-07-01T00:00:00',
        }),
      ),
    ).toMatchObject({ status: 400, code: 'DATE_RANGE_TOO_LONG' });
    expect(
      await failure(
        app.visitor.listAvailabilityTimeSlots({
          serviceId: haircut,
          fromLocalDate: '2027-03-02T00:00:00',
          toLocalDate: '2027-03-01T00:00:00',
        }),
      ),
    ).toMatchObject({ status: 400, code: 'INVALID_DATE_RANGE' });
    expect(
      await failure(
        app.visitor.listAvailabilityTimeSlots({ serviceId: haircut, ...day, timeZone: 'Nowhere/City' }),
      ),
    ).toBeInstanceOf(InvalidArgumentError);
  });
});

describe('service locations', () => {
  it('offers each slot at every location of the service and honours location filters', async () => {
    const massage = (
      await app.owner.createService({
        type: 'APPOINTMENT',
        name: 'Massage at two places',
        staffMemberIds: [ann],
        schedule: { availabilityConstraints: { durations: [{ minutes: 60 }] } },
        locations: [
          { type: 'BUSINESS', business: { id: 'loc-main', name: 'Main street' } },
          { type: 'CUSTOMER' },
        ],
      })
    ).id;
    const hour = {
      fromLocalDate: '2027-03-01T09:00:00',
      toLocalDate: '2027-03-01T10:00:00',
      timeZone: 'UTC',
    };
    const all = await app.visitor.listAvailabilityTimeSlots({ serviceId: massage, ...hour });
    expect(
      all.timeSlots.map((slot) => [slot.localStartDate, slot.location?.locationType, slot.location?.id]),
    ).toEqual([
      ['2027-03-01T09:00:00', 'BUSINESS', 'loc-main'],
      ['2027-03-01T09:00:00', 'CUSTOMER', null],
      ['2027-03-01T09:30:00', 'BUSINESS', 'loc-main'],
      ['2027-03-01T09:30:00', 'CUSTOMER', null],
    ]);
    const atHome = await app.visitor.listAvailabilityTimeSlots({
      serviceId: massage,
      ...hour,
      locations: [{ locationType: 'CUSTOMER' }],
    });
    expect(atHome.timeSlots.map((slot) => slot.location?.locationType)).toEqual(['CUSTOMER', 'CUSTOMER']);
    const elsewhere = await app.visitor.listAvailabilityTimeSlots({
      serviceId: massage,
      ...hour,
      locations: [{ id: 'loc-other', locationType: 'BUSINESS' }],
    });
    expect(elsewhere.timeSlots).toEqual([]);

    const one = await app.visitor.getAvailabilityTimeSlot({
      serviceId: massage,
      localStartDate: '2027-03-01T09:00:00',
      localEndDate: '2027-03-01T10:00:00',
      location: { id: 'loc-main', locationType: 'BUSINESS' },
    });
    expect(one.timeSlot.location).toMatchObject({ id: 'loc-main', name: 'Main street' });
    expect(
      await failure(
        app.visitor.getAvailabilityTimeSlot({
          serviceId: massage,
          localStartDate: '2027-03-01T09:00:00',
          localEndDate: '2027-03-01T10:00:00',
          location: { id: 'loc-other' },
        }),
      ),
    ).toMatchObject({ status: 404, code: 'SLOT_NOT_FOUND' });

    const entries = await app.visitor.queryAvailability({
      query: {
        filter: { serviceId: [massage], startDate: '2027-03-01T09:00:00Z', endDate: '2027-03-01T09:30:00Z' },
      },
      timezone: 'UTC',
    });
    expect(entries.map((entry) => entry.slot.location.locationType)).toEqual(['OWNER_BUSINESS', 'CUSTOM']);

    const visit = await app.visitor.getMultiSlotAvailability({
      from: '2027-03-01T10:00:00',
      to: '2027-03-01T10:30:00',
      timeZone: 'UTC',
      slots: [{ serviceId: massage }, { serviceId: colour }],
      location: { locationType: 'CUSTOM' },
    });
    expect(visit.slots.map((entry) => entry.slot.location.locationType)).toEqual(['CUSTOM']);
  });
});

describe('customer choices', () => {
  it('sizes slots by the chosen duration plus the chosen add-ons, and names bad choices', async () => {
    const cut = (
      await app.owner.createService({
        type: 'APPOINTMENT',
        name: 'Cut with extras',
        staffMemberIds: [ann],
        schedule: { availabilityConstraints: { durations: [{ minutes: 60 }] } },
        addOnDetails: [{ addOnId: 'wash', durationInMinutes: 30 }],
      })
    ).id;
    const afternoon = {
      serviceId: cut,
      fromLocalDate: '2027-03-01T15:00:00',
      toLocalDate: '2027-03-01T17:00:00',
      timeZone: 'UTC',
    };
    const spans = async (customerChoices?: { durationInMinutes?: number; addOnIds?: string[] }) =>
      (await app.visitor.listAvailabilityTimeSlots({ ...afternoon, customerChoices })).timeSlots.map(
        (slot) => `${slot.localStartDate.slice(11, 16)}-${slot.localEndDate.slice(11, 16)}`,
      );
    expect(await spans()).toEqual(['15:00-16:00', '15:30-16:30', '16:00-17:00']);
    expect(await spans({ addOnIds: ['wash'] })).toEqual(['15:00-16:30', '15:30-17:00']);
    expect(await spans({ durationInMinutes: 30, addOnIds: ['wash'] })).toEqual([
      '15:00-16:00',
      '15:30-16:30',
      '16:00-17:00',
    ]);
    const one = await app.visitor.getAvailabilityTimeSlot({
      serviceId: cut,
      localStartDate: '2027-03-01T15:00:00',
      localEndDate: '2027-03-01T16:30:00',
      customerChoices: { addOnIds: ['wash'] },
    });
    expect(one.timeSlot.localEndDate).toBe('2027-03-01T16:30:00');
    const unknown = await failure(
      app.visitor.listAvailabilityTimeSlots({ ...afternoon, customerChoices: { addOnIds: ['nails'] } }),
    );
    expect((unknown as InvalidArgumentError).fieldViolations[0]!.field).toBe('customerChoices.addOnIds[0]');
    const negative = await failure(
      app.visitor.listAvailabilityTimeSlots({ ...afternoon, customerChoices: { durationInMinutes: -15 } }),
    );
    expect(negative).toBeInstanceOf(InvalidArgumentError);
    const visit = await app.visitor.listMultiServiceAvailabilityTimeSlots({
      services: [{ serviceId: cut, customerChoices: { addOnIds: ['wash'] } }, { serviceId: cut }],
      fromLocalDate: '2027-03-01T14:00:00',
      toLocalDate: '2027-03-01T14:30:00',
      timeZone: 'UTC',
    });
    expect(
      visit.timeSlots.map((slot) => slot.nestedTimeSlots.map((part) => part.localEndDate.slice(11, 16))),
    ).toEqual([['15:30', '16:30']]);
  });
});

describe('waiting lists', () => {
  it('tells how many places are left on a full class session waiting list', async () => {
    const policy = await app.owner.createBookingPolicy({
      name: 'With a waiting list',
      waitlistPolicy: { enabled: true, capacity: 3 },
    });
    const pilates = await app.owner.createService({
      type: 'CLASS',
      name: 'Pilates',
      defaultCapacity: 1,
      staffMemberIds: [ann],
      bookingPolicy: { id: policy.id },
    });
    const session = await app.owner.addSession(pilates.id, {
      startDate: '2027-03-05T12:00:00.000Z',
      endDate: '2027-03-05T13:00:00.000Z',
      capacity: 1,
    });
    const slot = { serviceId: pilates.id, startDate: '2027-03-05T12:00:00.000Z', eventId: session.id };
    const first = await app.as('MEMBER:wl-1').createBooking({
      bookedEntity: { slot },
      contactDetails: { firstName: 'Una', email: 'una@example.com' },
      selectedPaymentOption: 'OFFLINE',
    });
    expect(first.status).toBe('CONFIRMED');
    const waiting = await app.as('MEMBER:wl-2').createBooking({
      bookedEntity: { slot },
      contactDetails: { firstName: 'Vic', email: 'vic@example.com' },
      selectedPaymentOption: 'OFFLINE',
    });
    expect(waiting.status).toBe('WAITING_LIST');
    const [timeSlot] = (
      await app.visitor.listEventTimeSlots({
        serviceIds: [pilates.id],
        fromLocalDate: '2027-03-05T00:00:00',
        toLocalDate: '2027-03-06T00:00:00',
        includeNonBookable: true,
      })
    ).timeSlots;
    expect(timeSlot).toMatchObject({
      remainingCapacity: 0,
      eventInfo: { eventId: session.id, waitingList: { totalCapacity: 3, remainingCapacity: 2 } },
    });
    const [entry] = await app.visitor.queryAvailability({
      query: {
        filter: {
          serviceId: [pilates.id],
          startDate: '2027-03-05T00:00:00Z',
          endDate: '2027-03-06T00:00:00Z',
        },
      },
      timezone: 'UTC',
    });
    expect(entry).toMatchObject({ openSpots: 0, waitingList: { totalSpots: 3, openSpots: 2 } });
    // Without a waiting list in the policy, none is shown.
    const [plain] = (
      await app.visitor.listEventTimeSlots({
        serviceIds: [yoga],
        fromLocalDate: '2027-03-01T00:00:00',
        toLocalDate: '2027-03-03T00:00:00',
      })
    ).timeSlots;
    expect(plain!.eventInfo?.waitingList).toBeUndefined();
  });
});

describe('multi-service availability', () => {
  it('chains services back to back with the multislot call', async () => {
    const answer = await app.visitor.getMultiSlotAvailability({
      from: '2027-03-01T09:00:00',
      to: '2027-03-01T11:30:00',
      timeZone: 'UTC',
      slots: [{ serviceId: haircut }, { serviceId: colour }],
    });
    // Colour (Bob only) right after the haircut: Bob is away 10:00-11:00.
    expect(
      answer.slots.map((entry) => entry.slot.nestedTimeSlots!.map((part) => part.start.slice(11, 16))),
    ).toEqual([
      ['10:00', '11:00'],
      ['10:30', '11:30'],
      ['11:00', '12:00'],
    ]);
    const request = {
      from: '2027-03-01T09:00:00',
      to: '2027-03-01T11:30:00',
      timeZone: 'UTC',
      slots: [{ serviceId: haircut }, { serviceId: colour }],
    };
    const first = await app.visitor.getMultiSlotAvailability({ ...request, cursorPaging: { limit: 2 } });
    expect(first.slots).toHaveLength(2);
    const rest = await app.visitor.getMultiSlotAvailability({
      ...request,
      cursorPaging: { cursor: first.cursorPagingMetadata.cursors.next },
    });
    expect(rest.slots.map((entry) => entry.slot.nestedTimeSlots![0]!.start.slice(11, 16))).toEqual(['11:00']);
    expect(rest.cursorPagingMetadata).toMatchObject({ hasNext: false, cursors: { next: null } });
  });

  it('lists and gets multi-service time slots, and needs two services', async () => {
    const list = await app.visitor.listMultiServiceAvailabilityTimeSlots({
      services: [{ serviceId: haircut }, { serviceId: colour }],
      fromLocalDate: '2027-03-01T10:00:00',
      toLocalDate: '2027-03-01T10:30:00',
      timeZone: 'UTC',
    });
    expect(list.timeSlots.map((slot) => [slot.localStartDate, slot.localEndDate])).toEqual([
      ['2027-03-01T10:00:00', '2027-03-01T11:30:00'],
    ]);
    const one = await app.visitor.getMultiServiceAvailabilityTimeSlot({
      services: [{ serviceId: haircut }, { serviceId: colour }],
      localStartDate: '2027-03-01T10:00:00',
      localEndDate: '2027-03-01T11:30:00',
      timeZone: 'UTC',
    });
    expect(one.timeSlot.nestedTimeSlots.map((part) => part.serviceId)).toEqual([haircut, colour]);
    expect(
      await failure(
        app.visitor.listMultiServiceAvailabilityTimeSlots({
          services: [{ serviceId: haircut }],
          fromLocalDate: '2027-03-01T09:00:00',
          toLocalDate: '2027-03-01T10:00:00',
        }),
      ),
    ).toMatchObject({ status: 400 });
  });
});

describe('classes and courses', () => {
  it('lists class sessions by local dates and gets one by its event id', async () => {
    const list = await app.visitor.listEventTimeSlots({
      serviceIds: [yoga],
      fromLocalDate: '2027-03-01T00:00:00',
      toLocalDate: '2027-03-03T00:00:00',
    });
    expect(list.timeSlots).toHaveLength(1);
    expect(list.timeSlots[0]).toMatchObject({
      localStartDate: '2027-03-02T18:00:00',
      totalCapacity: 10,
      remainingCapacity: 10,
      eventInfo: { eventId: `${yogaRule}_20270302T180000` },
    });
    const one = await app.visitor.getEventTimeSlot(`${yogaRule}_20270302T180000`, 'America/New_York');
    expect(one.timeSlot.localStartDate).toBe('2027-03-02T13:00:00');
    expect(await failure(app.visitor.getEventTimeSlot(unknownId))).toMatchObject({ status: 404 });
  });

  it('cancels and restores one occurrence of a weekly class, and refuses one with bookings', async () => {
    const week = async () =>
      (
        await app.visitor.listEventTimeSlots({
          serviceIds: [yoga],
          fromLocalDate: '2027-03-08T00:00:00',
          toLocalDate: '2027-03-24T00:00:00',
        })
      ).timeSlots.map((slot) => slot.localStartDate);
    expect(await week()).toEqual(['2027-03-09T18:00:00', '2027-03-16T18:00:00', '2027-03-23T18:00:00']);
    const eventId = `${yogaRule}_20270309T180000`;
    const cancelled = await app.owner.cancelSessionOccurrence(yoga, eventId);
    expect(cancelled).toMatchObject({ eventId, cancelled: true, startDate: '2027-03-09T18:00:00.000Z' });
    expect(await week()).toEqual(['2027-03-16T18:00:00', '2027-03-23T18:00:00']);
    expect(await failure(app.visitor.getEventTimeSlot(eventId))).toMatchObject({ status: 404 });
    expect((await app.owner.getServiceSchedule(yoga)).sessions).toContainEqual(
      expect.objectContaining({ eventId, cancelled: true }),
    );
    const booking = await failure(
      app.member.createBooking({
        bookedEntity: { slot: { serviceId: yoga, startDate: '2027-03-09T18:00:00.000Z', eventId } },
        contactDetails: { firstName: 'Ida', email: 'ida@example.com' },
        selectedPaymentOption: 'OFFLINE',
      }),
    );
    expect(booking.status).toBeGreaterThanOrEqual(400);
    expect(await failure(app.owner.cancelSessionOccurrence(yoga, eventId))).toMatchObject({
      status: 409,
      code: 'SESSION_ALREADY_CANCELLED',
    });
    // A Wednesday is not an occurrence of a Tuesday class.
    expect(
      await failure(app.owner.cancelSessionOccurrence(yoga, `${yogaRule}_20270310T180000`)),
    ).toMatchObject({
      status: 404,
    });
    expect(await failure(app.owner.cancelSessionOccurrence(yoga, 'not-an-event'))).toMatchObject({
      status: 400,
    });
    await app.owner.restoreSessionOccurrence(yoga, eventId);
    expect(await week()).toEqual(['2027-03-09T18:00:00', '2027-03-16T18:00:00', '2027-03-23T18:00:00']);

    const booked = `${yogaRule}_20270316T180000`;
    await app.member.createBooking({
      bookedEntity: { slot: { serviceId: yoga, startDate: '2027-03-16T18:00:00.000Z', eventId: booked } },
      contactDetails: { firstName: 'Ida', email: 'ida@example.com' },
      selectedPaymentOption: 'OFFLINE',
    });
    expect(await failure(app.owner.cancelSessionOccurrence(yoga, booked))).toMatchObject({
      status: 409,
      code: 'SESSION_HAS_BOOKINGS',
    });
    expect(await failure(app.member.cancelSessionOccurrence(yoga, booked))).toMatchObject({ status: 403 });
  });

  it('gives a course its spots, and refuses a class schedule', async () => {
    const answer = await app.visitor.getScheduleAvailability(course.scheduleId);
    expect(answer.availability).toMatchObject({ totalSpots: 6, openSpots: 6 });
    const service = await app.visitor.getService(yoga);
    expect(await failure(app.visitor.getScheduleAvailability(service.schedule!.id!))).toMatchObject({
      status: 400,
    });
  });
});

describe('external calendars', () => {
  it('imports busy time from an ICS URL, blocks slots, and frees them on disconnect', async () => {
    const slotsOfAnn = async () =>
      (
        await app.visitor.queryAvailability({
          query: {
            filter: {
              serviceId: [haircut],
              staffMemberId: [ann],
              startDate: `${soonTuesday}T09:00:00Z`,
              endDate: `${soonTuesday}T13:00:00Z`,
            },
          },
          timezone: 'UTC',
        })
      ).map((entry) => entry.slot.startDate.toISOString().slice(11, 16));
    expect(await slotsOfAnn()).toHaveLength(8);

    const calendar = await app.owner.connectExternalCalendar({
      staffMemberId: ann,
      provider: 'I_CAL',
      url: `${icsOrigin}/ann.ics?secret=1`,
      name: 'Personal',
    });
    expect(calendar).toMatchObject({ provider: 'I_CAL', connectionType: 'CREDENTIALS', staffMemberId: ann });
    expect(calendar.url).not.toContain('secret=1');
    // Connecting starts an import job at once; the manual sync then runs within the request.
    for (let tries = 0; (await app.owner.getExternalCalendar(calendar.id)).status !== 'SYNCED'; tries++) {
      if (tries > 100) throw new Error('the first import did not finish');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const synced = await app.owner.syncExternalCalendar(calendar.id);
    expect(synced).toMatchObject({ status: 'SYNCED', busyIntervalCount: 1 });
    expect(await slotsOfAnn()).toEqual(['12:00', '12:30']);
    expect((await app.owner.listExternalCalendars({ staffMemberId: ann })).map((entry) => entry.id)).toEqual([
      calendar.id,
    ]);

    expect((await app.owner.disconnectExternalCalendar(calendar.id)).status).toBe('DISCONNECTED');
    expect(await slotsOfAnn()).toHaveLength(8);
    expect(await app.owner.listExternalCalendars({ staffMemberId: ann })).toEqual([]);
    expect(
      await app.owner.listExternalCalendars({ staffMemberId: ann, includeDisconnected: true }),
    ).toHaveLength(1);
    expect(
      await failure(
        app.owner.connectExternalCalendar({ staffMemberId: ann, url: 'ftp://example.com/a.ics' }),
      ),
    ).toMatchObject({ status: 400 });
    expect(await failure(app.member.listExternalCalendars())).toMatchObject({ status: 403 });
  });

  it('makes, reads and rotates a staff member private feed', async () => {
    expect(await failure(app.owner.getStaffCalendarFeed(bob))).toMatchObject({ status: 404 });
    const feed = await app.owner.createStaffCalendarFeed(bob);
    expect(feed.url).toMatch(/\/bookings\/v2\/external-calendars\/feeds\/.+\.ics$/);
    expect(feed.webcalUrl.startsWith('webcal://')).toBe(true);
    expect((await app.owner.getStaffCalendarFeed(bob)).url).toBe(feed.url);
    const text = await fetch(feed.url.replace(/^https?:\/\/[^/]+/, app.baseUrl)).then((response) =>
      response.text(),
    );
    expect(text).toContain('BEGIN:VCALENDAR');
    const rotated = await app.owner.rotateStaffCalendarFeed(bob);
    expect(rotated.url).not.toBe(feed.url);
    const old = await fetch(feed.url.replace(/^https?:\/\/[^/]+/, app.baseUrl));
    expect(old.status).toBe(404);
  });
});
