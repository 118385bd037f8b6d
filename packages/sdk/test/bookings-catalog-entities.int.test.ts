import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityKit } from '../../../apps/server/test/identity-helpers.ts';
import { InvalidArgumentError } from '../src/errors.ts';
import { failure, startCatalogApp, unknownId } from './bookings-catalog-setup.ts';

// Categories, resources and types, staff members and business hours, booking policies, options and
// variants and pricing, through the SDK against the real server.
let app: Awaited<ReturnType<typeof startCatalogApp>>;
beforeAll(async () => {
  app = await startCatalogApp();
});
afterAll(() => app.close());

const businessHours = (['MON', 'TUE', 'WED', 'THU', 'FRI'] as const).map((weekday) => ({
  weekday,
  startTime: '09:00',
  endTime: '17:00',
}));

describe('categories', () => {
  it('places new categories last and moves them FIRST, LAST and AFTER_CATEGORY', async () => {
    const a = await app.owner.createCategory({ name: 'Pos A' });
    await app.owner.createCategory({ name: 'Pos B' });
    const c = await app.owner.createCategory({ name: 'Pos C' });
    const order = async () =>
      (await app.visitor.queryCategories().startsWith('name', 'Pos').ascending('sortOrder').find()).items.map(
        (category) => category.name,
      );
    expect(await order()).toEqual(['Pos A', 'Pos B', 'Pos C']);
    await app.owner.moveCategory(c.id, 'FIRST');
    expect(await order()).toEqual(['Pos C', 'Pos A', 'Pos B']);
    await app.owner.moveCategory(c.id, 'AFTER_CATEGORY', a.id);
    expect(await order()).toEqual(['Pos A', 'Pos C', 'Pos B']);
    expect((await app.owner.moveCategory(a.id, 'LAST')).name).toBe('Pos A');
    expect(await order()).toEqual(['Pos C', 'Pos B', 'Pos A']);
    expect(await failure(app.owner.moveCategory(a.id, 'AFTER_CATEGORY'))).toMatchObject({ status: 400 });
    expect(await failure(app.owner.moveCategory(a.id, 'AFTER_CATEGORY', unknownId))).toMatchObject({
      status: 400,
    });
    expect(await failure(app.owner.moveCategory(unknownId, 'FIRST'))).toMatchObject({ status: 404 });
  });

  it('gets, updates with the revision, counts and deletes categories', async () => {
    const category = await app.owner.createCategory({ name: 'Doomed' });
    const service = await app.owner.createService({
      type: 'CLASS',
      name: 'Categorised',
      category: { id: category.id },
    });
    expect((await app.member.getCategory(category.id)).name).toBe('Doomed');
    const renamed = await app.owner.updateCategory(category.id, { name: 'Renamed', revision: '1' });
    expect(renamed).toMatchObject({ name: 'Renamed', revision: '2' });
    expect(await failure(app.owner.updateCategory(category.id, { name: 'x', revision: '1' }))).toMatchObject({
      status: 409,
    });
    expect(await app.owner.countCategories({ name: 'Renamed' })).toBe(1);
    await app.owner.deleteCategory(category.id);
    expect((await app.owner.getService(service.id)).category).toBeUndefined();
    expect(await failure(app.owner.getCategory(category.id))).toMatchObject({ status: 404 });
    expect(await failure(app.owner.createCategory({ name: '' }))).toBeInstanceOf(InvalidArgumentError);
    expect(await failure(app.member.createCategory({ name: 'x' }))).toMatchObject({ status: 403 });
  });
});

describe('categories v1', () => {
  it('creates, lists, updates and deletes categories, keeping or deleting their services', async () => {
    const hair = await app.owner.createCategoryV1({ name: 'V1 Hair' });
    expect(hair).toMatchObject({ name: 'V1 Hair', status: 'CREATED', sortOrder: expect.any(Number) });
    const nails = await app.owner.createCategoryV1({ name: 'V1 Nails' });
    expect(
      (await app.visitor.listCategoriesV1([nails.id, hair.id])).map((category) => category.name),
    ).toEqual(['V1 Hair', 'V1 Nails']);
    expect((await app.visitor.listCategoriesV1()).map((category) => category.id)).toEqual(
      expect.arrayContaining([hair.id, nails.id]),
    );
    expect(await app.owner.updateCategoryV1(hair.id, { name: 'V1 Hair and beard' })).toMatchObject({
      id: hair.id,
      name: 'V1 Hair and beard',
    });
    expect(await failure(app.owner.updateCategoryV1(hair.id, { name: '' }))).toMatchObject({ status: 400 });

    const kept = await app.owner.createService({ type: 'CLASS', name: 'Kept', category: { id: hair.id } });
    const gone = await app.owner.createService({ type: 'CLASS', name: 'Gone', category: { id: nails.id } });
    await app.owner.deleteCategoryV1(hair.id);
    expect((await app.owner.getService(kept.id)).category).toBeUndefined();
    await app.owner.deleteCategoryV1(nails.id, { deleteServices: true });
    expect(await failure(app.owner.getService(gone.id))).toMatchObject({ status: 404 });
    expect(await failure(app.owner.deleteCategoryV1(nails.id))).toMatchObject({ status: 404 });

    const a = await app.owner.createCategoryV1({ name: 'V1 A' });
    const b = await app.owner.createCategoryV1({ name: 'V1 B' });
    // All or none: an unknown id deletes nothing.
    expect(await failure(app.owner.batchDeleteCategoriesV1([a.id, unknownId]))).toMatchObject({
      status: 404,
    });
    expect(await app.owner.listCategoriesV1([a.id, b.id])).toHaveLength(2);
    await app.owner.batchDeleteCategoriesV1([a.id, b.id]);
    expect(await app.owner.listCategoriesV1([a.id, b.id])).toEqual([]);
    expect(await failure(app.member.createCategoryV1({ name: 'x' }))).toMatchObject({ status: 403 });
  });
});

describe('resources and resource types', () => {
  it('creates, reads, updates, queries, counts and deletes types and resources', async () => {
    const type = await app.owner.createResourceType({ name: 'Chair' });
    const chair = await app.owner.createResource({ name: 'Chair 1', typeId: type.id });
    const service = await app.owner.createService({
      type: 'APPOINTMENT',
      name: 'Needs a chair',
      serviceResources: [{ resourceType: { id: type.id } }],
    });
    const inUse = await failure(app.owner.deleteResourceType(type.id));
    expect(inUse).toMatchObject({ status: 409, code: 'RESOURCE_TYPE_IN_USE' });

    const updated = await app.owner.updateResource(chair.id, { name: 'Chair one' }, ['name']);
    expect(updated).toMatchObject({ name: 'Chair one', typeId: type.id, revision: '2' });
    expect(updated.eventsSchedule?.scheduleId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await app.owner.updateResourceType(type.id, { name: 'Barber chair' })).name).toBe('Barber chair');
    expect((await app.owner.getResourceType(type.id)).name).toBe('Barber chair');
    expect((await app.owner.queryResourceTypes().eq('id', type.id).find()).items).toHaveLength(1);
    expect(await app.owner.countResourceTypes({ name: 'Barber chair' })).toBe(1);
    expect((await app.owner.queryResources().eq('typeId', type.id).find()).items).toHaveLength(1);
    expect(await app.owner.countResources({ typeId: type.id })).toBe(1);
    expect((await app.owner.getResource(chair.id)).id).toBe(chair.id);
    expect(await failure(app.visitor.getResource(chair.id))).toMatchObject({ status: 403 });
    expect(await failure(app.owner.createResource({ name: 'x', typeId: randomUUID() }))).toMatchObject({
      status: 400,
    });

    await app.owner.deleteService(service.id);
    await app.owner.deleteResource(chair.id);
    await app.owner.deleteResourceType(type.id);
    expect(await failure(app.owner.getResourceType(type.id))).toMatchObject({ status: 404 });
  });

  it('searches resources by name words, with a filter and cursor paging', async () => {
    const rooms = await app.owner.createResourceType({ name: 'Search rooms' });
    const tables = await app.owner.createResourceType({ name: 'Search tables' });
    for (const name of ['Blue room', 'Green room', 'Quiet blue corner']) {
      await app.owner.createResource({ name, typeId: rooms.id });
    }
    await app.owner.createResource({ name: 'Blue table', typeId: tables.id });
    const any = await app.owner.searchResources({
      search: { expression: 'blue' },
      filter: { typeId: rooms.id },
      sort: [{ fieldName: 'name', order: 'ASC' }],
    });
    expect(any.items.map((resource) => resource.name)).toEqual(['Blue room', 'Quiet blue corner']);
    const every = await app.owner.searchResources({ search: { expression: 'blue room', mode: 'AND' } });
    expect(every.items.map((resource) => resource.name)).toEqual(['Blue room']);
    const first = await app.owner.searchResources({
      search: { expression: 'room blue' },
      sort: [{ fieldName: 'name', order: 'ASC' }],
      cursorPaging: { limit: 2 },
    });
    expect(first.items.map((resource) => resource.name)).toEqual(['Blue room', 'Blue table']);
    const next = await app.owner.searchResources({
      cursorPaging: { cursor: first.pagingMetadata!.cursors!.next! },
    });
    expect(next.items.map((resource) => resource.name)).toEqual(['Green room', 'Quiet blue corner']);
    expect(await failure(app.owner.searchResources({ filter: { secret: 1 } }))).toMatchObject({
      status: 400,
    });
    expect(await failure(app.visitor.searchResources({}))).toMatchObject({ status: 403 });
  });

  it('creates, updates and deletes resources in bulk', async () => {
    const type = await app.owner.createResourceType({ name: 'Room' });
    const created = await app.owner.bulkCreateResources(
      [{ name: 'Room 1', typeId: type.id }, { name: 'Room 2' }],
      { returnEntity: true },
    );
    expect(created.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    const id = created.results[0]!.item!.id;
    const updated = await app.owner.bulkUpdateResources(
      [{ resource: { id, name: 'Room one' }, mask: 'name' }],
      {
        returnEntity: true,
      },
    );
    expect(updated.results[0]!.item?.name).toBe('Room one');
    const deleted = await app.owner.bulkDeleteResources([id, randomUUID()]);
    expect(deleted.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
  });
});

describe('staff members and business hours', () => {
  it('creates a staff member who works the business hours until given their own', async () => {
    const created = await app.owner.createStaffMember({ name: 'Noa', email: 'noa@example.com' });
    expect(created).toMatchObject({
      name: 'Noa',
      usesDefaultWorkingHours: true,
      workingHours: businessHours,
    });
    const own = await app.owner.setWorkingHours(created.id, [
      { weekday: 'MONDAY', startTime: '13:00', endTime: '18:00' },
      { weekday: 'MON', startTime: '08:00', endTime: '12:00' },
    ]);
    expect(own).toMatchObject({
      usesDefaultWorkingHours: false,
      workingHours: [
        { weekday: 'MON', startTime: '08:00', endTime: '12:00' },
        { weekday: 'MON', startTime: '13:00', endTime: '18:00' },
      ],
    });
    expect((await app.owner.getWorkingHours(created.id)).workingHours).toHaveLength(2);
    expect((await app.owner.useBusinessHours(created.id)).usesDefaultWorkingHours).toBe(true);
  });

  it('rejects working hours that overlap or end before they start with field violations', async () => {
    const staff = await app.owner.createStaffMember({ name: 'Hours' });
    const overlap = await failure(
      app.owner.setWorkingHours(staff.id, [
        { weekday: 'TUE', startTime: '09:00', endTime: '13:00' },
        { weekday: 'TUE', startTime: '12:00', endTime: '15:00' },
      ]),
    );
    expect(overlap).toBeInstanceOf(InvalidArgumentError);
    expect((overlap as InvalidArgumentError).fieldViolations[0]).toMatchObject({
      field: 'workingHours[1]',
      description: expect.stringContaining('overlaps'),
    });
    const backwards = await failure(
      app.owner.setWorkingHours(staff.id, [{ weekday: 'WED', startTime: '17:00', endTime: '09:00' }]),
    );
    expect((backwards as InvalidArgumentError).fieldViolations[0]!.field).toBe('workingHours[0].endTime');
    expect(await failure(app.owner.setWorkingHours(unknownId, []))).toMatchObject({ status: 404 });
    expect(await failure(app.staffUser.setWorkingHours(staff.id, []))).toMatchObject({ status: 403 });
  });

  it('updates with a mask and the revision, queries, counts and deletes staff members', async () => {
    const staff = await app.owner.createStaffMember({
      name: 'Zed',
      email: 'zed@example.com',
      phone: '+1555',
    });
    const updated = await app.owner.updateStaffMember(
      staff.id,
      { name: 'Zed Z', phone: 'not masked', revision: staff.revision },
      ['name'],
    );
    expect(updated).toMatchObject({ name: 'Zed Z', phone: '+1555', revision: '2' });
    expect(await failure(app.owner.updateStaffMember(staff.id, { name: 'x', revision: '1' }))).toMatchObject({
      status: 409,
    });
    const seen = await app.visitor.getStaffMember(staff.id);
    expect(seen.email ?? null).toBeNull();
    expect((await app.owner.queryStaffMembers().eq('name', 'Zed Z').find()).items.map((s) => s.id)).toEqual([
      staff.id,
    ]);
    expect(await app.owner.countStaffMembers({ name: 'Zed Z' })).toBe(1);
    await app.owner.deleteStaffMember(staff.id);
    expect(await failure(app.owner.getStaffMember(staff.id))).toMatchObject({ status: 404 });
  });

  it('connects a staff member to a dashboard user: PENDING until the user exists, then CONNECTED', async () => {
    const kit = identityKit(app.testApp);
    const { site } = await kit.defaultSite();
    const dana = await app.owner.createStaffMember({ name: 'Dana', email: 'dana.staff@example.com' });
    const pending = await app.owner.connectStaffMemberToUser(dana.id);
    expect(pending.associatedWixIdentity).toMatchObject({
      connection: { status: 'PENDING' },
      email: 'dana.staff@example.com',
      identificationData: null,
    });
    // The invited person signs up as a dashboard user: the connection completes without another call.
    const danaUser = await kit.identity.staff.ensureStaffUser(
      site.id,
      'dana.staff@example.com',
      'correct horse battery',
      'STAFF',
    );
    expect((await app.owner.getStaffMember(dana.id)).associatedWixIdentity).toMatchObject({
      connection: { status: 'CONNECTED' },
      identificationData: { wixUserId: danaUser.identity.id },
    });
    const user = await kit.staffToken(site.id, 'STAFF');
    const other = await app.owner.createStaffMember({ name: 'Other', email: user.email });
    const connected = await app.owner.connectStaffMemberToUser(other.id);
    expect(connected.associatedWixIdentity).toMatchObject({
      connection: { status: 'CONNECTED' },
      identificationData: { wixUserId: user.id, identityType: 'WIX_USER' },
    });
    // Another staff member cannot take the same user; visitors never see the connection.
    const taken = await failure(app.owner.connectStaffMemberToUser(dana.id, { email: user.email }));
    expect(taken).toMatchObject({ status: 409, code: 'USER_ALREADY_CONNECTED' });
    expect((await app.visitor.getStaffMember(other.id)).associatedWixIdentity).toBeUndefined();

    const disconnected = await app.owner.disconnectStaffMemberFromUser(other.id);
    expect(disconnected.associatedWixIdentity?.connection.status).toBe('DISCONNECTED');
    expect(await failure(app.owner.disconnectStaffMemberFromUser(other.id))).toMatchObject({
      status: 400,
      code: 'STAFF_MEMBER_NOT_CONNECTED',
    });
    const noEmail = await app.owner.createStaffMember({ name: 'No email' });
    expect(await failure(app.owner.connectStaffMemberToUser(noEmail.id))).toBeInstanceOf(
      InvalidArgumentError,
    );
    expect(await failure(app.staffUser.connectStaffMemberToUser(dana.id))).toMatchObject({ status: 403 });
  });

  it('adds, lists and removes time off, refusing an end before the start', async () => {
    const staff = await app.owner.createStaffMember({ name: 'Away' });
    const timeOff = await app.owner.addTimeOff(staff.id, {
      startDate: '2030-03-01T09:00:00.000Z',
      endDate: '2030-03-02T09:00:00.000Z',
      title: 'Holiday',
    });
    expect(timeOff.startDate).toBeInstanceOf(Date);
    const listed = await app.owner.listTimeOff(staff.id, {
      from: '2030-02-01T00:00:00Z',
      to: '2030-04-01T00:00:00Z',
    });
    expect(listed.map((entry) => entry.id)).toEqual([timeOff.id]);
    expect(
      await failure(
        app.owner.addTimeOff(staff.id, {
          startDate: '2030-03-02T09:00:00Z',
          endDate: '2030-03-01T09:00:00Z',
        }),
      ),
    ).toMatchObject({ status: 400 });
    await app.owner.deleteTimeOff(staff.id, timeOff.id);
    expect(await app.owner.listTimeOff(staff.id)).toEqual([]);
  });

  it('sets and lists the services a staff member gives', async () => {
    const staff = await app.owner.createStaffMember({ name: 'Giver' });
    const service = await app.owner.createService({ type: 'APPOINTMENT', name: 'Given' });
    const services = await app.owner.setStaffMemberServices(staff.id, [service.id]);
    expect(services.map((entry) => entry.id)).toEqual([service.id]);
    expect((await app.owner.listStaffMemberServices(staff.id)).map((entry) => entry.id)).toEqual([
      service.id,
    ]);
    expect((await app.owner.getService(service.id)).staffMemberIds).toEqual([staff.id]);
  });

  it('reads and changes the business hours, refusing overlaps', async () => {
    const settings = await app.visitor.getBookingsSettings();
    expect(settings.businessHours).toEqual(businessHours);
    const changed = await app.owner.updateBookingsSettings({
      businessHours: [{ weekday: 'SAT', startTime: '10:00', endTime: '14:00' }, ...businessHours],
    });
    expect(changed.businessHours).toHaveLength(6);
    expect(
      await failure(
        app.owner.updateBookingsSettings({
          businessHours: [
            { weekday: 'SAT', startTime: '10:00', endTime: '14:00' },
            { weekday: 'SAT', startTime: '13:00', endTime: '15:00' },
          ],
        }),
      ),
    ).toBeInstanceOf(InvalidArgumentError);
    await app.owner.updateBookingsSettings({ businessHours });
  });
});

describe('external calendar URLs (SSRF)', () => {
  it('refuses to connect loopback, private and link-local hosts with ADDRESS_NOT_ALLOWED', async () => {
    const staff = await app.owner.createStaffMember({ name: 'Cal' });
    for (const url of [
      'http://127.0.0.1:8080/a.ics',
      'http://localhost/a.ics',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/a.ics',
      'webcal://10.0.0.7/team.ics',
    ]) {
      const error = await failure(app.owner.connectExternalCalendar({ staffMemberId: staff.id, url }));
      expect(error, url).toMatchObject({ status: 400, code: 'ADDRESS_NOT_ALLOWED' });
    }
    expect(
      await app.owner.listExternalCalendars({ staffMemberId: staff.id, includeDisconnected: true }),
    ).toEqual([]);
  });
});

describe('booking policies', () => {
  it('creates, reads, updates with a mask, and computes the strictest of several', async () => {
    const lenient = await app.owner.createBookingPolicy({
      name: 'Lenient',
      participantsPolicy: { maxParticipantsPerBooking: 5 },
    });
    const strict = await app.owner.createBookingPolicy({
      name: 'Strict',
      limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 120 },
      waitlistPolicy: { enabled: true, capacity: 3 },
      participantsPolicy: { maxParticipantsPerBooking: 2 },
    });
    expect((await app.visitor.getBookingPolicy(strict.id)).limitLateBookingPolicy).toEqual({
      enabled: true,
      latestBookingInMinutes: 120,
    });
    const updated = await app.owner.updateBookingPolicy(
      lenient.id,
      {
        revision: '1',
        name: 'not masked',
        limitEarlyBookingPolicy: { enabled: true, earliestBookingInMinutes: 20160 },
      },
      ['limitEarlyBookingPolicy'],
    );
    expect(updated).toMatchObject({ name: 'Lenient', revision: '2' });
    const strictest = await app.member.getStrictestBookingPolicy([lenient.id, strict.id]);
    expect(strictest).toMatchObject({
      limitEarlyBookingPolicy: { enabled: true, earliestBookingInMinutes: 20160 },
      limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 120 },
      waitlistPolicy: { enabled: false },
      participantsPolicy: { maxParticipantsPerBooking: 2 },
    });
    expect(await failure(app.owner.getStrictestBookingPolicy([randomUUID()]))).toMatchObject({ status: 404 });
    expect(await failure(app.owner.getStrictestBookingPolicy([]))).toMatchObject({ status: 400 });
    expect(
      await failure(app.owner.createBookingPolicy({ waitlistPolicy: { enabled: true, capacity: 0 } })),
    ).toMatchObject({ status: 400 });
  });

  it('moves the default, refuses to delete it, queries and counts', async () => {
    const policy = await app.owner.createBookingPolicy({ name: 'Soon default' });
    const moved = await app.owner.setDefaultBookingPolicy(policy.id);
    expect(moved.currentDefaultBookingPolicy).toMatchObject({ id: policy.id, default: true });
    const previous = moved.previousDefaultBookingPolicy!;
    const refused = await failure(app.owner.deleteBookingPolicy(policy.id));
    expect(refused).toMatchObject({ status: 409, code: 'DEFAULT_POLICY_CANNOT_BE_DELETED' });
    await app.owner.setDefaultBookingPolicy(previous.id);
    await app.owner.deleteBookingPolicy(policy.id);
    expect(await failure(app.owner.getBookingPolicy(policy.id))).toMatchObject({ status: 404 });
    const defaults = await app.owner.queryBookingPolicies().eq('default', true).find();
    expect(defaults.items.map((entry) => entry.id)).toEqual([previous.id]);
    expect(await app.owner.countBookingPolicies({ default: true })).toBe(1);
  });
});

describe('service options and variants, and pricing', () => {
  it('creates, reads, updates, queries, clones and deletes options; prices bookings from them', async () => {
    const anna = await app.owner.createStaffMember({ name: 'Anna' });
    const ben = await app.owner.createStaffMember({ name: 'Ben' });
    const service = await app.owner.createService({
      type: 'APPOINTMENT',
      name: 'Massage',
      staffMemberIds: [anna.id, ben.id],
      payment: { rateType: 'VARIED', varied: { defaultPrice: { value: '50.00' } } },
    });
    const staffOption = randomUUID();
    const durationOption = randomUUID();
    const variant = (staffMemberId: string, minutes: number, value: string) => ({
      choices: [
        { optionId: staffOption, staffMemberId },
        { optionId: durationOption, duration: { minutes } },
      ],
      price: { value },
    });
    const options = await app.owner.createServiceOptionsAndVariants({
      serviceId: service.id,
      options: {
        values: [
          { id: staffOption, type: 'STAFF_MEMBER' },
          { id: durationOption, type: 'DURATION', durationData: { name: 'Length' } },
        ],
      },
      variants: {
        values: [variant(anna.id, 30, '40.10'), variant(anna.id, 60, '70.20'), variant(ben.id, 60, '65.00')],
      },
    });
    expect(options).toMatchObject({ minPrice: { value: '40.10' }, maxPrice: { value: '70.20' } });
    expect(await failure(app.owner.createServiceOptionsAndVariants({ serviceId: service.id }))).toMatchObject(
      {
        status: 409,
      },
    );

    const preview = await app.visitor.previewPrice([
      {
        serviceId: service.id,
        serviceChoices: [
          { numberOfParticipants: 2, choices: variant(anna.id, 30, '').choices },
          { numberOfParticipants: 1, choices: variant(anna.id, 60, '').choices },
        ],
      },
    ]);
    expect(preview).toMatchObject({ calculatedPrice: 150.4, currency: 'USD' });
    const noVariant = await failure(
      app.owner.previewPrice([{ serviceId: service.id, choices: variant(ben.id, 30, '').choices }]),
    );
    expect(noVariant).toMatchObject({ status: 400, code: 'INVALID_VARIANT' });
    const calculated = await app.owner.calculatePrice({
      bookedEntity: { slot: { serviceId: service.id } },
      totalParticipants: 3,
    });
    expect(calculated.calculatedPrice).toBe(150);

    expect((await app.member.getServiceOptionsAndVariantsByServiceId(service.id)).id).toBe(options.id);
    expect((await app.owner.getServiceOptionsAndVariants(options.id)).id).toBe(options.id);
    const other = await app.owner.createService({
      type: 'APPOINTMENT',
      name: 'Massage copy',
      staffMemberIds: [anna.id, ben.id],
      payment: { rateType: 'VARIED', varied: { defaultPrice: { value: '50.00' } } },
    });
    const cloned = await app.owner.cloneServiceOptionsAndVariants(options.id, other.id);
    expect(cloned).toMatchObject({ serviceId: other.id });
    expect(cloned.variants?.values).toHaveLength(3);
    const page = await app.owner.queryServiceOptionsAndVariants().eq('serviceId', service.id).find();
    expect(page.items.map((entry) => entry.id)).toEqual([options.id]);

    const updated = await app.owner.updateServiceOptionsAndVariants(options.id, {
      revision: '1',
      options: { values: [] },
      variants: { values: [] },
    });
    expect(updated).toMatchObject({ revision: '2', variants: { values: [] } });
    expect(
      await failure(app.owner.updateServiceOptionsAndVariants(options.id, { revision: '1' })),
    ).toMatchObject({ status: 409 });
    await app.owner.deleteServiceOptionsAndVariants(options.id);
    expect(await failure(app.owner.getServiceOptionsAndVariants(options.id))).toMatchObject({ status: 404 });
  });
});
