import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingPolicies,
  bookingRecurringSessions,
  bookingServices,
  bookingStaffMembers,
} from '../src/modules/bookings/catalogue.tables.ts';
import { bookingBusyTimes } from '../src/modules/bookings/availability/availability.tables.ts';
import {
  queryAvailabilityResponseSchema,
  type SlotAvailability,
} from '@atrium/contract/bookings/availability';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';

// Availability over HTTP on a real database. The catalogue rows are written directly (named factories
// below) so these tests pin the engine's wire behaviour, not the catalogue's write paths. Windows lie in
// March 2027 (Monday 1 March), well after the real clock, in a site whose time zone is UTC.

let t: TestApp;
let siteId: string;
const visitor = as('ANONYMOUS_VISITOR');
const ann = randomUUID();
const bob = randomUUID();
let haircut: { id: string; scheduleId: string };
let colour: { id: string; scheduleId: string };
let yoga: { id: string; scheduleId: string };
let course: { id: string; scheduleId: string };
let yogaRule: string;

async function insertService(
  values: Partial<typeof bookingServices.$inferInsert> & { name: string; type: string },
  policyId: string,
) {
  const [row] = await t.app.database.db
    .insert(bookingServices)
    .values({
      siteId,
      bookingPolicyId: policyId,
      rateType: 'NO_FEE',
      currency: 'USD',
      doc: {},
      durationMinutes: 60,
      staffMemberIds: [ann, bob],
      ...values,
    })
    .returning();
  return { id: row!.id, scheduleId: row!.scheduleId };
}

beforeAll(async () => {
  t = await createTestApp();
  siteId = (await inject(t.app, { method: 'GET', url: '/sites/v1/site', headers: owner })).body.site.id;
  const db = t.app.database.db;
  const [policy] = await db
    .insert(bookingPolicies)
    .values({ siteId, name: 'Default', isDefault: true, doc: {} })
    .returning();
  await db.insert(bookingStaffMembers).values([
    { id: ann, siteId, name: 'Ann' },
    { id: bob, siteId, name: 'Bob' },
  ]);
  haircut = await insertService({ name: 'Haircut', type: 'APPOINTMENT' }, policy!.id);
  colour = await insertService(
    { name: 'Colour', type: 'APPOINTMENT', durationMinutes: 30, staffMemberIds: [bob] },
    policy!.id,
  );
  yoga = await insertService(
    { name: 'Yoga', type: 'CLASS', defaultCapacity: 10, staffMemberIds: [ann] },
    policy!.id,
  );
  course = await insertService(
    { name: 'Pottery course', type: 'COURSE', defaultCapacity: 6, staffMemberIds: [bob] },
    policy!.id,
  );
  const [rule] = await db
    .insert(bookingRecurringSessions)
    .values([
      {
        siteId,
        serviceId: yoga.id,
        scheduleId: yoga.scheduleId,
        weekday: 2,
        startMinute: 18 * 60,
        durationMinutes: 60,
        capacity: 10,
        staffMemberId: ann,
        startDate: '2027-01-01',
      },
    ])
    .returning();
  yogaRule = rule!.id;
  await db.insert(bookingRecurringSessions).values({
    siteId,
    serviceId: course.id,
    scheduleId: course.scheduleId,
    weekday: 4,
    startMinute: 10 * 60,
    durationMinutes: 120,
    capacity: 6,
    staffMemberId: bob,
    startDate: '2027-03-01',
    endDate: '2027-03-31',
  });
  await db.insert(bookingBusyTimes).values([
    // Bob is booked 10:00-11:00 on Monday 1 March.
    {
      siteId,
      staffMemberId: bob,
      startDate: new Date('2027-03-01T10:00:00Z'),
      endDate: new Date('2027-03-01T11:00:00Z'),
      source: 'BOOKING',
      sourceId: 'b1',
    },
    // Three participants in the yoga class of Tuesday 2 March.
    {
      siteId,
      sessionId: `${yogaRule}_20270302T180000`,
      startDate: new Date('2027-03-02T18:00:00Z'),
      endDate: new Date('2027-03-02T19:00:00Z'),
      participants: 3,
      source: 'BOOKING',
      sourceId: 'b2',
    },
    // Two enrolled in the course.
    {
      siteId,
      scheduleId: course.scheduleId,
      startDate: new Date('2027-03-04T10:00:00Z'),
      endDate: new Date('2027-03-25T12:00:00Z'),
      participants: 2,
      source: 'BOOKING',
      sourceId: 'b3',
    },
  ]);
});

afterAll(async () => {
  await t?.close();
});

const query = (filter: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  inject(t.app, {
    method: 'POST',
    url: '/bookings/v1/availability/query',
    headers: visitor,
    payload: { query: { filter }, ...extra },
  });

describe('POST /bookings/v1/availability/query', () => {
  it('lists one entry per free staff member and slot, in the caller’s time zone', async () => {
    const response = await query(
      { serviceId: [haircut.id], startDate: '2027-03-01T09:00:00', endDate: '2027-03-01T12:00:00' },
      { timezone: 'Europe/Paris' },
    );
    expect(response.status).toBe(200);
    // 09:00-12:00 Paris is 08:00-11:00 UTC; the business opens at 09:00 UTC and Bob is busy 10:00-11:00 UTC.
    const described = response.body.availabilityEntries.map(
      (entry: { slot: { startDate: string; resource: { name: string } } }) =>
        `${entry.slot.startDate} ${entry.slot.resource.name}`,
    );
    expect(described).toEqual([
      '2027-03-01T10:00:00+01:00 Ann',
      '2027-03-01T10:00:00+01:00 Bob',
      '2027-03-01T10:30:00+01:00 Ann',
      '2027-03-01T11:00:00+01:00 Ann',
      '2027-03-01T11:30:00+01:00 Ann',
    ]);
    expect(response.body.availabilityEntries[0]).toMatchObject({
      slot: {
        serviceId: haircut.id,
        scheduleId: haircut.scheduleId,
        endDate: '2027-03-01T11:00:00+01:00',
        timezone: 'Europe/Paris',
        resource: { id: ann, name: 'Ann' },
        location: { locationType: 'OWNER_BUSINESS' },
      },
      bookable: true,
      openSpots: 1,
      totalSpots: 1,
      bookingPolicyViolations: { tooEarlyToBook: false, tooLateToBook: false, bookOnlineDisabled: false },
    });
  });

  it('answers exactly what the schema says, with nothing more, though its answer is not encoded by zod', async () => {
    // Appointments, classes (waiting lists, event ids) and the CUSTOM locations of a week, in a zone.
    const response = await query(
      {
        serviceId: [haircut.id, colour.id, yoga.id],
        startDate: '2027-03-01T00:00:00',
        endDate: '2027-03-08T00:00:00',
      },
      { timezone: 'America/New_York' },
    );
    expect(response.status).toBe(200);
    const entries = response.body.availabilityEntries as unknown[];
    expect(entries.length).toBeGreaterThan(10);
    expect(queryAvailabilityResponseSchema.encode(response.body)).toEqual(response.body);
  });

  it('writes the same JSON text as JSON.stringify for entries of several places and awkward names', async () => {
    // Appointment entries are written from text their slot shares (calendar-answer-json.ts): quotes,
    // backslashes, non-ASCII and null names must come out exactly as JSON.stringify writes them.
    const db = t.app.database.db;
    const zoe = randomUUID();
    const nameless = randomUUID();
    await db.insert(bookingStaffMembers).values([
      { id: zoe, siteId, name: 'Zoë "Z" O\\Neil \u2028' },
      { id: nameless, siteId, name: '' },
    ]);
    const [policy] = await db.select().from(bookingPolicies).where(eq(bookingPolicies.siteId, siteId));
    const places = await insertService(
      {
        name: 'Two places',
        type: 'APPOINTMENT',
        staffMemberIds: [zoe, nameless],
        doc: {
          locations: [
            { type: 'BUSINESS', business: { id: 'loc-1', name: 'Main "Street" \\ studio ☀' } },
            { type: 'CUSTOM', custom: { address: { formattedAddress: '1 Rue de l’Église, Paris' } } },
          ],
        },
      },
      policy!.id,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/bookings/v1/availability/query',
      headers: visitor,
      payload: {
        query: {
          filter: {
            serviceId: [places.id, yoga.id],
            startDate: '2027-03-01T00:00:00',
            endDate: '2027-03-03T00:00:00',
          },
        },
        timezone: 'Asia/Kolkata',
      },
    });
    expect(response.statusCode).toBe(200);
    // Written as bytes (calendar-answer-json.ts), still sent as JSON text.
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const answer = JSON.parse(response.body) as { availabilityEntries: SlotAvailability[] };
    expect(response.body).toBe(JSON.stringify(answer));
    expect(queryAvailabilityResponseSchema.encode(answer)).toEqual(answer);
    const entries = answer.availabilityEntries;
    // Every slot once per staff member and place; the Tuesday yoga class among them.
    const ofPlaces = entries.filter((entry) => entry.slot.serviceId === places.id);
    expect(ofPlaces.length).toBeGreaterThan(0);
    expect(ofPlaces.length % 4).toBe(0);
    expect(entries.filter((entry) => entry.slot.eventId)).toHaveLength(1);
    expect(new Set(entries.map((entry) => entry.slot.location.name))).toEqual(
      new Set(['Main "Street" \\ studio ☀', undefined]),
    );
    expect(new Set(entries.map((entry) => entry.slot.resource?.name))).toEqual(
      // The class session names its teacher by id alone.
      new Set(['Zoë "Z" O\\Neil \u2028', '', undefined]),
    );
  });

  it('limits entries per day and filters by staff member', async () => {
    const response = await query(
      {
        serviceId: haircut.id,
        startDate: '2027-03-01T00:00:00Z',
        endDate: '2027-03-03T00:00:00Z',
        staffMemberId: [bob],
      },
      { slotsPerDay: 2 },
    );
    expect(response.status).toBe(200);
    expect(
      response.body.availabilityEntries.map((entry: { slot: { startDate: string } }) => entry.slot.startDate),
    ).toEqual([
      '2027-03-01T09:00:00Z',
      '2027-03-01T11:00:00Z',
      '2027-03-02T09:00:00Z',
      '2027-03-02T09:30:00Z',
    ]);
  });

  it('gives class sessions with their remaining spots', async () => {
    const response = await query({
      serviceId: [yoga.id],
      startDate: '2027-03-01T00:00:00Z',
      endDate: '2027-03-10T00:00:00Z',
    });
    expect(response.status).toBe(200);
    expect(
      response.body.availabilityEntries.map(
        (entry: { slot: { startDate: string; eventId: string }; openSpots: number; totalSpots: number }) => [
          entry.slot.startDate,
          entry.slot.eventId,
          entry.openSpots,
          entry.totalSpots,
        ],
      ),
    ).toEqual([
      ['2027-03-02T18:00:00Z', `${yogaRule}_20270302T180000`, 7, 10],
      ['2027-03-09T18:00:00Z', `${yogaRule}_20270309T180000`, 10, 10],
    ]);
  });

  it.each([
    [
      'an unknown time zone',
      { serviceId: 'x', startDate: '2027-03-01T00:00:00Z', endDate: '2027-03-02T00:00:00Z' },
      { timezone: 'Mars/Olympus' },
      'timezone',
    ],
    [
      'a range over 90 days',
      { serviceId: 'x', startDate: '2027-03-01T00:00:00Z', endDate: '2027-06-01T00:00:00Z' },
      {},
      'DATE_RANGE_TOO_LONG',
    ],
    [
      'an end before the start',
      { serviceId: 'x', startDate: '2027-03-02T00:00:00Z', endDate: '2027-03-01T00:00:00Z' },
      {},
      'INVALID_DATE_RANGE',
    ],
    [
      'a malformed date',
      { serviceId: 'x', startDate: 'tomorrow', endDate: '2027-03-01T00:00:00Z' },
      {},
      'query.filter.startDate',
    ],
  ])('answers 400 for %s', async (_name, filter, extra, expected) => {
    const response = await query(filter, extra);
    expect(response.status).toBe(400);
    const violations = response.body.details.validationError?.fieldViolations ?? [];
    const code = response.body.details.applicationError?.code;
    expect([code, ...violations.map((violation: { field: string }) => violation.field)]).toContain(expected);
  });

  it('answers 400 naming the missing service id', async () => {
    const response = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v1/availability/query',
      headers: visitor,
      payload: { query: { filter: { startDate: '2027-03-01T00:00:00Z', endDate: '2027-03-02T00:00:00Z' } } },
    });
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations[0].field).toBe('query.filter.serviceId');
  });

  it('answers 404 SERVICE_NOT_FOUND for a service of no one', async () => {
    const response = await query({
      serviceId: [randomUUID()],
      startDate: '2027-03-01T00:00:00Z',
      endDate: '2027-03-02T00:00:00Z',
    });
    expect(response.status).toBe(404);
    expect(response.body.details.applicationError.code).toBe('SERVICE_NOT_FOUND');
  });

  it('answers 401 without credentials', async () => {
    const response = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v1/availability/query',
      payload: {},
    });
    expect(response.status).toBe(401);
  });
});

describe('POST /bookings/v2/time-slots', () => {
  it('lists local time slots with capacity and, when asked, the free staff', async () => {
    const response = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/time-slots',
      headers: visitor,
      payload: {
        serviceId: haircut.id,
        fromLocalDate: '2027-03-01T09:00:00',
        toLocalDate: '2027-03-01T10:30:00',
        timeZone: 'UTC',
        includeResourceTypeIds: ['1cd44cf8-756f-41c3-bd90-3e2ffcaf1155'],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.timeZone).toBe('UTC');
    expect(
      response.body.timeSlots.map(
        (slot: {
          localStartDate: string;
          remainingCapacity: number;
          availableResources: Array<{ resources: Array<{ name: string }> }>;
        }) => [
          slot.localStartDate,
          slot.remainingCapacity,
          slot.availableResources[0]!.resources.map((resource) => resource.name).join(','),
        ],
      ),
    ).toEqual([
      ['2027-03-01T09:00:00', 2, 'Ann,Bob'],
      ['2027-03-01T09:30:00', 1, 'Ann'],
      ['2027-03-01T10:00:00', 1, 'Ann'],
    ]);
  });

  it('pages with a cursor that carries the request', async () => {
    const first = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/time-slots',
      headers: visitor,
      payload: {
        serviceId: haircut.id,
        fromLocalDate: '2027-03-01T09:00:00',
        toLocalDate: '2027-03-01T12:00:00',
        cursorPaging: { limit: 4 },
      },
    });
    expect(first.body.timeSlots).toHaveLength(4);
    expect(first.body.cursorPagingMetadata.hasNext).toBe(true);
    const second = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/time-slots',
      headers: visitor,
      payload: { cursorPaging: { cursor: first.body.cursorPagingMetadata.cursors.next } },
    });
    expect(second.status).toBe(200);
    expect(second.body.timeSlots.map((slot: { localStartDate: string }) => slot.localStartDate)).toEqual([
      '2027-03-01T11:00:00',
      '2027-03-01T11:30:00',
    ]);
    expect(second.body.cursorPagingMetadata.hasNext).toBe(false);
  });

  it('answers 400 for a class service and for a range over 90 days', async () => {
    const classSlots = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/time-slots',
      headers: visitor,
      payload: {
        serviceId: yoga.id,
        fromLocalDate: '2027-03-01T00:00:00',
        toLocalDate: '2027-03-02T00:00:00',
      },
    });
    expect(classSlots.status).toBe(400);
    expect(classSlots.body.details.applicationError.code).toBe('SERVICE_NOT_APPOINTMENT_BASED');
    const tooLong = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/time-slots',
      headers: visitor,
      payload: {
        serviceId: haircut.id,
        fromLocalDate: '2027-03-01T00:00:00',
        toLocalDate: '2027-07-01T00:00:00',
      },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.details.applicationError.code).toBe('DATE_RANGE_TOO_LONG');
  });

  it('answers 400 naming the maximum page size for cursorPaging.limit over 1000', async () => {
    const response = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/time-slots',
      headers: visitor,
      payload: {
        serviceId: haircut.id,
        fromLocalDate: '2027-03-01T09:00:00',
        toLocalDate: '2027-03-01T12:00:00',
        cursorPaging: { limit: 1001 },
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'cursorPaging.limit',
      description: expect.stringContaining('at most 1000'),
    });
  });
});

describe('POST /bookings/v2/time-slots/get', () => {
  it('returns one slot with every free staff member, or 404 when it is taken', async () => {
    const free = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/time-slots/get',
      headers: visitor,
      payload: {
        serviceId: haircut.id,
        localStartDate: '2027-03-01T09:00:00',
        localEndDate: '2027-03-01T10:00:00',
      },
    });
    expect(free.status).toBe(200);
    expect(
      free.body.timeSlot.availableResources[0].resources.map((resource: { id: string }) => resource.id),
    ).toEqual([ann, bob]);
    const taken = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/time-slots/get',
      headers: visitor,
      payload: {
        serviceId: colour.id,
        localStartDate: '2027-03-01T10:00:00',
        localEndDate: '2027-03-01T10:30:00',
      },
    });
    expect(taken.status).toBe(404);
    expect(taken.body.details.applicationError.code).toBe('SLOT_NOT_FOUND');
  });
});

describe('multi-service availability', () => {
  it('POST /bookings/v1/availability/multislot chains services back to back', async () => {
    const response = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v1/availability/multislot',
      headers: visitor,
      payload: {
        from: '2027-03-01T09:00:00',
        to: '2027-03-01T10:30:00',
        timeZone: 'UTC',
        slots: [{ serviceId: haircut.id }, { serviceId: colour.id }],
      },
    });
    expect(response.status).toBe(200);
    // Colour (Bob only) right after the haircut: Bob is busy 10:00-11:00, so only the 10:00 haircut chains.
    expect(
      response.body.slots.map(
        (entry: { slot: { nestedTimeSlots: Array<{ start: string; serviceId: string }> } }) =>
          entry.slot.nestedTimeSlots.map((part) => part.start),
      ),
    ).toEqual([['2027-03-01T10:00:00Z', '2027-03-01T11:00:00Z']]);
    expect(response.body.slots[0].slot.nestedTimeSlots[1].resource).toEqual({ id: bob, name: 'Bob' });
  });

  it('POST /bookings/v2/multi-service-time-slots lists local sequences and needs two services', async () => {
    const response = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/multi-service-time-slots',
      headers: visitor,
      payload: {
        services: [{ serviceId: haircut.id }, { serviceId: colour.id }],
        fromLocalDate: '2027-03-01T09:00:00',
        toLocalDate: '2027-03-01T10:30:00',
        timeZone: 'UTC',
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.timeSlots).toHaveLength(1);
    expect(response.body.timeSlots[0]).toMatchObject({
      localStartDate: '2027-03-01T10:00:00',
      localEndDate: '2027-03-01T11:30:00',
      nestedTimeSlots: [
        { serviceId: haircut.id, localStartDate: '2027-03-01T10:00:00', localEndDate: '2027-03-01T11:00:00' },
        { serviceId: colour.id, localStartDate: '2027-03-01T11:00:00', localEndDate: '2027-03-01T11:30:00' },
      ],
    });
    const single = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/multi-service-time-slots',
      headers: visitor,
      payload: {
        services: [{ serviceId: haircut.id }],
        fromLocalDate: '2027-03-01T09:00:00',
        toLocalDate: '2027-03-01T10:00:00',
      },
    });
    expect(single.status).toBe(400);
  });
});

describe('class and course availability', () => {
  it('POST /bookings/v2/time-slots/event lists sessions, and GET one by its event id', async () => {
    const list = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/time-slots/event',
      headers: visitor,
      payload: {
        serviceIds: [yoga.id],
        fromLocalDate: '2027-03-01T00:00:00',
        toLocalDate: '2027-03-03T00:00:00',
      },
    });
    expect(list.status).toBe(200);
    expect(list.body.timeSlots).toHaveLength(1);
    expect(list.body.timeSlots[0]).toMatchObject({
      localStartDate: '2027-03-02T18:00:00',
      totalCapacity: 10,
      remainingCapacity: 7,
      eventInfo: { eventId: `${yogaRule}_20270302T180000` },
    });
    const one = await inject(t.app, {
      method: 'GET',
      url: `/bookings/v2/time-slots/event/${yogaRule}_20270302T180000?timeZone=America/New_York`,
      headers: visitor,
    });
    expect(one.status).toBe(200);
    expect(one.body.timeSlot.localStartDate).toBe('2027-03-02T13:00:00');
    const missing = await inject(t.app, {
      method: 'GET',
      url: `/bookings/v2/time-slots/event/${randomUUID()}`,
      headers: visitor,
    });
    expect(missing.status).toBe(404);
  });

  it('GET /bookings/v2/availability/schedule/:scheduleId gives a course’s spots', async () => {
    const response = await inject(t.app, {
      method: 'GET',
      url: `/bookings/v2/availability/schedule/${course.scheduleId}`,
      headers: visitor,
    });
    expect(response.status).toBe(200);
    expect(response.body.availability).toEqual({
      totalSpots: 6,
      openSpots: 4,
      bookingPolicyViolations: { tooEarlyToBook: false, tooLateToBook: false, bookOnlineDisabled: false },
    });
    const notCourse = await inject(t.app, {
      method: 'GET',
      url: `/bookings/v2/availability/schedule/${yoga.scheduleId}`,
      headers: visitor,
    });
    expect(notCourse.status).toBe(400);
    const unknown = await inject(t.app, {
      method: 'GET',
      url: '/bookings/v2/availability/schedule/nope',
      headers: visitor,
    });
    expect(unknown.status).toBe(404);
  });
});
