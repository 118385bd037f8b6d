import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { catalogFactories } from './bookings-catalog-helpers.ts';

let t: TestApp;
let make: ReturnType<typeof catalogFactories>;
const visitor = as('ANONYMOUS_VISITOR');
const member = as('MEMBER:m-1');
const app = as('APP:integration');

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

describe('POST /bookings/v2/services', () => {
  it('creates an appointment with the wire shape of the contract', async () => {
    const staff = await make.staffMember();
    const category = await make.category('Cuts');
    const response = await call('POST', '/bookings/v2/services', {
      service: {
        type: 'APPOINTMENT',
        name: 'Beard trim',
        category: { id: category.id },
        staffMemberIds: [staff.id],
        payment: { rateType: 'FIXED', fixed: { price: { value: '25.50', currency: 'USD' } } },
        schedule: { availabilityConstraints: { durations: [{ minutes: 30 }], timeBetweenSessions: 10 } },
        locations: [{ type: 'OWNER_BUSINESS' }, { type: 'CUSTOMER' }],
        media: { mainMedia: { image: { url: 'https://example.com/a.jpg', width: 10, height: 10 } } },
        unknownKey: 'ignored',
      },
    });
    expect(response.status).toBe(200);
    const service = response.body.service;
    expect(service).toMatchObject({
      type: 'APPOINTMENT',
      name: 'Beard trim',
      revision: '1',
      defaultCapacity: 1,
      category: { id: category.id, name: 'Cuts' },
      staffMemberIds: [staff.id],
      staffMemberDetails: { staffMembers: [{ staffMemberId: staff.id, name: 'Dana Levi' }] },
      payment: { rateType: 'FIXED', fixed: { price: { value: '25.50', currency: 'USD' } } },
      schedule: { availabilityConstraints: { durations: [{ minutes: 30 }], timeBetweenSessions: 10 } },
      locations: [{ type: 'BUSINESS' }, { type: 'CUSTOMER' }],
      mainSlug: { name: 'beard-trim', custom: false },
      urls: { servicePage: '/service-page/beard-trim', bookingPage: '/booking-calendar/beard-trim' },
      bookingPolicy: { default: true },
      onlineBooking: { enabled: true, requireManualApproval: false },
    });
    expect(service.schedule.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(service).not.toHaveProperty('unknownKey');
    const rows = await t.app.database.query<{
      duration_minutes: number;
      buffer_after_minutes: number;
      price: string;
    }>(
      'SELECT duration_minutes, buffer_after_minutes, price::text AS price FROM bookings_services WHERE id = $1',
      [service.id],
    );
    expect(rows[0]).toEqual({ duration_minutes: 30, buffer_after_minutes: 10, price: '25.500000' });
  });

  it('gives a second service of the same name a numbered slug', async () => {
    const first = await make.service({ name: 'Colour & Cut' });
    const second = await make.service({ name: 'Colour & Cut' });
    expect(first.mainSlug).toMatchObject({ name: 'colour-cut' });
    expect(second.mainSlug).toMatchObject({ name: 'colour-cut-2' });
  });

  it('answers 400 with field violations for a missing name, a negative duration and a price without FIXED data', async () => {
    const response = await call('POST', '/bookings/v2/services', {
      service: {
        type: 'APPOINTMENT',
        schedule: { availabilityConstraints: { durations: [{ minutes: -15 }] } },
      },
    });
    expect(response.status).toBe(400);
    const fields = response.body.details.validationError.fieldViolations.map(
      (v: { field: string }) => v.field,
    );
    expect(fields).toContain('service.schedule.availabilityConstraints.durations[0].minutes');
    const missingName = await call('POST', '/bookings/v2/services', { service: { type: 'CLASS' } });
    expect(missingName.status).toBe(400);
    expect(missingName.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'service.name',
      violatedRule: 'REQUIRED_FIELD',
    });
    const fixedWithoutPrice = await call('POST', '/bookings/v2/services', {
      service: { type: 'CLASS', name: 'x', payment: { rateType: 'FIXED' } },
    });
    expect(fixedWithoutPrice.status).toBe(400);
    expect(fixedWithoutPrice.body.details.validationError.fieldViolations[0].field).toBe(
      'service.payment.fixed.price',
    );
  });

  it('rejects a price in another currency, unknown staff and a malformed money value', async () => {
    const otherCurrency = await call('POST', '/bookings/v2/services', {
      service: {
        type: 'APPOINTMENT',
        name: 'x',
        payment: { fixed: { price: { value: '1.00', currency: 'EUR' } } },
      },
    });
    expect(otherCurrency.status).toBe(400);
    expect(otherCurrency.body.details.validationError.fieldViolations[0].field).toBe(
      'service.payment.fixed.price.currency',
    );
    const unknownStaff = await call('POST', '/bookings/v2/services', {
      service: { type: 'APPOINTMENT', name: 'x', staffMemberIds: [randomUUID()] },
    });
    expect(unknownStaff.status).toBe(400);
    expect(unknownStaff.body.details.validationError.fieldViolations[0].field).toBe(
      'service.staffMemberIds[0]',
    );
    const floatMoney = await call('POST', '/bookings/v2/services', {
      service: { type: 'APPOINTMENT', name: 'x', payment: { fixed: { price: { value: 10.5 } } } },
    });
    expect(floatMoney.status).toBe(400);
  });

  it('lets apps create, and forbids members, visitors and staff-role users', async () => {
    const body = { service: { type: 'CLASS', name: 'Yoga', payment: { rateType: 'NO_FEE' } } };
    expect((await call('POST', '/bookings/v2/services', body, app)).status).toBe(200);
    expect((await call('POST', '/bookings/v2/services', body, as('WIX_USER:ADMIN'))).status).toBe(200);
    expect((await call('POST', '/bookings/v2/services', body, member)).status).toBe(403);
    expect((await call('POST', '/bookings/v2/services', body, visitor)).status).toBe(403);
    expect((await call('POST', '/bookings/v2/services', body, as('WIX_USER:STAFF'))).status).toBe(403);
    expect((await call('POST', '/bookings/v2/services', body, {})).status).toBe(401);
  });
});

describe('GET /bookings/v2/services/:serviceId', () => {
  it('is readable by visitors and members, and 404s an unknown id', async () => {
    const service = await make.service();
    expect(
      (await call('GET', `/bookings/v2/services/${service.id}`, undefined, visitor)).body.service.id,
    ).toBe(service.id);
    expect((await call('GET', `/bookings/v2/services/${service.id}`, undefined, member)).status).toBe(200);
    const missing = await call('GET', `/bookings/v2/services/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.details.applicationError.code).toBe('NOT_FOUND');
    expect((await call('GET', '/bookings/v2/services/not-a-uuid')).status).toBe(400);
    expect((await call('GET', `/bookings/v2/services/${service.id}`, undefined, {})).status).toBe(401);
  });

  it('answers through the client prefix /_api/bookings/v2', async () => {
    const service = await make.service();
    const response = await call('GET', `/_api/bookings/v2/services/${service.id}`, undefined, visitor);
    expect(response.status).toBe(200);
    expect(response.body.service.id).toBe(service.id);
  });
});

describe('PATCH /bookings/v2/services/:serviceId', () => {
  it('updates exactly the masked fields (comma-joined mask) and bumps the revision', async () => {
    const service = await make.service({ description: 'keep me', tagLine: 'old' });
    const response = await call('PATCH', `/bookings/v2/services/${service.id}`, {
      service: {
        id: service.id,
        revision: service.revision,
        name: 'Long haircut',
        tagLine: 'new',
        description: 'not masked',
      },
      mask: 'name,tagLine',
    });
    expect(response.status).toBe(200);
    expect(response.body.service).toMatchObject({
      name: 'Long haircut',
      tagLine: 'new',
      description: 'keep me',
      revision: '2',
    });
    expect(response.body.service.mainSlug.name).toBe('long-haircut');
    // The old slug keeps working: links already shared still find the service.
    expect(response.body.service.supportedSlugs.map((s: { name: string }) => s.name)).toContain(
      service.mainSlug.name,
    );
  });

  it('clears a masked field that the patch leaves out, and merges when no mask is sent', async () => {
    const service = await make.service({ tagLine: 'gone soon', description: 'stays' });
    const masked = await call('PATCH', `/bookings/v2/services/${service.id}`, {
      service: {},
      mask: ['tagLine'],
    });
    expect(masked.body.service.tagLine).toBeUndefined();
    const merged = await call('PATCH', `/bookings/v2/services/${service.id}`, {
      service: { payment: { fixed: { price: { value: '50.00' } } } },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.service).toMatchObject({
      description: 'stays',
      payment: { rateType: 'FIXED', fixed: { price: { value: '50.00', currency: 'USD' } } },
    });
  });

  it('answers 409 REVISION_MISMATCH for a stale revision and leaves the service unchanged', async () => {
    const service = await make.service();
    await call('PATCH', `/bookings/v2/services/${service.id}`, { service: { revision: '1', name: 'First' } });
    const stale = await call('PATCH', `/bookings/v2/services/${service.id}`, {
      service: { revision: '1', name: 'Second' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.details.applicationError).toMatchObject({
      code: 'REVISION_MISMATCH',
      data: { currentRevision: '2' },
    });
    expect((await call('GET', `/bookings/v2/services/${service.id}`)).body.service.name).toBe('First');
  });

  it('lets exactly one of two concurrent updates at the same revision win', async () => {
    const service = await make.service();
    const results = await Promise.all(
      ['A', 'B'].map((name) =>
        call('PATCH', `/bookings/v2/services/${service.id}`, { service: { revision: '1', name } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('rejects a mask naming a field that cannot change, a type change, a mismatched id and an unknown service', async () => {
    const service = await make.service();
    const badMask = await call('PATCH', `/bookings/v2/services/${service.id}`, {
      service: {},
      mask: 'revision',
    });
    expect(badMask.status).toBe(400);
    expect(badMask.body.details.validationError.fieldViolations[0].field).toBe('mask');
    expect(
      (await call('PATCH', `/bookings/v2/services/${service.id}`, { service: { type: 'CLASS' } })).status,
    ).toBe(400);
    expect(
      (
        await call('PATCH', `/bookings/v2/services/${service.id}`, {
          service: { id: randomUUID(), name: 'x' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('PATCH', `/bookings/v2/services/${randomUUID()}`, { service: { name: 'x' } })).status,
    ).toBe(404);
    expect(
      (await call('PATCH', `/bookings/v2/services/${service.id}`, { service: { name: 'x' } }, member)).status,
    ).toBe(403);
  });
});

describe('bulk and by-filter calls', () => {
  it('creates several services and reports each failure in place', async () => {
    const response = await call('POST', '/bookings/v2/bulk/services/create', {
      services: [
        { type: 'CLASS', name: 'Bulk one' },
        { type: 'CLASS' },
        { type: 'COURSE', name: 'Bulk three' },
      ],
      returnEntity: true,
    });
    expect(response.status).toBe(200);
    expect(response.body.bulkActionMetadata).toEqual({
      totalSuccesses: 2,
      totalFailures: 1,
      undetailedFailures: 0,
    });
    expect(response.body.results[1].itemMetadata).toMatchObject({
      originalIndex: 1,
      success: false,
      error: { code: 'INVALID_REQUEST' },
    });
    expect(response.body.results[2].item.name).toBe('Bulk three');
    expect((await call('POST', '/bookings/v2/bulk/services/create', { services: [] })).status).toBe(400);
  });

  it('updates several services with masks, and by filter', async () => {
    const a = await make.service({ name: 'Filter A', tagLine: 'a' });
    const b = await make.service({ name: 'Filter B', tagLine: 'b' });
    const bulk = await call('POST', '/bookings/v2/bulk/services/update', {
      services: [
        { service: { id: a.id, tagLine: 'A!' }, mask: 'tagLine' },
        { service: { id: randomUUID(), tagLine: 'nobody' }, mask: 'tagLine' },
      ],
      returnEntity: true,
    });
    expect(bulk.body.bulkActionMetadata.totalSuccesses).toBe(1);
    expect(bulk.body.results[0].item.tagLine).toBe('A!');
    expect(bulk.body.results[1].itemMetadata.error.code).toBe('NOT_FOUND');
    const byFilter = await call('POST', '/bookings/v2/bulk/services/update-by-filter', {
      filter: { name: { $startsWith: 'filter ' } },
      service: { hidden: true },
    });
    expect(byFilter.status).toBe(200);
    expect(byFilter.body.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call('GET', `/bookings/v2/services/${b.id}`)).body.service.hidden).toBe(true);
    const badFilter = await call('POST', '/bookings/v2/bulk/services/update-by-filter', {
      filter: { secret: 1 },
      service: {},
    });
    expect(badFilter.status).toBe(400);
  });

  it('deletes one, several and by filter; deleted services are gone from reads and free their slug', async () => {
    const one = await make.service({ name: 'Delete me' });
    expect(
      (await call('DELETE', `/bookings/v2/services/${one.id}?preserveFutureSessionsWithParticipants=true`))
        .body,
    ).toEqual({});
    expect((await call('GET', `/bookings/v2/services/${one.id}`)).status).toBe(404);
    expect((await call('DELETE', `/bookings/v2/services/${one.id}`)).status).toBe(404);
    const again = await make.service({ name: 'Delete me' });
    expect(again.mainSlug).toMatchObject({ name: 'delete-me' });
    const two = await make.service({ name: 'Gone two' });
    const bulk = await call('POST', '/bookings/v2/bulk/services/delete', { ids: [two.id, randomUUID()] });
    expect(bulk.body.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    await make.service({ name: 'Gone three' });
    const byFilter = await call('POST', '/bookings/v2/bulk/services/delete-by-filter', {
      filter: { name: 'Gone three' },
    });
    expect(byFilter.status).toBe(200);
    expect(
      (await call('POST', '/bookings/v2/services/count', { filter: { name: { $startsWith: 'gone' } } })).body
        .count,
    ).toBe(0);
  });
});

describe('query, search and count', () => {
  it('filters, sorts and pages with offset paging', async () => {
    const staff = await make.staffMember({ name: 'Query staff' });
    for (const [name, price] of [
      ['Q1', '10.00'],
      ['Q2', '30.00'],
      ['Q3', '20.00'],
    ] as const) {
      await make.service({
        name,
        staffMemberIds: [staff.id],
        payment: { fixed: { price: { value: price } } },
      });
    }
    const response = await call(
      'POST',
      '/bookings/v2/services/query',
      {
        query: {
          filter: { staffMemberIds: { $hasSome: [staff.id] }, 'payment.fixed.price.value': { $gte: 15 } },
          sort: [{ fieldName: 'payment.fixed.price.value', order: 'DESC' }],
          paging: { limit: 1, offset: 1 },
        },
      },
      visitor,
    );
    expect(response.status).toBe(200);
    expect(response.body.services.map((s: { name: string }) => s.name)).toEqual(['Q3']);
    expect(response.body.pagingMetadata).toEqual({ count: 1, offset: 1, total: 2, tooManyToCount: false });
  });

  it('rejects unknown filter fields and operators, bad values and pages over the maximum', async () => {
    const bad = [
      { filter: { passwordHash: 'x' } },
      { filter: { name: { $regex: '.*' } } },
      { filter: { createdDate: { $gt: 'yesterday' } } },
      { filter: { id: 'not-a-uuid' } },
      { sort: [{ fieldName: 'staffMemberIds' }] },
      { paging: { limit: 101 } },
    ];
    for (const query of bad) {
      const response = await call('POST', '/bookings/v2/services/query', { query });
      expect(response.status, JSON.stringify(query)).toBe(400);
    }
  });

  it('treats filter values as data, never SQL', async () => {
    const response = await call('POST', '/bookings/v2/services/query', {
      query: { filter: { name: "x' OR '1'='1" } },
    });
    expect(response.status).toBe(200);
    expect(response.body.services).toEqual([]);
  });

  it('searches text with VALUE and SCALAR aggregations and a cursor that carries the search', async () => {
    await make.service({
      name: 'Search yoga one',
      type: 'CLASS',
      payment: { fixed: { price: { value: '12.00' } } },
    });
    await make.service({
      name: 'Search yoga two',
      type: 'CLASS',
      payment: { fixed: { price: { value: '18.00' } } },
    });
    await make.service({
      name: 'Search yoga three',
      type: 'APPOINTMENT',
      payment: { fixed: { price: { value: '40.00' } } },
    });
    const response = await call('POST', '/bookings/v2/services/search', {
      search: {
        search: { expression: 'search yoga', mode: 'AND' },
        cursorPaging: { limit: 2 },
        aggregations: [
          { name: 'byType', type: 'VALUE', fieldPath: 'type' },
          {
            name: 'maxPrice',
            type: 'SCALAR',
            fieldPath: 'payment.fixed.price.value',
            scalar: { type: 'MAX' },
          },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.services).toHaveLength(2);
    expect(response.body.pagingMetadata.hasNext).toBe(true);
    const byType = response.body.aggregationData.results.find((r: { name: string }) => r.name === 'byType');
    expect(byType.values.results).toEqual([
      { value: 'CLASS', count: 2 },
      { value: 'APPOINTMENT', count: 1 },
    ]);
    const max = response.body.aggregationData.results.find((r: { name: string }) => r.name === 'maxPrice');
    expect(max.scalar).toEqual({ type: 'MAX', value: 40 });
    const next = await call('POST', '/bookings/v2/services/search', {
      search: { cursorPaging: { cursor: response.body.pagingMetadata.cursors.next, limit: 2 } },
    });
    expect(next.body.services).toHaveLength(1);
    expect(next.body.pagingMetadata.hasNext).toBe(false);
    const badCursor = await call('POST', '/bookings/v2/services/search', {
      search: { cursorPaging: { cursor: 'garbage!' } },
    });
    expect(badCursor.status).toBe(400);
    const badAggregation = await call('POST', '/bookings/v2/services/search', {
      search: { aggregations: [{ type: 'VALUE', fieldPath: 'description' }] },
    });
    expect(badAggregation.status).toBe(400);
  });

  it('counts services matching a filter', async () => {
    await make.service({ name: 'Count me', hidden: true });
    const response = await call(
      'POST',
      '/bookings/v2/services/count',
      { filter: { name: 'Count me', hidden: true } },
      member,
    );
    expect(response.body).toEqual({ count: 1 });
    expect((await call('POST', '/bookings/v2/services/count', { filter: { hidden: 'yes' } })).status).toBe(
      400,
    );
  });
});

describe('policies, booking forms, locations and categories of services', () => {
  it('lists booking policies with their connected services', async () => {
    const policy = await make.policy({ name: 'Policies query' });
    const service = await make.service({ name: 'Under policy', bookingPolicy: { id: policy.id } });
    const response = await call('POST', '/bookings/v2/services/policies/query', {
      query: { filter: { id: policy.id } },
    });
    expect(response.status).toBe(200);
    expect(response.body.bookingPolicies).toHaveLength(1);
    expect(response.body.bookingPolicies[0]).toMatchObject({
      totalServiceCount: 1,
      bookingPolicy: { id: policy.id },
    });
    expect(response.body.bookingPolicies[0].connectedServices[0].id).toBe(service.id);
    expect(
      (await call('POST', '/bookings/v2/services/policies/query', { query: { filter: { nope: 1 } } })).status,
    ).toBe(400);
  });

  it('lists the booking forms in use with the default form', async () => {
    const formId = randomUUID();
    await make.service({ name: 'With form', form: { id: formId } });
    const response = await call('POST', '/bookings/v2/services/booking-forms/query', {
      query: { filter: { formId: { $in: [formId] } } },
    });
    expect(response.status).toBe(200);
    expect(response.body.bookingForms).toEqual([
      {
        formDetails: { formId, name: null },
        connectedServices: [expect.objectContaining({ name: 'With form' })],
        totalServiceCount: 1,
      },
    ]);
    expect(response.body.defaultBookingForm.formDetails.formId).toBe('00000000-0000-0000-0000-000000000000');
  });

  it('lists business locations and says whether custom and customer locations exist', async () => {
    await make.service({
      name: 'Located',
      locations: [
        { type: 'BUSINESS', business: { id: 'loc-1', name: 'Main street' } },
        { type: 'CUSTOM', custom: { address: { city: 'Haifa' } } },
      ],
    });
    const response = await call('POST', '/bookings/v2/services/locations/query', {
      filter: { services: { name: 'Located' } },
    });
    expect(response.body).toMatchObject({
      businessLocations: { exists: true, locations: [{ type: 'BUSINESS', business: { id: 'loc-1' } }] },
      customLocations: { exists: true },
      customerLocations: { exists: false },
    });
  });

  it('lists the categories the services use', async () => {
    const used = await make.category('Used category');
    await make.category('Unused category');
    await make.service({ name: 'In category', category: { id: used.id } });
    const response = await call(
      'POST',
      '/bookings/v2/services/categories/query',
      { filter: { services: { name: 'In category' } } },
      visitor,
    );
    expect(response.body.categories).toEqual([
      { id: used.id, name: 'Used category', sortOrder: expect.any(Number) },
    ]);
  });
});

describe('locations, pricing plans, slugs and clone', () => {
  it('replaces the locations of a service and checks the removed-sessions action', async () => {
    const service = await make.service();
    const response = await call('POST', `/bookings/v2/services/${service.id}/locations`, {
      locations: [{ type: 'CUSTOMER' }],
      removedLocationSessionsAction: { action: 'KEEP_AT_CURRENT_LOCATION' },
    });
    expect(response.status).toBe(200);
    expect(response.body.service.locations).toEqual([{ type: 'CUSTOMER' }]);
    const move = await call('POST', `/bookings/v2/services/${service.id}/locations`, {
      locations: [{ type: 'CUSTOMER' }],
      removedLocationSessionsAction: { action: 'MOVE_TO_LOCATION' },
    });
    expect(move.status).toBe(400);
    expect(
      (await call('POST', `/bookings/v2/services/${service.id}/locations`, { locations: [{ type: 'MOON' }] }))
        .status,
    ).toBe(400);
    expect(
      (
        await call('POST', `/bookings/v2/services/${randomUUID()}/locations`, {
          locations: [{ type: 'CUSTOMER' }],
        })
      ).status,
    ).toBe(404);
  });

  it('adds and removes pricing plans', async () => {
    const service = await make.service();
    const added = await call('POST', `/bookings/v2/services/${service.id}/pricing-plans/add`, {
      pricingPlanIds: ['plan-a', 'plan-b'],
    });
    expect(added.body.service.payment).toMatchObject({
      pricingPlanIds: ['plan-a', 'plan-b'],
      options: { pricingPlan: true },
    });
    const removed = await call('POST', `/bookings/v2/services/${service.id}/pricing-plans/remove`, {
      pricingPlanIds: ['plan-a', 'plan-b'],
    });
    expect(removed.body.service.payment).toMatchObject({
      pricingPlanIds: [],
      options: { pricingPlan: false },
    });
    expect(
      (
        await call('POST', `/bookings/v2/services/${service.id}/pricing-plans/add`, {
          pricingPlanIds: 'plan-a',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', `/bookings/v2/services/${randomUUID()}/pricing-plans/remove`, {
          pricingPlanIds: [],
        })
      ).status,
    ).toBe(404);
  });

  it('validates and sets custom slugs with SLUG_CONTAINS_ILLEGAL_CHARACTERS and SLUG_ALREADY_EXISTS', async () => {
    const a = await make.service({ name: 'Slug owner' });
    const b = await make.service({ name: 'Slug wanter' });
    const illegal = await call('POST', '/bookings/v2/services/slugs/validate', {
      serviceId: b.id,
      slug: 'no spaces/please',
    });
    expect(illegal.body).toEqual({ valid: false, slug: null, errors: ['SLUG_CONTAINS_ILLEGAL_CHARACTERS'] });
    const taken = await call('POST', '/bookings/v2/services/slugs/validate', {
      serviceId: b.id,
      slug: 'slug-owner',
    });
    expect(taken.body).toEqual({ valid: false, slug: 'slug-owner', errors: ['SLUG_ALREADY_EXISTS'] });
    const own = await call('POST', '/bookings/v2/services/slugs/validate', {
      serviceId: a.id,
      slug: 'Slug-Owner',
    });
    expect(own.body).toEqual({ valid: true, slug: 'slug-owner', errors: [] });

    const set = await call('POST', `/bookings/v2/services/${b.id}/slugs/custom`, { slug: 'best-cut' });
    expect(set.status).toBe(200);
    expect(set.body.slug).toMatchObject({ name: 'best-cut', custom: true });
    expect(set.body.service).toMatchObject({ mainSlug: { name: 'best-cut', custom: true }, revision: '2' });
    expect(set.body.service.urls.servicePage).toBe('/service-page/best-cut');
    const renamed = await call('PATCH', `/bookings/v2/services/${b.id}`, { service: { name: 'Renamed' } });
    expect(renamed.body.service.mainSlug.name).toBe('best-cut');

    const badChars = await call('POST', `/bookings/v2/services/${b.id}/slugs/custom`, { slug: 'bad slug!' });
    expect(badChars.status).toBe(400);
    expect(badChars.body.details.applicationError.code).toBe('SLUG_CONTAINS_ILLEGAL_CHARACTERS');
    const exists = await call('POST', `/bookings/v2/services/${b.id}/slugs/custom`, { slug: 'slug-owner' });
    expect(exists.status).toBe(409);
    expect(exists.body.details.applicationError.code).toBe('SLUG_ALREADY_EXISTS');
    expect(
      (await call('POST', `/bookings/v2/services/${randomUUID()}/slugs/custom`, { slug: 'free-one' })).status,
    ).toBe(404);
  });

  it('clones a service with its options and weekly schedule', async () => {
    const staff = await make.staffMember();
    const source = await make.service({
      type: 'CLASS',
      name: 'Clone source',
      staffMemberIds: [staff.id],
      defaultCapacity: 6,
    });
    await call('POST', `/bookings/v2/services/${source.id}/schedule/recurring-sessions`, {
      recurringSession: {
        weekday: 'TUE',
        startTime: '18:00',
        durationInMinutes: 60,
        startDate: '2030-01-01',
      },
    });
    const optionId = randomUUID();
    await call('POST', '/bookings/v1/serviceOptionsAndVariants', {
      serviceOptionsAndVariants: {
        serviceId: source.id,
        options: { values: [{ id: optionId, type: 'STAFF_MEMBER' }] },
        variants: {
          values: [{ choices: [{ optionId, staffMemberId: staff.id }], price: { value: '20.00' } }],
        },
      },
    });
    const response = await call('POST', '/bookings/v2/services/clone', { sourceServiceId: source.id });
    expect(response.status).toBe(200);
    expect(response.body.errors).toEqual([]);
    const clone = response.body.service;
    expect(clone.id).not.toBe(source.id);
    expect(clone).toMatchObject({
      name: 'Clone source',
      type: 'CLASS',
      defaultCapacity: 6,
      mainSlug: { name: 'clone-source-2' },
    });
    expect(clone.schedule.id).not.toBe(source.schedule.id);
    expect(clone.schedule.firstSessionStart).toBe('2030-01-01T18:00:00.000Z');
    const schedule = await call('GET', `/bookings/v2/services/${clone.id}/schedule`);
    expect(schedule.body.schedule.recurringSessions).toHaveLength(1);
    const options = await call('GET', `/bookings/v1/serviceOptionsAndVariants/service_id/${clone.id}`);
    expect(options.body.serviceVariants.variants.values[0].price.value).toBe('20.00');
    expect(
      (await call('POST', '/bookings/v2/services/clone', { sourceServiceId: randomUUID() })).status,
    ).toBe(404);
    expect((await call('POST', '/bookings/v2/services/clone', {})).status).toBe(400);
  });
});

describe('add-on groups', () => {
  it('creates, updates, sets add-ons, lists and deletes groups inside their service', async () => {
    const addOn = async (name: string) =>
      (await call('POST', '/bookings/v1/add-ons', { addOn: { name, price: { value: '5' }, maxQuantity: 1 } }))
        .body.addOn.id as string;
    const wax = await addOn('Wax');
    const oil = await addOn('Oil');
    const service = await make.service({ addOnDetails: [{ addOnId: wax, durationInMinutes: 10 }] });
    const created = await call('POST', '/bookings/v2/services/add-on-groups/create', {
      serviceId: service.id,
      addOnGroup: { name: 'Extras', maxNumberOfAddOns: 2, addOnIds: [wax] },
    });
    expect(created.status).toBe(200);
    const groupId = created.body.addOnGroup.id;
    const updated = await call('POST', '/bookings/v2/services/add-on-groups/update', {
      serviceId: service.id,
      addOnGroup: { id: groupId, prompt: 'Pick two' },
      mask: 'prompt',
    });
    expect(updated.body.addOnGroup).toMatchObject({ name: 'Extras', prompt: 'Pick two' });
    const set = await call('POST', '/bookings/v2/services/add-on-groups/set-add-ons-for-group', {
      serviceId: service.id,
      groupId,
      addOnIds: [wax, oil],
    });
    expect(set.body.addOnGroup.addOnIds).toEqual([wax, oil]);
    const list = await call(
      'POST',
      '/bookings/v2/services/add-on-groups/list-add-on-groups-by-service-id',
      { serviceId: service.id },
      visitor,
    );
    expect(list.body.addOnGroupsDetails).toEqual([
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
    const withGroups = await call('GET', `/bookings/v2/services/${service.id}`);
    expect(withGroups.body.service.addOnGroups[0].id).toBe(groupId);
    expect(
      (
        await call('POST', '/bookings/v2/services/add-on-groups/delete', {
          serviceId: service.id,
          addOnGroupId: groupId,
        })
      ).body,
    ).toEqual({});
    expect(
      (
        await call('POST', '/bookings/v2/services/add-on-groups/delete', {
          serviceId: service.id,
          addOnGroupId: groupId,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('POST', '/bookings/v2/services/add-on-groups/create', {
          serviceId: service.id,
          addOnGroup: {},
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/bookings/v2/services/add-on-groups/create', {
          serviceId: randomUUID(),
          addOnGroup: { name: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          'POST',
          '/bookings/v2/services/add-on-groups/create',
          { serviceId: service.id, addOnGroup: { name: 'x' } },
          member,
        )
      ).status,
    ).toBe(403);
  });
});

describe('tenancy', () => {
  it("never shows or changes another site's services", async () => {
    const other = await t.app.database.query<{ id: string }>(
      "INSERT INTO sites (name, timezone, currency, locale) VALUES ('Other', 'UTC', 'USD', 'en-US') RETURNING id",
    );
    const otherOwner = as('WIX_USER:OWNER', other[0]!.id);
    const mine = await make.service({ name: 'Mine only' });
    expect((await call('GET', `/bookings/v2/services/${mine.id}`, undefined, otherOwner)).status).toBe(404);
    expect(
      (await call('PATCH', `/bookings/v2/services/${mine.id}`, { service: { name: 'stolen' } }, otherOwner))
        .status,
    ).toBe(404);
    expect((await call('POST', '/bookings/v2/services/count', {}, otherOwner)).body.count).toBe(0);
  });
});

describe('add-on groups name only add-ons', () => {
  it('answers 400 naming the id when a group names something that is no add-on of the site', async () => {
    const service = await make.service({ name: 'Strict extras' });
    const created = await call('POST', '/bookings/v2/services/add-on-groups/create', {
      serviceId: service.id,
      addOnGroup: { name: 'Extras', addOnIds: ['wax'] },
    });
    expect(created.status).toBe(400);
    expect(created.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'service.addOnGroups[0].addOnIds[0]',
      description: expect.stringContaining('wax is not an add-on'),
    });
    const onCreate = await call('POST', '/bookings/v2/services', {
      service: {
        name: 'Strict on create',
        type: 'APPOINTMENT',
        addOnGroups: [{ name: 'Extras', addOnIds: [randomUUID()] }],
      },
    });
    expect(onCreate.status).toBe(400);
    expect(
      onCreate.body.details.validationError.fieldViolations.map(
        (violation: { field: string }) => violation.field,
      ),
    ).toContain('service.addOnGroups[0].addOnIds[0]');
  });
});
