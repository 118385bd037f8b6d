import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { catalogFactories } from './bookings-catalog-helpers.ts';
import { createBookingsCatalogueModule } from '../src/modules/bookings/index.ts';
import { seedBookingsCatalogue } from '../src/modules/bookings/catalogue-seed.ts';

let t: TestApp;
let make: ReturnType<typeof catalogFactories>;
const visitor = as('ANONYMOUS_VISITOR');
const member = as('MEMBER:m-1');
const staffUser = as('WIX_USER:STAFF');

beforeAll(async () => {
  t = await createTestApp();
  make = catalogFactories(t);
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: unknown,
  headers = owner,
) =>
  inject(t.app, {
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const businessHours = [1, 2, 3, 4, 5].map((day) => ({
  weekday: ['MON', 'TUE', 'WED', 'THU', 'FRI'][day - 1],
  startTime: '09:00',
  endTime: '17:00',
}));

describe('staff members /bookings/v1/staff-members', () => {
  it('creates a staff member who works the business hours until given their own', async () => {
    const created = await call('POST', '/bookings/v1/staff-members', {
      staffMember: { name: 'Noa', email: 'noa@example.com' },
    });
    expect(created.status).toBe(200);
    expect(created.body.staffMember).toMatchObject({
      name: 'Noa',
      usesDefaultWorkingHours: true,
      workingHours: businessHours,
      revision: '1',
    });
    expect(created.body.staffMember.resourceId).toBe(created.body.staffMember.id);
    const id = created.body.staffMember.id;
    const hours = await call('PUT', `/bookings/v1/staff-members/${id}/working-hours`, {
      workingHours: [
        { weekday: 'MONDAY', startTime: '13:00', endTime: '18:00' },
        { weekday: 'MON', startTime: '08:00', endTime: '12:00' },
        { weekday: 'SAT', startTime: '10:00', endTime: '24:00' },
      ],
    });
    expect(hours.status).toBe(200);
    expect(hours.body).toEqual({
      staffMemberId: id,
      usesDefaultWorkingHours: false,
      timeZone: 'UTC',
      workingHours: [
        { weekday: 'MON', startTime: '08:00', endTime: '12:00' },
        { weekday: 'MON', startTime: '13:00', endTime: '18:00' },
        { weekday: 'SAT', startTime: '10:00', endTime: '24:00' },
      ],
    });
    const rows = await t.app.database.query<{ weekday: number; start_minute: number; end_minute: number }>(
      'SELECT weekday, start_minute, end_minute FROM bookings_staff_working_hours WHERE staff_member_id = $1 ORDER BY weekday, start_minute',
      [id],
    );
    expect(rows).toEqual([
      { weekday: 1, start_minute: 480, end_minute: 720 },
      { weekday: 1, start_minute: 780, end_minute: 1080 },
      { weekday: 6, start_minute: 600, end_minute: 1440 },
    ]);
    const back = await call('POST', `/bookings/v1/staff-members/${id}/working-hours/use-business-hours`);
    expect(back.body).toMatchObject({ usesDefaultWorkingHours: true, workingHours: businessHours });
    expect(
      (await call('GET', `/bookings/v1/staff-members/${id}/working-hours`, undefined, staffUser)).body
        .usesDefaultWorkingHours,
    ).toBe(true);
  });

  it('rejects working hours that overlap or end before they start', async () => {
    const staff = await make.staffMember();
    const overlap = await call('PUT', `/bookings/v1/staff-members/${staff.id}/working-hours`, {
      workingHours: [
        { weekday: 'TUE', startTime: '09:00', endTime: '13:00' },
        { weekday: 'TUE', startTime: '12:00', endTime: '15:00' },
      ],
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'workingHours[1]',
      description: expect.stringContaining('overlaps'),
    });
    const backwards = await call('PUT', `/bookings/v1/staff-members/${staff.id}/working-hours`, {
      workingHours: [{ weekday: 'WED', startTime: '17:00', endTime: '09:00' }],
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details.validationError.fieldViolations[0].field).toBe('workingHours[0].endTime');
    const badTime = await call('PUT', `/bookings/v1/staff-members/${staff.id}/working-hours`, {
      workingHours: [{ weekday: 'WED', startTime: '25:00', endTime: '26:00' }],
    });
    expect(badTime.status).toBe(400);
    const onCreate = await call('POST', '/bookings/v1/staff-members', {
      staffMember: {
        name: 'Bad hours',
        workingHours: [{ weekday: 'FRI', startTime: '10:00', endTime: '10:00' }],
      },
    });
    expect(onCreate.status).toBe(400);
    expect(
      (await call('PUT', `/bookings/v1/staff-members/${randomUUID()}/working-hours`, { workingHours: [] }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(
          'PUT',
          `/bookings/v1/staff-members/${staff.id}/working-hours`,
          { workingHours: [] },
          staffUser,
        )
      ).status,
    ).toBe(403);
  });

  it('updates with a mask, checks the revision, and hides contact details from visitors', async () => {
    const staff = await make.staffMember({ phone: '+972-5555' });
    const updated = await call('PATCH', `/bookings/v1/staff-members/${staff.id}`, {
      staffMember: { id: staff.id, revision: '1', description: 'Senior stylist', name: 'ignored' },
      mask: 'description',
    });
    expect(updated.body.staffMember).toMatchObject({
      name: 'Dana Levi',
      description: 'Senior stylist',
      revision: '2',
    });
    const stale = await call('PATCH', `/bookings/v1/staff-members/${staff.id}`, {
      staffMember: { revision: '1', name: 'x' },
    });
    expect(stale.status).toBe(409);
    const seenByVisitor = await call('GET', `/bookings/v1/staff-members/${staff.id}`, undefined, visitor);
    expect(seenByVisitor.body.staffMember.name).toBe('Dana Levi');
    expect(seenByVisitor.body.staffMember).not.toHaveProperty('email');
    expect(seenByVisitor.body.staffMember).not.toHaveProperty('phone');
    expect((await call('GET', `/bookings/v1/staff-members/${staff.id}`)).body.staffMember.phone).toBe(
      '+972-5555',
    );
    expect(
      (
        await call('PATCH', `/bookings/v1/staff-members/${staff.id}`, {
          staffMember: { email: 'not-an-email' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('PATCH', `/bookings/v1/staff-members/${randomUUID()}`, { staffMember: { name: 'x' } }))
        .status,
    ).toBe(404);
  });

  it('queries and counts staff members with cursor paging', async () => {
    for (const name of ['Cursor A', 'Cursor B', 'Cursor C']) await make.staffMember({ name });
    const first = await call(
      'POST',
      '/bookings/v1/staff-members/query',
      {
        query: {
          filter: { name: { $startsWith: 'cursor' } },
          sort: [{ fieldName: 'name', order: 'DESC' }],
          cursorPaging: { limit: 2 },
        },
      },
      member,
    );
    expect(first.body.staffMembers.map((s: { name: string }) => s.name)).toEqual(['Cursor C', 'Cursor B']);
    const next = await call('POST', '/bookings/v1/staff-members/query', {
      query: { cursorPaging: { cursor: first.body.pagingMetadata.cursors.next } },
    });
    expect(next.body.staffMembers.map((s: { name: string }) => s.name)).toEqual(['Cursor A']);
    expect(
      (
        await call('POST', '/bookings/v1/staff-members/count', {
          filter: { name: { $startsWith: 'Cursor' } },
        })
      ).body.count,
    ).toBe(3);
    expect(
      (await call('POST', '/bookings/v1/staff-members/query', { query: { filter: { salary: 1 } } })).status,
    ).toBe(400);
  });

  // A STAFF user manages only their own time off: security-bookings-staff-time-off.test.ts.
  it('adds, lists and removes time off, checking the order of the dates', async () => {
    const staff = await make.staffMember();
    const added = await call('POST', `/bookings/v1/staff-members/${staff.id}/time-off`, {
      timeOff: {
        startDate: '2030-12-24T00:00:00.000Z',
        endDate: '2030-12-27T00:00:00.000Z',
        title: 'Holidays',
      },
    });
    expect(added.status).toBe(200);
    const list = await call(
      'GET',
      `/bookings/v1/staff-members/${staff.id}/time-off?from=2030-12-25T00:00:00Z&to=2030-12-26T00:00:00Z`,
    );
    expect(list.body.timeOff).toEqual([
      expect.objectContaining({
        id: added.body.timeOff.id,
        title: 'Holidays',
        endDate: '2030-12-27T00:00:00.000Z',
      }),
    ]);
    const outside = await call(
      'GET',
      `/bookings/v1/staff-members/${staff.id}/time-off?from=2031-01-01T00:00:00Z`,
    );
    expect(outside.body.timeOff).toEqual([]);
    const backwards = await call('POST', `/bookings/v1/staff-members/${staff.id}/time-off`, {
      timeOff: { startDate: '2030-12-27T00:00:00Z', endDate: '2030-12-24T00:00:00Z' },
    });
    expect(backwards.status).toBe(400);
    expect(
      (
        await call('POST', `/bookings/v1/staff-members/${staff.id}/time-off`, {
          timeOff: { startDate: 'soon', endDate: 'later' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('DELETE', `/bookings/v1/staff-members/${staff.id}/time-off/${added.body.timeOff.id}`)).body,
    ).toEqual({});
    expect(
      (await call('DELETE', `/bookings/v1/staff-members/${staff.id}/time-off/${added.body.timeOff.id}`))
        .status,
    ).toBe(404);
    expect(
      (await call('GET', `/bookings/v1/staff-members/${staff.id}/time-off`, undefined, member)).status,
    ).toBe(403);
  });

  it('sets the services a staff member gives, and deleting them takes them off those services', async () => {
    const staff = await make.staffMember();
    const a = await make.service({ name: 'Given A' });
    const b = await make.service({ name: 'Given B' });
    const set = await call('PUT', `/bookings/v1/staff-members/${staff.id}/services`, {
      serviceIds: [a.id, b.id],
    });
    expect(set.body.services.map((s: { name: string }) => s.name).sort()).toEqual(['Given A', 'Given B']);
    const narrowed = await call('PUT', `/bookings/v1/staff-members/${staff.id}/services`, {
      serviceIds: [b.id],
    });
    expect(narrowed.body.services.map((s: { id: string }) => s.id)).toEqual([b.id]);
    expect((await call('GET', `/bookings/v2/services/${a.id}`)).body.service.staffMemberIds).toEqual([]);
    expect(
      (await call('GET', `/bookings/v1/staff-members/${staff.id}/services`, undefined, visitor)).body
        .services,
    ).toHaveLength(1);
    expect(
      (await call('PUT', `/bookings/v1/staff-members/${staff.id}/services`, { serviceIds: [randomUUID()] }))
        .status,
    ).toBe(400);
    expect((await call('DELETE', `/bookings/v1/staff-members/${staff.id}`)).body).toEqual({});
    const after = await call('GET', `/bookings/v2/services/${b.id}`);
    expect(after.body.service.staffMemberIds).toEqual([]);
    expect(Number(after.body.service.revision)).toBeGreaterThan(Number(b.revision));
    expect((await call('GET', `/bookings/v1/staff-members/${staff.id}`)).status).toBe(404);
    expect((await call('DELETE', `/bookings/v1/staff-members/${staff.id}`)).status).toBe(404);
  });
});

describe('business hours /bookings/v1/settings', () => {
  it('defaults to Monday to Friday 09:00-17:00 in the site time zone and can be changed', async () => {
    const initial = await call('GET', '/bookings/v1/settings', undefined, visitor);
    expect(initial.body.settings).toMatchObject({ businessHours, timeZone: 'UTC' });
    const staff = await make.staffMember({ name: 'Follows business hours' });
    const changed = await call('PATCH', '/bookings/v1/settings', {
      settings: { businessHours: [{ weekday: 'SUN', startTime: '10:00', endTime: '14:00' }] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.settings.businessHours).toEqual([
      { weekday: 'SUN', startTime: '10:00', endTime: '14:00' },
    ]);
    const hours = await call('GET', `/bookings/v1/staff-members/${staff.id}/working-hours`);
    expect(hours.body.workingHours).toEqual([{ weekday: 'SUN', startTime: '10:00', endTime: '14:00' }]);
    const stale = await call('PATCH', '/bookings/v1/settings', {
      settings: { businessHours: [], revision: '1' },
    });
    expect(stale.status).toBe(409);
    const overlap = await call('PATCH', '/bookings/v1/settings', {
      settings: {
        businessHours: [
          { weekday: 'SUN', startTime: '10:00', endTime: '14:00' },
          { weekday: 'SUN', startTime: '13:00', endTime: '15:00' },
        ],
      },
    });
    expect(overlap.status).toBe(400);
    expect(
      (await call('PATCH', '/bookings/v1/settings', { settings: { businessHours: [] } }, member)).status,
    ).toBe(403);
    await call('PATCH', '/bookings/v1/settings', { settings: { businessHours } });
  });
});

describe('booking policies /bookings/v1/booking-policies', () => {
  it('creates, reads, updates with a mask, and computes the strictest of several', async () => {
    const lenient = await make.policy({
      name: 'Lenient',
      participantsPolicy: { maxParticipantsPerBooking: 5 },
    });
    const strict = await make.policy({
      name: 'Strict',
      limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 120 },
      cancellationPolicy: { enabled: true, limitLatestCancellation: true, latestCancellationInMinutes: 1440 },
      waitlistPolicy: { enabled: true, capacity: 3 },
      participantsPolicy: { maxParticipantsPerBooking: 2 },
    });
    expect(strict).toMatchObject({
      default: false,
      revision: '1',
      waitlistPolicy: { enabled: true, capacity: 3, reservationTimeInMinutes: 10 },
    });
    const read = await call('GET', `/bookings/v1/booking-policies/${strict.id}`, undefined, visitor);
    expect(read.body.bookingPolicy.limitLateBookingPolicy).toEqual({
      enabled: true,
      latestBookingInMinutes: 120,
    });
    const updated = await call('PATCH', `/bookings/v1/booking-policies/${lenient.id}`, {
      bookingPolicy: {
        revision: '1',
        limitEarlyBookingPolicy: { enabled: true, earliestBookingInMinutes: 20160 },
        name: 'not masked',
      },
      mask: 'limitEarlyBookingPolicy',
    });
    expect(updated.body.bookingPolicy).toMatchObject({
      name: 'Lenient',
      revision: '2',
      limitEarlyBookingPolicy: { enabled: true, earliestBookingInMinutes: 20160 },
    });
    const strictest = await call(
      'POST',
      '/bookings/v1/booking-policies/strictest',
      { bookingPolicyIds: [lenient.id, strict.id] },
      member,
    );
    expect(strictest.status).toBe(200);
    expect(strictest.body.bookingPolicy).toMatchObject({
      limitEarlyBookingPolicy: { enabled: true, earliestBookingInMinutes: 20160 },
      limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 120 },
      cancellationPolicy: { enabled: true, limitLatestCancellation: true, latestCancellationInMinutes: 1440 },
      waitlistPolicy: { enabled: false },
      participantsPolicy: { maxParticipantsPerBooking: 2 },
    });
    expect(
      (await call('POST', '/bookings/v1/booking-policies/strictest', { bookingPolicyIds: [randomUUID()] }))
        .status,
    ).toBe(404);
    expect(
      (await call('POST', '/bookings/v1/booking-policies/strictest', { bookingPolicyIds: [] })).status,
    ).toBe(400);
    expect(
      (
        await call('PATCH', `/bookings/v1/booking-policies/${lenient.id}`, {
          bookingPolicy: { revision: '1' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call('POST', '/bookings/v1/booking-policies', {
          bookingPolicy: { waitlistPolicy: { capacity: 0 } },
        })
      ).status,
    ).toBe(400);
  });

  it('moves the default, refuses to delete it, and moves services of a deleted policy to the default', async () => {
    const policy = await make.policy({ name: 'Soon default' });
    const service = await make.service({ name: 'Policy holder', bookingPolicy: { id: policy.id } });
    const setDefault = await call('POST', `/bookings/v1/booking-policies/${policy.id}:setDefault`);
    expect(setDefault.status).toBe(200);
    expect(setDefault.body.currentDefaultBookingPolicy).toMatchObject({ id: policy.id, default: true });
    const previous = setDefault.body.previousDefaultBookingPolicy;
    expect(previous.default).toBe(false);
    const refused = await call('DELETE', `/bookings/v1/booking-policies/${policy.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.details.applicationError.code).toBe('DEFAULT_POLICY_CANNOT_BE_DELETED');
    await call('POST', `/bookings/v1/booking-policies/${previous.id}:setDefault`);
    expect((await call('DELETE', `/bookings/v1/booking-policies/${policy.id}`)).body).toEqual({});
    const moved = await call('GET', `/bookings/v2/services/${service.id}`);
    expect(moved.body.service.bookingPolicy.id).toBe(previous.id);
    expect((await call('DELETE', `/bookings/v1/booking-policies/${policy.id}`)).status).toBe(404);
    const query = await call('POST', '/bookings/v1/booking-policies/query', {
      query: { filter: { default: true } },
    });
    expect(query.body.bookingPolicies.map((p: { id: string }) => p.id)).toEqual([previous.id]);
    expect(
      (await call('POST', '/bookings/v1/booking-policies/count', { filter: { default: true } })).body.count,
    ).toBe(1);
  });
});

describe('categories /bookings/v2/categories', () => {
  it('places new categories last and moves them FIRST, LAST and AFTER_CATEGORY', async () => {
    const a = await make.category('Pos A');
    const b = await make.category('Pos B');
    const c = await make.category('Pos C');
    const order = async () =>
      (
        await call(
          'GET',
          `/bookings/v2/categories/query?.r=${Buffer.from(JSON.stringify({ query: { filter: { name: { $startsWith: 'Pos' } } } })).toString('base64url')}`,
          undefined,
          visitor,
        )
      ).body.categories.map((category: { name: string }) => category.name);
    expect(await order()).toEqual(['Pos A', 'Pos B', 'Pos C']);
    await call('POST', `/bookings/v2/categories/set-position/${c.id}`, { position: 'FIRST' });
    expect(await order()).toEqual(['Pos C', 'Pos A', 'Pos B']);
    await call('POST', `/bookings/v2/categories/set-position/${c.id}`, {
      position: 'AFTER_CATEGORY',
      afterCategoryId: a.id,
    });
    expect(await order()).toEqual(['Pos A', 'Pos C', 'Pos B']);
    const last = await call('POST', `/bookings/v2/categories/set-position/${a.id}`, { position: 'LAST' });
    expect(last.body.category.name).toBe('Pos A');
    expect(await order()).toEqual(['Pos C', 'Pos B', 'Pos A']);
    expect(
      (await call('POST', `/bookings/v2/categories/set-position/${a.id}`, { position: 'AFTER_CATEGORY' }))
        .status,
    ).toBe(400);
    expect(
      (
        await call('POST', `/bookings/v2/categories/set-position/${a.id}`, {
          position: 'AFTER_CATEGORY',
          afterCategoryId: randomUUID(),
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('POST', `/bookings/v2/categories/set-position/${randomUUID()}`, { position: 'FIRST' }))
        .status,
    ).toBe(404);
    expect(
      (await call('POST', `/bookings/v2/categories/set-position/${a.id}`, { position: 'MIDDLE' })).status,
    ).toBe(400);
    expect(b.id).toBeDefined();
  });

  it('gets, updates, counts and deletes categories; deleting leaves services without one', async () => {
    const category = await make.category('Doomed');
    const service = await make.service({ name: 'Categorised', category: { id: category.id } });
    expect(
      (await call('GET', `/bookings/v2/categories/${category.id}`, undefined, member)).body.category.name,
    ).toBe('Doomed');
    const renamed = await call('PATCH', `/bookings/v2/categories/${category.id}`, {
      category: { name: 'Renamed', revision: '1' },
    });
    expect(renamed.body.category).toMatchObject({ name: 'Renamed', revision: '2' });
    expect(
      (
        await call('PATCH', `/bookings/v2/categories/${category.id}`, {
          category: { name: 'x', revision: '1' },
        })
      ).status,
    ).toBe(409);
    expect(
      (await call('POST', '/bookings/v2/categories/count', { filter: { name: 'Renamed' } })).body.count,
    ).toBe(1);
    expect((await call('DELETE', `/bookings/v2/categories/${category.id}`)).body).toEqual({});
    expect((await call('GET', `/bookings/v2/services/${service.id}`)).body.service.category).toBeUndefined();
    expect((await call('GET', `/bookings/v2/categories/${category.id}`)).status).toBe(404);
    expect((await call('POST', '/bookings/v2/categories', { category: { name: '' } })).status).toBe(400);
    expect((await call('POST', '/bookings/v2/categories', { category: { name: 'x' } }, member)).status).toBe(
      403,
    );
  });
});

describe('resources and resource types', () => {
  it('creates types and resources, requires them on services, and protects types in use', async () => {
    const type = await make.resourceType('Chair');
    const chair = await make.resource(type.id, 'Chair 1');
    const service = await make.service({
      name: 'Needs a chair',
      serviceResources: [{ resourceType: { id: type.id } }],
    });
    expect(service.serviceResources).toEqual([{ resourceType: { id: type.id } }]);
    const wrongResource = await call('POST', '/bookings/v2/services', {
      service: {
        type: 'APPOINTMENT',
        name: 'x',
        serviceResources: [{ resourceType: { id: type.id }, resourceIds: { values: [randomUUID()] } }],
      },
    });
    expect(wrongResource.status).toBe(400);
    const inUse = await call('DELETE', `/bookings/v2/resources/resource-types/${type.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.details.applicationError.code).toBe('RESOURCE_TYPE_IN_USE');
    const updated = await call('PATCH', `/bookings/v2/resources/${chair.id}`, {
      resource: { name: 'Chair one' },
      mask: 'name',
    });
    expect(updated.body.resource).toMatchObject({ name: 'Chair one', typeId: type.id, revision: '2' });
    expect(updated.body.resource.eventsSchedule.scheduleId).toMatch(/^[0-9a-f-]{36}$/);
    const renamedType = await call('PATCH', `/bookings/v2/resources/resource-types/${type.id}`, {
      resourceType: { name: 'Barber chair' },
    });
    expect(renamedType.body.resourceType.name).toBe('Barber chair');
    expect(
      (await call('GET', `/bookings/v2/resources/resource-types/${type.id}`)).body.resourceType.name,
    ).toBe('Barber chair');
    expect(
      (
        await call('POST', '/bookings/v2/resources/resource-types/query', {
          query: { filter: { id: type.id } },
        })
      ).body.resourceTypes,
    ).toHaveLength(1);
    expect(
      (
        await call('POST', '/bookings/v2/resources/resource-types/count', {
          filter: { name: 'Barber chair' },
        })
      ).body.count,
    ).toBe(1);
    expect(
      (await call('POST', '/bookings/v2/resources/query', { query: { filter: { typeId: type.id } } })).body
        .resources,
    ).toHaveLength(1);
    expect(
      (await call('POST', '/bookings/v2/resources/count', { filter: { typeId: type.id } })).body.count,
    ).toBe(1);
    expect((await call('GET', `/bookings/v2/resources/${chair.id}`)).body.resource.id).toBe(chair.id);
    expect((await call('GET', `/bookings/v2/resources/${chair.id}`, undefined, visitor)).status).toBe(403);
    expect(
      (await call('POST', '/bookings/v2/resources', { resource: { name: 'x', typeId: randomUUID() } }))
        .status,
    ).toBe(400);
    await call('DELETE', `/bookings/v2/services/${service.id}`);
    expect((await call('DELETE', `/bookings/v2/resources/${chair.id}`)).body).toEqual({});
    expect((await call('DELETE', `/bookings/v2/resources/resource-types/${type.id}`)).body).toEqual({});
    expect((await call('GET', `/bookings/v2/resources/resource-types/${type.id}`)).status).toBe(404);
  });

  it('creates, updates and deletes resources in bulk', async () => {
    const type = await make.resourceType('Room');
    const created = await call('POST', '/bookings/v2/bulk/resources/create', {
      resources: [{ name: 'Room 1', typeId: type.id }, { name: 'Room 2' }],
      returnEntity: true,
    });
    expect(created.body.bulkActionMetadata).toEqual({
      totalSuccesses: 1,
      totalFailures: 1,
      undetailedFailures: 0,
    });
    const id = created.body.results[0].item.id;
    const updated = await call('POST', '/bookings/v2/bulk/resources/update', {
      resources: [{ resource: { id, name: 'Room one' }, mask: 'name' }],
      returnEntity: true,
    });
    expect(updated.body.results[0].item.name).toBe('Room one');
    const deleted = await call('POST', '/bookings/v2/bulk/resources/delete', { ids: [id, randomUUID()] });
    expect(deleted.body.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
  });
});

describe('service options and variants, and pricing', () => {
  it('prices a booking from variants and participants, as decimal strings', async () => {
    const anna = await make.staffMember({ name: 'Anna' });
    const ben = await make.staffMember({ name: 'Ben' });
    const service = await make.service({
      name: 'Massage',
      staffMemberIds: [anna.id, ben.id],
      payment: { rateType: 'VARIED', varied: { defaultPrice: { value: '50.00' } } },
    });
    const staffOption = randomUUID();
    const durationOption = randomUUID();
    const created = await call('POST', '/bookings/v1/serviceOptionsAndVariants', {
      serviceOptionsAndVariants: {
        serviceId: service.id,
        options: {
          values: [
            { id: staffOption, type: 'STAFF_MEMBER' },
            { id: durationOption, type: 'DURATION', durationData: { name: 'Length' } },
          ],
        },
        variants: {
          values: [
            {
              choices: [
                { optionId: staffOption, staffMemberId: anna.id },
                { optionId: durationOption, duration: { minutes: 30 } },
              ],
              price: { value: '40.10' },
            },
            {
              choices: [
                { optionId: staffOption, staffMemberId: anna.id },
                { optionId: durationOption, duration: { minutes: 60 } },
              ],
              price: { value: '70.20' },
            },
            {
              choices: [
                { optionId: staffOption, staffMemberId: ben.id },
                { optionId: durationOption, duration: { minutes: 60 } },
              ],
              price: { value: '65.00' },
            },
          ],
        },
      },
    });
    expect(created.status).toBe(200);
    const options = created.body.serviceOptionsAndVariants;
    expect(options).toMatchObject({
      minPrice: { value: '40.10', currency: 'USD' },
      maxPrice: { value: '70.20', currency: 'USD' },
      revision: '1',
    });
    const twice = await call('POST', '/bookings/v1/serviceOptionsAndVariants', {
      serviceOptionsAndVariants: { serviceId: service.id },
    });
    expect(twice.status).toBe(409);

    const preview = await call(
      'POST',
      '/bookings/v2/pricing/preview',
      {
        bookingLineItems: [
          {
            serviceId: service.id,
            serviceChoices: [
              {
                numberOfParticipants: 2,
                choices: [
                  { optionId: staffOption, staffMemberId: anna.id },
                  { optionId: durationOption, duration: { minutes: 30 } },
                ],
              },
              {
                numberOfParticipants: 1,
                choices: [
                  { optionId: durationOption, duration: { minutes: 60 } },
                  { optionId: staffOption, staffMemberId: anna.id },
                ],
              },
            ],
          },
        ],
      },
      visitor,
    );
    expect(preview.status).toBe(200);
    // 2 x 40.10 + 70.20 = 150.40 exactly (0.1 + 0.2 arithmetic would drift with floats), answered as
    // the number the official client declares.
    expect(preview.body.priceInfo).toMatchObject({
      calculatedPrice: 150.4,
      currency: 'USD',
      deposit: null,
    });
    expect(
      preview.body.priceInfo.bookingLineItems.map(
        (line: { pricePerParticipant: number }) => line.pricePerParticipant,
      ),
    ).toEqual([40.1, 70.2]);
    const noVariant = await call('POST', '/bookings/v2/pricing/preview', {
      bookingLineItems: [
        {
          serviceId: service.id,
          choices: [
            { optionId: staffOption, staffMemberId: ben.id },
            { optionId: durationOption, duration: { minutes: 30 } },
          ],
        },
      ],
    });
    expect(noVariant.status).toBe(400);
    expect(noVariant.body.details.applicationError.code).toBe('INVALID_VARIANT');
    const byDefault = await call('POST', '/bookings/v2/pricing/calculate', {
      booking: { bookedEntity: { slot: { serviceId: service.id } }, totalParticipants: 3 },
    });
    expect(byDefault.body.priceInfo.calculatedPrice).toBe(150);

    const byService = await call(
      'GET',
      `/bookings/v1/serviceOptionsAndVariants/service_id/${service.id}`,
      undefined,
      member,
    );
    expect(byService.body.serviceVariants.id).toBe(options.id);
    const updated = await call('PATCH', `/bookings/v1/serviceOptionsAndVariants/${options.id}`, {
      serviceOptionsAndVariants: { revision: '1', variants: { values: [] }, options: { values: [] } },
    });
    expect(updated.body.serviceOptionsAndVariants).toMatchObject({ revision: '2', variants: { values: [] } });
    expect(
      (
        await call('PATCH', `/bookings/v1/serviceOptionsAndVariants/${options.id}`, {
          serviceOptionsAndVariants: { revision: '1' },
        })
      ).status,
    ).toBe(409);
    const query = await call('POST', '/bookings/v1/serviceOptionsAndVariants/query', {
      query: { filter: { serviceId: service.id } },
    });
    expect(query.body.pagingMetadata.total).toBe(1);
    expect(
      (await call('GET', `/bookings/v1/serviceOptionsAndVariants/${options.id}`)).body
        .serviceOptionsAndVariants.id,
    ).toBe(options.id);
    expect((await call('DELETE', `/bookings/v1/serviceOptionsAndVariants/${options.id}`)).body).toEqual({});
    expect((await call('GET', `/bookings/v1/serviceOptionsAndVariants/${options.id}`)).status).toBe(404);
  });

  it('rejects variants that do not fit their options', async () => {
    const service = await make.service({ name: 'Options check' });
    const option = randomUUID();
    const stranger = await make.staffMember({ name: 'Not on the service' });
    const cases = [
      {
        options: { values: [{ id: option, type: 'STAFF_MEMBER' }] },
        variants: {
          values: [{ choices: [{ optionId: option, staffMemberId: stranger.id }], price: { value: '1.00' } }],
        },
      },
      {
        options: {
          values: [{ id: option, type: 'CUSTOM', customData: { name: 'Size', choices: ['S', 'M'] } }],
        },
        variants: { values: [{ choices: [{ optionId: option, custom: 'XL' }], price: { value: '1.00' } }] },
      },
      { options: { values: [{ id: option, type: 'CUSTOM' }] }, variants: { values: [] } },
      {
        options: { values: [{ id: option, type: 'DURATION' }] },
        variants: {
          values: [
            { choices: [{ optionId: randomUUID(), duration: { minutes: 10 } }], price: { value: '1.00' } },
          ],
        },
      },
    ];
    for (const body of cases) {
      const response = await call('POST', '/bookings/v1/serviceOptionsAndVariants', {
        serviceOptionsAndVariants: { serviceId: service.id, ...body },
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        await call('POST', '/bookings/v1/serviceOptionsAndVariants', {
          serviceOptionsAndVariants: { serviceId: randomUUID() },
        })
      ).status,
    ).toBe(400);
  });

  it('clones options to another service', async () => {
    const from = await make.service({ name: 'Options from' });
    const to = await make.service({ name: 'Options to' });
    const option = randomUUID();
    const created = await call('POST', '/bookings/v1/serviceOptionsAndVariants', {
      serviceOptionsAndVariants: {
        serviceId: from.id,
        options: {
          values: [
            { id: option, type: 'CUSTOM', customData: { name: 'Hair length', choices: ['Short', 'Long'] } },
          ],
        },
        variants: {
          values: [{ choices: [{ optionId: option, custom: 'Long' }], price: { value: '80.00' } }],
        },
      },
    });
    const cloned = await call(
      'POST',
      `/bookings/v1/serviceOptionsAndVariants/${created.body.serviceOptionsAndVariants.id}/clone`,
      { targetServiceId: to.id },
    );
    expect(cloned.status).toBe(200);
    expect(cloned.body.serviceOptionsAndVariants.serviceId).toBe(to.id);
    expect(cloned.body.serviceOptionsAndVariants.options.values[0].id).not.toBe(option);
    expect(
      (
        await call('POST', `/bookings/v1/serviceOptionsAndVariants/${randomUUID()}/clone`, {
          targetServiceId: to.id,
        })
      ).status,
    ).toBe(404);
  });

  it('prices fixed, free and custom-rate services', async () => {
    const fixed = await make.service({
      name: 'Fixed price',
      payment: {
        fixed: { price: { value: '19.99' }, deposit: { value: '5.00' } },
        options: { deposit: true },
      },
    });
    const free = await make.service({ name: 'Free', payment: { rateType: 'NO_FEE' } });
    const custom = await make.service({
      name: 'Quote',
      payment: { rateType: 'CUSTOM', custom: { description: 'From 100 depending on length' } },
    });
    const both = await call('POST', '/bookings/v2/pricing/preview', {
      bookingLineItems: [{ serviceId: fixed.id, numberOfParticipants: 3 }, { serviceId: free.id }],
    });
    expect(both.body.priceInfo).toMatchObject({ calculatedPrice: 59.97, deposit: 15 });
    const quote = await call('POST', '/bookings/v2/pricing/preview', {
      bookingLineItems: [{ serviceId: custom.id }],
    });
    expect(quote.body.priceInfo).toMatchObject({ priceDescription: 'From 100 depending on length' });
    expect(quote.body.priceInfo.calculatedPrice).toBeUndefined();
    expect(
      (
        await call('POST', '/bookings/v2/pricing/preview', {
          bookingLineItems: [{ serviceId: randomUUID() }],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/bookings/v2/pricing/preview', {
          bookingLineItems: [{ serviceId: fixed.id, numberOfParticipants: 0 }],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(
          'POST',
          '/bookings/v2/pricing/preview',
          { bookingLineItems: [{ serviceId: fixed.id }] },
          {},
        )
      ).status,
    ).toBe(401);
  });
});

describe('class schedules', () => {
  it('stores weekly and one-off sessions and keeps the first and last session of the service', async () => {
    const staff = await make.staffMember();
    const course = await make.service({
      type: 'COURSE',
      name: 'Course',
      defaultCapacity: 8,
      staffMemberIds: [staff.id],
    });
    const weekly = await call('POST', `/bookings/v2/services/${course.id}/schedule/recurring-sessions`, {
      recurringSession: {
        weekday: 'THURSDAY',
        startTime: '18:30',
        durationInMinutes: 75,
        staffMemberId: staff.id,
        startDate: '2030-03-01',
        endDate: '2030-03-31',
      },
    });
    expect(weekly.status).toBe(200);
    expect(weekly.body.recurringSession).toMatchObject({
      weekday: 'THU',
      startTime: '18:30',
      capacity: 8,
      timeZone: 'UTC',
      scheduleId: course.schedule.id,
    });
    const oneOff = await call('POST', `/bookings/v2/services/${course.id}/schedule/sessions`, {
      session: { startDate: '2030-04-05T10:00:00Z', endDate: '2030-04-05T12:00:00Z', capacity: 4 },
    });
    expect(oneOff.body.session).toMatchObject({ capacity: 4, startDate: '2030-04-05T10:00:00.000Z' });
    const service = (await call('GET', `/bookings/v2/services/${course.id}`)).body.service;
    // 2030-03-07 is the first Thursday on or after 2030-03-01; 2030-03-28 the last one before the end.
    expect(service.schedule).toMatchObject({
      firstSessionStart: '2030-03-07T18:30:00.000Z',
      lastSessionEnd: '2030-04-05T12:00:00.000Z',
    });
    const schedule = await call('GET', `/bookings/v2/services/${course.id}/schedule`, undefined, visitor);
    expect(schedule.body.schedule.recurringSessions).toHaveLength(1);
    expect(schedule.body.schedule.sessions).toHaveLength(1);
    await call('DELETE', `/bookings/v2/services/${course.id}/schedule/sessions/${oneOff.body.session.id}`);
    const afterDelete = (await call('GET', `/bookings/v2/services/${course.id}`)).body.service;
    expect(afterDelete.schedule.lastSessionEnd).toBe('2030-03-28T19:45:00.000Z');
    expect(
      (
        await call(
          'DELETE',
          `/bookings/v2/services/${course.id}/schedule/recurring-sessions/${weekly.body.recurringSession.id}`,
        )
      ).body,
    ).toEqual({});
    expect(
      (
        await call(
          'DELETE',
          `/bookings/v2/services/${course.id}/schedule/recurring-sessions/${weekly.body.recurringSession.id}`,
        )
      ).status,
    ).toBe(404);
  });

  it('refuses sessions for appointments, backwards dates and unknown staff', async () => {
    const appointment = await make.service({ name: 'Not a class' });
    const klass = await make.service({ type: 'CLASS', name: 'A class' });
    const valid = { weekday: 'MON', startTime: '09:00', durationInMinutes: 60, startDate: '2030-01-01' };
    expect(
      (
        await call('POST', `/bookings/v2/services/${appointment.id}/schedule/recurring-sessions`, {
          recurringSession: valid,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', `/bookings/v2/services/${klass.id}/schedule/recurring-sessions`, {
          recurringSession: { ...valid, endDate: '2029-12-01' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', `/bookings/v2/services/${klass.id}/schedule/recurring-sessions`, {
          recurringSession: { ...valid, durationInMinutes: -5 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', `/bookings/v2/services/${klass.id}/schedule/recurring-sessions`, {
          recurringSession: { ...valid, staffMemberId: randomUUID() },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', `/bookings/v2/services/${klass.id}/schedule/sessions`, {
          session: { startDate: '2030-01-02T10:00:00Z', endDate: '2030-01-02T09:00:00Z' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', `/bookings/v2/services/${randomUUID()}/schedule/sessions`, {
          session: { startDate: '2030-01-02T10:00:00Z', endDate: '2030-01-02T11:00:00Z' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          'POST',
          `/bookings/v2/services/${klass.id}/schedule/recurring-sessions`,
          { recurringSession: valid },
          member,
        )
      ).status,
    ).toBe(403);
  });

  it('drops the schedule of a service deleted without preserving sessions, and keeps it otherwise', async () => {
    const dropped = await make.service({ type: 'CLASS', name: 'Dropped' });
    const kept = await make.service({ type: 'CLASS', name: 'Kept' });
    for (const service of [dropped, kept]) {
      await call('POST', `/bookings/v2/services/${service.id}/schedule/sessions`, {
        session: { startDate: '2031-01-02T10:00:00Z', endDate: '2031-01-02T11:00:00Z' },
      });
    }
    await call('DELETE', `/bookings/v2/services/${dropped.id}`);
    await call('DELETE', `/bookings/v2/services/${kept.id}?preserveFutureSessionsWithParticipants=true`);
    const rows = await t.app.database.query<{ service_id: string }>(
      'SELECT service_id FROM bookings_sessions WHERE service_id = ANY($1::uuid[])',
      [[dropped.id, kept.id]],
    );
    expect(rows.map((row) => row.service_id)).toEqual([kept.id]);
  });
});

describe('demo seed', () => {
  it('seeds a yoga studio once: three teachers, an appointment, a weekly class and a course', async () => {
    const [site] = await t.app.database.query<{ id: string }>(
      "INSERT INTO sites (name, timezone, currency, locale) VALUES ('Yoga', 'Europe/London', 'GBP', 'en-GB') RETURNING id",
    );
    const siteId = site!.id;
    const wireSite = (
      await inject(t.app, { method: 'GET', url: '/sites/v1/site', headers: as('WIX_USER:OWNER', siteId) })
    ).body.site;
    // Seeding reads no dashboard user: none are known.
    const catalog = createBookingsCatalogueModule({
      database: t.app.database,
      config: t.config,
      dashboardUsers: { idsByEmail: async () => new Map(), emailOf: async () => undefined },
    });
    expect(await seedBookingsCatalogue(catalog, wireSite)).toBe(true);
    expect(await seedBookingsCatalogue(catalog, wireSite)).toBe(false);
    const headers = as('WIX_USER:OWNER', siteId);
    const services = (await call('POST', '/bookings/v2/services/query', { query: {} }, headers)).body
      .services;
    expect(services.map((s: { type: string }) => s.type).sort()).toEqual(['APPOINTMENT', 'CLASS', 'COURSE']);
    expect(services[0].payment.fixed.price.currency).toBe('GBP');
    const staffMembers = (await call('POST', '/bookings/v1/staff-members/query', { query: {} }, headers)).body
      .staffMembers;
    expect(staffMembers).toHaveLength(3);
    expect(
      staffMembers.filter((s: { usesDefaultWorkingHours: boolean }) => !s.usesDefaultWorkingHours),
    ).toHaveLength(2);
    const klass = services.find((s: { type: string }) => s.type === 'CLASS');
    const schedule = (await call('GET', `/bookings/v2/services/${klass.id}/schedule`, undefined, headers))
      .body.schedule;
    expect(schedule).toMatchObject({ timeZone: 'Europe/London' });
    expect(schedule.recurringSessions).toHaveLength(3);
  });
});
