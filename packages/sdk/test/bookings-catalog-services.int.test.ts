import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationError, InvalidArgumentError } from '../src/errors.ts';
import { failure, startCatalogApp, unknownId } from './bookings-catalog-setup.ts';

// Every Services and Add-on groups call of spec §7 through the SDK against the real server.
let app: Awaited<ReturnType<typeof startCatalogApp>>;
beforeAll(async () => {
  app = await startCatalogApp();
});
afterAll(() => app.close());

const haircut = {
  type: 'APPOINTMENT' as const,
  name: 'Haircut',
  payment: { rateType: 'FIXED' as const, fixed: { price: { value: '45.00' } } },
  schedule: { availabilityConstraints: { durations: [{ minutes: 45 }] } },
};

describe('createService, getService, updateService', () => {
  it('creates an appointment with the wire shape, reads it back and updates exactly the masked fields', async () => {
    const created = await app.owner.createService({ ...haircut, tagLine: 'Sharp', description: 'Cut' });
    expect(created).toMatchObject({
      type: 'APPOINTMENT',
      name: 'Haircut',
      revision: '1',
      mainSlug: { name: 'haircut' },
      payment: { rateType: 'FIXED', fixed: { price: { value: '45.00' } } },
      locations: [{ type: 'BUSINESS' }],
    });
    expect(created.createdDate).toBeInstanceOf(Date);
    expect((await app.visitor.getService(created.id)).name).toBe('Haircut');

    const updated = await app.owner.updateService(
      created.id,
      { name: 'Long haircut', tagLine: 'ignored, not masked', revision: created.revision },
      ['name', 'description'],
    );
    expect(updated).toMatchObject({ name: 'Long haircut', tagLine: 'Sharp', revision: '2' });
    expect(updated.description ?? null).toBeNull();

    const stale = await failure(app.owner.updateService(created.id, { name: 'x', revision: '1' }, ['name']));
    expect(stale).toBeInstanceOf(ApplicationError);
    expect(stale).toMatchObject({ status: 409, code: 'REVISION_MISMATCH' });
  });

  it('answers 400 with a field violation for a negative duration, and 400 for a missing name', async () => {
    const error = await failure(
      app.owner.createService({
        ...haircut,
        schedule: { availabilityConstraints: { durations: [{ minutes: -30 }] } },
      }),
    );
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).fieldViolations.map((violation) => violation.field)).toEqual([
      'service.schedule.availabilityConstraints.durations[0].minutes',
    ]);
    expect(await failure(app.owner.createService({ type: 'APPOINTMENT' }))).toMatchObject({ status: 400 });
  });

  it('refuses visitors and answers 404 for an unknown service', async () => {
    expect(await failure(app.visitor.createService(haircut))).toMatchObject({ status: 403 });
    expect(await failure(app.visitor.getService(unknownId))).toMatchObject({ status: 404 });
  });
});

describe('bulk and by-filter calls', () => {
  it('bulk creates and reports a failure in place', async () => {
    const result = await app.owner.bulkCreateServices(
      [{ type: 'CLASS', name: 'Bulk one' }, { type: 'CLASS' }, { type: 'COURSE', name: 'Bulk three' }],
      { returnEntity: true },
    );
    expect(result.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });
    expect(result.results[1]!.itemMetadata).toMatchObject({ originalIndex: 1, success: false });
    expect(result.results[2]!.item?.name).toBe('Bulk three');
  });

  it('bulk updates with masks, and updates by filter', async () => {
    const a = await app.owner.createService({ ...haircut, name: 'Filter A' });
    const b = await app.owner.createService({ ...haircut, name: 'Filter B' });
    const bulk = await app.owner.bulkUpdateServices(
      [
        { service: { id: a.id, tagLine: 'A!' }, mask: 'tagLine' },
        { service: { id: unknownId, tagLine: 'nobody' }, mask: 'tagLine' },
      ],
      { returnEntity: true },
    );
    expect(bulk.bulkActionMetadata.totalSuccesses).toBe(1);
    expect(bulk.results[0]!.item?.tagLine).toBe('A!');
    expect(bulk.results[1]!.itemMetadata.error?.code).toBe('NOT_FOUND');

    const job = await app.owner.bulkUpdateServicesByFilter(
      { name: { $startsWith: 'filter ' } },
      { hidden: true },
    );
    expect(job.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await app.owner.getService(b.id)).hidden).toBe(true);
    expect(await failure(app.owner.bulkUpdateServicesByFilter({ secret: 1 }, {}))).toMatchObject({
      status: 400,
    });
  });

  it('deletes one (keeping sessions with participants), several and by filter', async () => {
    const one = await app.owner.createService({ ...haircut, name: 'Delete me' });
    await app.owner.deleteService(one.id, {
      preserveFutureSessionsWithParticipants: true,
      participantNotification: { notifyParticipants: false },
    });
    expect(await failure(app.owner.getService(one.id))).toMatchObject({ status: 404 });
    expect(await failure(app.owner.deleteService(one.id))).toMatchObject({ status: 404 });
    // The slug of a deleted service is free again.
    expect((await app.owner.createService({ ...haircut, name: 'Delete me' })).mainSlug?.name).toBe(
      'delete-me',
    );

    const two = await app.owner.createService({ ...haircut, name: 'Gone two' });
    const bulk = await app.owner.bulkDeleteServices([two.id, unknownId], {
      preserveFutureSessionsWithParticipants: false,
    });
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    await app.owner.createService({ ...haircut, name: 'Gone three' });
    const job = await app.owner.bulkDeleteServicesByFilter({ name: 'Gone three' });
    expect(typeof job.jobId).toBe('string');
    expect(await app.owner.countServices({ name: { $startsWith: 'gone' } })).toBe(0);
  });
});

describe('query, search and count', () => {
  beforeAll(async () => {
    await app.owner.bulkCreateServices([
      { type: 'CLASS', name: 'Yoga flow', tagLine: 'Breathe', defaultCapacity: 12 },
      { type: 'CLASS', name: 'Yin yoga', defaultCapacity: 8 },
      { type: 'COURSE', name: 'Pottery course' },
    ]);
  });

  it('queries with the builder and offset paging', async () => {
    const first = await app.visitor.queryServices().eq('type', 'CLASS').ascending('name').limit(2).find();
    expect(first.items.map((service) => service.name)).toEqual(['Bulk one', 'Yin yoga']);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items.map((service) => service.name)).toEqual(['Yoga flow']);
  });

  it('searches text with VALUE and SCALAR aggregations', async () => {
    const result = await app.visitor.searchServices({
      search: { expression: 'yoga' },
      aggregations: [
        { name: 'types', type: 'VALUE', fieldPath: 'type' },
        { name: 'most', type: 'SCALAR', fieldPath: 'defaultCapacity', scalar: { type: 'MAX' } },
      ],
    });
    expect(result.services.map((service) => service.name).sort()).toEqual(['Yin yoga', 'Yoga flow']);
    const [types, most] = result.aggregationData.results;
    expect(types).toMatchObject({ name: 'types' });
    expect(JSON.stringify(types)).toContain('CLASS');
    expect(most).toMatchObject({ name: 'most', scalar: { value: 12 } });
  });

  it('counts services matching a filter and rejects unknown fields', async () => {
    expect(await app.visitor.countServices({ type: 'COURSE' })).toBeGreaterThanOrEqual(1);
    expect(await failure(app.visitor.countServices({ nope: 1 }))).toMatchObject({ status: 400 });
  });
});

describe('policies, booking forms, locations and categories of services', () => {
  it('lists booking policies with their connected services', async () => {
    const policy = await app.owner.createBookingPolicy({ name: 'Policies query' });
    const service = await app.owner.createService({
      ...haircut,
      name: 'Under policy',
      bookingPolicy: { id: policy.id },
    });
    const answer = await app.owner.queryServicePolicies({ filter: { id: policy.id } });
    expect(answer.bookingPolicies).toHaveLength(1);
    expect(answer.bookingPolicies[0]).toMatchObject({
      totalServiceCount: 1,
      bookingPolicy: { id: policy.id },
    });
    expect(answer.bookingPolicies[0]!.connectedServices[0]!.id).toBe(service.id);
  });

  it('lists booking forms in use, with the default form', async () => {
    const formId = '11111111-1111-4111-8111-111111111111';
    await app.owner.createService({ ...haircut, name: 'With form', form: { id: formId } });
    const answer = await app.owner.queryServiceBookingForms({ filter: { formId: { $in: [formId] } } });
    expect(answer.bookingForms).toHaveLength(1);
    expect(answer.bookingForms[0]).toMatchObject({ formDetails: { formId }, totalServiceCount: 1 });
    expect(answer.defaultBookingForm?.formDetails.formId).toBe('00000000-0000-0000-0000-000000000000');
  });

  it('lists business locations and whether custom and customer locations exist', async () => {
    await app.owner.createService({
      ...haircut,
      name: 'Located',
      locations: [
        { type: 'BUSINESS', business: { id: 'loc-1', name: 'Main street' } },
        { type: 'CUSTOM', custom: { address: { city: 'Haifa' } } },
      ],
    });
    const answer = await app.visitor.queryServiceLocations({ services: { name: 'Located' } });
    expect(answer).toMatchObject({
      businessLocations: { exists: true, locations: [{ type: 'BUSINESS', business: { id: 'loc-1' } }] },
      customLocations: { exists: true },
      customerLocations: { exists: false },
    });
  });

  it('lists the categories the services use', async () => {
    const used = await app.owner.createCategory({ name: 'Used category' });
    await app.owner.createCategory({ name: 'Unused category' });
    await app.owner.createService({ ...haircut, name: 'In category', category: { id: used.id } });
    const categories = await app.visitor.queryServiceCategories({ services: { name: 'In category' } });
    expect(categories.map((category) => category.name)).toEqual(['Used category']);
  });
});

describe('locations, pricing plans, slugs and clone', () => {
  it('replaces the locations, checking removedLocationSessionsAction', async () => {
    const service = await app.owner.createService({ ...haircut, name: 'Moving' });
    const moved = await app.owner.setServiceLocations(service.id, {
      locations: [{ type: 'CUSTOMER' }],
      removedLocationSessionsAction: { action: 'KEEP_AT_CURRENT_LOCATION' },
      participantNotification: { notifyParticipants: false },
    });
    expect(moved.locations).toEqual([{ type: 'CUSTOMER' }]);
    const move = await failure(
      app.owner.setServiceLocations(service.id, {
        locations: [{ type: 'CUSTOMER' }],
        removedLocationSessionsAction: { action: 'MOVE_TO_LOCATION' },
      }),
    );
    expect(move).toMatchObject({ status: 400 });
    expect(
      await failure(app.owner.setServiceLocations(unknownId, { locations: [{ type: 'CUSTOMER' }] })),
    ).toMatchObject({ status: 404 });
  });

  it('adds and removes pricing plans', async () => {
    const service = await app.owner.createService({ ...haircut, name: 'Plans' });
    const added = await app.owner.enablePricingPlansForService(service.id, ['plan-a', 'plan-b']);
    expect(added.payment).toMatchObject({
      pricingPlanIds: ['plan-a', 'plan-b'],
      options: { pricingPlan: true },
    });
    const removed = await app.owner.disablePricingPlansForService(service.id, ['plan-a', 'plan-b']);
    expect(removed.payment).toMatchObject({ pricingPlanIds: [], options: { pricingPlan: false } });
    expect(await failure(app.owner.disablePricingPlansForService(unknownId, []))).toMatchObject({
      status: 404,
    });
  });

  it('validates and sets custom slugs with SLUG_CONTAINS_ILLEGAL_CHARACTERS and SLUG_ALREADY_EXISTS', async () => {
    const a = await app.owner.createService({ ...haircut, name: 'Slug owner' });
    const b = await app.owner.createService({ ...haircut, name: 'Slug wanter' });
    expect(await app.owner.validateSlug('no spaces/please', b.id)).toEqual({
      valid: false,
      slug: null,
      errors: ['SLUG_CONTAINS_ILLEGAL_CHARACTERS'],
    });
    expect(await app.owner.validateSlug('slug-owner', b.id)).toEqual({
      valid: false,
      slug: 'slug-owner',
      errors: ['SLUG_ALREADY_EXISTS'],
    });
    expect(await app.owner.validateSlug('Slug-Owner', a.id)).toEqual({
      valid: true,
      slug: 'slug-owner',
      errors: [],
    });

    const set = await app.owner.setCustomSlug(b.id, 'best-cut');
    expect(set.slug).toMatchObject({ name: 'best-cut', custom: true });
    expect(set.service.mainSlug).toMatchObject({ name: 'best-cut', custom: true });

    const illegal = await failure(app.owner.setCustomSlug(b.id, 'bad slug!'));
    expect(illegal).toMatchObject({ status: 400, code: 'SLUG_CONTAINS_ILLEGAL_CHARACTERS' });
    const taken = await failure(app.owner.setCustomSlug(b.id, 'slug-owner'));
    expect(taken).toMatchObject({ status: 409, code: 'SLUG_ALREADY_EXISTS' });
  });

  it('clones a service with its weekly schedule, and 404s an unknown source', async () => {
    const source = await app.owner.createService({ type: 'CLASS', name: 'Clone source', defaultCapacity: 6 });
    await app.owner.addRecurringSession(source.id, {
      weekday: 'TUE',
      startTime: '18:00',
      durationInMinutes: 60,
      startDate: '2030-01-01',
    });
    const { service: clone, errors } = await app.owner.cloneService(source.id);
    expect(errors).toEqual([]);
    expect(clone).toMatchObject({ name: 'Clone source', type: 'CLASS', defaultCapacity: 6 });
    expect(clone.id).not.toBe(source.id);
    expect((await app.owner.getServiceSchedule(clone.id)).recurringSessions).toHaveLength(1);
    expect(await failure(app.owner.cloneService(unknownId))).toMatchObject({ status: 404 });
  });
});

describe('class schedules', () => {
  it('adds and deletes weekly and one-off sessions', async () => {
    const service = await app.owner.createService({ type: 'CLASS', name: 'Spin', defaultCapacity: 4 });
    const weekly = await app.owner.addRecurringSession(service.id, {
      weekday: 'MON',
      startTime: '07:00',
      durationInMinutes: 45,
      startDate: '2030-01-07',
    });
    const once = await app.owner.addSession(service.id, {
      startDate: '2030-02-01T10:00:00.000Z',
      endDate: '2030-02-01T11:00:00.000Z',
    });
    let schedule = await app.owner.getServiceSchedule(service.id);
    expect(schedule.recurringSessions.map((session) => session.id)).toEqual([weekly.id]);
    expect(schedule.sessions.map((session) => session.id)).toContain(once.id);
    await app.owner.deleteRecurringSession(service.id, weekly.id);
    await app.owner.deleteSession(service.id, once.id);
    schedule = await app.owner.getServiceSchedule(service.id);
    expect(schedule.recurringSessions).toEqual([]);
    expect(schedule.sessions.filter((session) => session.id === once.id)).toEqual([]);
    expect(
      await failure(
        app.owner.addRecurringSession(service.id, {
          weekday: 'MON',
          startTime: '25:00',
          durationInMinutes: 45,
          startDate: '2030-01-07',
        }),
      ),
    ).toMatchObject({ status: 400 });
  });
});

describe('add-on groups', () => {
  it('creates, updates, sets add-ons, lists and deletes groups inside their service', async () => {
    const wax = (await app.owner.createAddOn({ name: 'Wax', price: { value: '5' }, maxQuantity: 1 })).id;
    const oil = (await app.owner.createAddOn({ name: 'Oil', price: { value: '5' }, maxQuantity: 1 })).id;
    const service = await app.owner.createService({
      ...haircut,
      name: 'With extras',
      addOnDetails: [{ addOnId: wax, durationInMinutes: 10 }],
    });
    const group = await app.owner.createAddOnGroup(service.id, {
      name: 'Extras',
      maxNumberOfAddOns: 2,
      addOnIds: [wax],
    });
    const groupId = group.id!;
    const updated = await app.owner.updateAddOnGroup(service.id, { id: groupId, prompt: 'Pick two' }, [
      'prompt',
    ]);
    expect(updated).toMatchObject({ name: 'Extras', prompt: 'Pick two' });
    expect((await app.owner.setAddOnsForGroup(service.id, groupId, [wax, oil])).addOnIds).toEqual([wax, oil]);
    expect(await app.visitor.listAddOnGroupsByServiceId(service.id, [groupId])).toEqual([
      {
        groupId,
        groupName: 'Extras',
        maxNumberOfAddOns: 2,
        prompt: 'Pick two',
        addOns: [
          { addOnId: wax, durationInMinutes: 10 },
          { addOnId: oil, durationInMinutes: null },
        ],
      },
    ]);
    await app.owner.deleteAddOnGroup(service.id, groupId);
    expect(await failure(app.owner.deleteAddOnGroup(service.id, groupId))).toMatchObject({ status: 404 });
    expect(await failure(app.owner.createAddOnGroup(service.id, {}))).toMatchObject({ status: 400 });
    expect(await failure(app.member.createAddOnGroup(service.id, { name: 'x' }))).toMatchObject({
      status: 403,
    });
  });
});
