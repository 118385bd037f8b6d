import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';

/**
 * Every catalogue route, with who may call it, a request that is malformed (400) and, where the route
 * names an entity, one that names nobody (404). The table is data: adding a route means adding a row.
 */
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
type Access = 'manage' | 'business' | 'read';
interface RouteCase {
  method: Method;
  url: string;
  access: Access;
  body?: unknown;
  bad: { url?: string; body?: unknown };
  missing?: { url?: string; body?: unknown };
}

const id = randomUUID();
const svc = (path = '') => `/bookings/v2/services/${id}${path}`;
const staff = (path = '') => `/bookings/v1/staff-members/${id}${path}`;
const policy = `/bookings/v1/booking-policies/${id}`;
const category = `/bookings/v2/categories/${id}`;
const resource = `/bookings/v2/resources/${id}`;
const type = `/bookings/v2/resources/resource-types/${id}`;
const options = `/bookings/v1/serviceOptionsAndVariants/${id}`;

const routes: RouteCase[] = [
  // services
  {
    method: 'POST',
    url: '/bookings/v2/services',
    access: 'manage',
    body: { service: { type: 'CLASS', name: 'x' } },
    bad: { body: { service: { type: 'GYM' } } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/bulk/services/create',
    access: 'manage',
    body: { services: [{ type: 'CLASS', name: 'x' }] },
    bad: { body: { services: 'x' } },
  },
  { method: 'GET', url: svc(), access: 'read', bad: { url: '/bookings/v2/services/nope' }, missing: {} },
  {
    method: 'PATCH',
    url: svc(),
    access: 'manage',
    body: { service: { name: 'x' } },
    bad: { body: { service: { name: 42 } } },
    missing: {},
  },
  {
    method: 'POST',
    url: '/bookings/v2/bulk/services/update',
    access: 'manage',
    body: { services: [{ service: { id, name: 'x' } }] },
    bad: { body: { services: [{ service: { id: 'x' } }] } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/bulk/services/update-by-filter',
    access: 'manage',
    body: { filter: {}, service: {} },
    bad: { body: { service: {} } },
  },
  { method: 'DELETE', url: svc(), access: 'manage', bad: { url: '/bookings/v2/services/123' }, missing: {} },
  {
    method: 'POST',
    url: '/bookings/v2/bulk/services/delete',
    access: 'manage',
    body: { ids: [id] },
    bad: { body: { ids: ['x'] } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/bulk/services/delete-by-filter',
    access: 'manage',
    body: { filter: { name: 'nobody' } },
    bad: { body: {} },
  },
  {
    method: 'POST',
    url: '/bookings/v2/services/query',
    access: 'read',
    body: { query: {} },
    bad: { body: { query: { paging: { limit: -1 } } } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/services/search',
    access: 'read',
    body: { search: {} },
    bad: { body: { search: { aggregations: 'x' } } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/services/count',
    access: 'read',
    body: {},
    bad: { body: { filter: { nope: 1 } } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/services/policies/query',
    access: 'read',
    body: { query: {} },
    bad: { body: { query: { sort: [{ fieldName: 'x' }] } } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/services/booking-forms/query',
    access: 'read',
    body: { query: {} },
    bad: { body: { query: { filter: 'x' } } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/services/locations/query',
    access: 'read',
    body: {},
    bad: { body: { filter: { services: { nope: 1 } } } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/services/categories/query',
    access: 'read',
    body: {},
    bad: { body: { filter: { categoryIds: ['x'] } } },
  },
  {
    method: 'POST',
    url: svc('/locations'),
    access: 'manage',
    body: { locations: [{ type: 'CUSTOMER' }] },
    bad: { body: { locations: [{ type: 'X' }] } },
    missing: {},
  },
  {
    method: 'POST',
    url: svc('/pricing-plans/add'),
    access: 'manage',
    body: { pricingPlanIds: ['p'] },
    bad: { body: {} },
    missing: {},
  },
  {
    method: 'POST',
    url: svc('/pricing-plans/remove'),
    access: 'manage',
    body: { pricingPlanIds: ['p'] },
    bad: { body: {} },
    missing: {},
  },
  {
    method: 'POST',
    url: svc('/slugs/custom'),
    access: 'manage',
    body: { slug: 'free-slug' },
    bad: { body: { slug: 'no way!' } },
    missing: {},
  },
  {
    method: 'POST',
    url: '/bookings/v2/services/slugs/validate',
    access: 'manage',
    body: { slug: 'x' },
    bad: { body: { slug: 5 } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/services/clone',
    access: 'manage',
    body: { sourceServiceId: id },
    bad: { body: {} },
    missing: {},
  },
  // add-on groups
  {
    method: 'POST',
    url: '/bookings/v2/services/add-on-groups/create',
    access: 'manage',
    body: { serviceId: id, addOnGroup: { name: 'x' } },
    bad: { body: { addOnGroup: {} } },
    missing: {},
  },
  {
    method: 'POST',
    url: '/bookings/v2/services/add-on-groups/update',
    access: 'manage',
    body: { serviceId: id, addOnGroup: { id } },
    bad: { body: { serviceId: id, addOnGroup: {} } },
    missing: {},
  },
  {
    method: 'POST',
    url: '/bookings/v2/services/add-on-groups/delete',
    access: 'manage',
    body: { serviceId: id, addOnGroupId: id },
    bad: { body: { serviceId: id } },
    missing: {},
  },
  {
    method: 'POST',
    url: '/bookings/v2/services/add-on-groups/list-add-on-groups-by-service-id',
    access: 'read',
    body: { serviceId: id },
    bad: { body: {} },
    missing: {},
  },
  {
    method: 'POST',
    url: '/bookings/v2/services/add-on-groups/set-add-ons-for-group',
    access: 'manage',
    body: { serviceId: id, groupId: id, addOnIds: [] },
    bad: { body: { serviceId: id, groupId: id } },
    missing: {},
  },
  // class schedules
  {
    method: 'GET',
    url: svc('/schedule'),
    access: 'read',
    bad: { url: '/bookings/v2/services/x/schedule' },
    missing: {},
  },
  {
    method: 'POST',
    url: svc('/schedule/recurring-sessions'),
    access: 'manage',
    body: {
      recurringSession: {
        weekday: 'MON',
        startTime: '09:00',
        durationInMinutes: 60,
        startDate: '2030-01-01',
      },
    },
    bad: { body: { recurringSession: { weekday: 'FUNDAY' } } },
    missing: {},
  },
  {
    method: 'DELETE',
    url: svc(`/schedule/recurring-sessions/${id}`),
    access: 'manage',
    bad: { url: svc('/schedule/recurring-sessions/x') },
    missing: {},
  },
  {
    method: 'POST',
    url: svc('/schedule/sessions'),
    access: 'manage',
    body: { session: { startDate: '2030-01-01T10:00:00Z', endDate: '2030-01-01T11:00:00Z' } },
    bad: { body: { session: {} } },
    missing: {},
  },
  {
    method: 'DELETE',
    url: svc(`/schedule/sessions/${id}`),
    access: 'manage',
    bad: { url: svc('/schedule/sessions/x') },
    missing: {},
  },
  // staff members
  {
    method: 'POST',
    url: '/bookings/v1/staff-members',
    access: 'manage',
    body: { staffMember: { name: 'x' } },
    bad: { body: { staffMember: { email: 'nope' } } },
  },
  { method: 'GET', url: staff(), access: 'read', bad: { url: '/bookings/v1/staff-members/x' }, missing: {} },
  {
    method: 'PATCH',
    url: staff(),
    access: 'manage',
    body: { staffMember: { name: 'x' } },
    bad: { body: { staffMember: { name: '' } } },
    missing: {},
  },
  {
    method: 'DELETE',
    url: staff(),
    access: 'manage',
    bad: { url: '/bookings/v1/staff-members/x' },
    missing: {},
  },
  {
    method: 'POST',
    url: '/bookings/v1/staff-members/query',
    access: 'read',
    body: { query: {} },
    bad: { body: { query: { cursorPaging: { limit: 'ten' } } } },
  },
  {
    method: 'POST',
    url: '/bookings/v1/staff-members/count',
    access: 'read',
    body: {},
    bad: { body: { filter: { x: 1 } } },
  },
  {
    method: 'GET',
    url: staff('/working-hours'),
    access: 'business',
    bad: { url: '/bookings/v1/staff-members/x/working-hours' },
    missing: {},
  },
  {
    method: 'PUT',
    url: staff('/working-hours'),
    access: 'manage',
    body: { workingHours: [] },
    bad: { body: { workingHours: [{ weekday: 'MON', startTime: '9am', endTime: '5pm' }] } },
    missing: {},
  },
  {
    method: 'POST',
    url: staff('/working-hours/use-business-hours'),
    access: 'manage',
    bad: { url: '/bookings/v1/staff-members/x/working-hours/use-business-hours' },
    missing: {},
  },
  {
    method: 'GET',
    url: staff('/time-off'),
    access: 'business',
    bad: { url: `${staff('/time-off')}?from=yesterday` },
    missing: {},
  },
  {
    method: 'POST',
    url: staff('/time-off'),
    access: 'business',
    body: { timeOff: { startDate: '2030-01-01T00:00:00Z', endDate: '2030-01-02T00:00:00Z' } },
    bad: { body: { timeOff: {} } },
    missing: {},
  },
  {
    method: 'DELETE',
    url: staff(`/time-off/${id}`),
    access: 'business',
    bad: { url: staff('/time-off/x') },
    missing: {},
  },
  {
    method: 'POST',
    url: '/bookings/v1/staff-members/time-off/query',
    access: 'business',
    body: { staffMemberIds: [id], from: '2030-01-01T00:00:00Z', to: '2030-01-02T00:00:00Z' },
    bad: { body: { staffMemberIds: [], from: '2030-01-01T00:00:00Z', to: '2030-01-02T00:00:00Z' } },
  },
  {
    method: 'GET',
    url: staff('/services'),
    access: 'read',
    bad: { url: '/bookings/v1/staff-members/x/services' },
    missing: {},
  },
  {
    method: 'PUT',
    url: staff('/services'),
    access: 'manage',
    body: { serviceIds: [] },
    bad: { body: { serviceIds: ['x'] } },
    missing: {},
  },
  // settings
  {
    method: 'GET',
    url: '/bookings/v1/settings',
    access: 'read',
    bad: { url: `/bookings/v1/settings?.r=${'%%%'}` },
  },
  {
    method: 'PATCH',
    url: '/bookings/v1/settings',
    access: 'manage',
    body: { settings: { businessHours: [{ weekday: 'MON', startTime: '09:00', endTime: '17:00' }] } },
    bad: { body: { settings: {} } },
  },
  // booking policies
  {
    method: 'POST',
    url: '/bookings/v1/booking-policies',
    access: 'manage',
    body: { bookingPolicy: { name: 'x' } },
    bad: { body: { bookingPolicy: { participantsPolicy: { maxParticipantsPerBooking: 0 } } } },
  },
  {
    method: 'GET',
    url: policy,
    access: 'read',
    bad: { url: '/bookings/v1/booking-policies/x' },
    missing: {},
  },
  {
    method: 'PATCH',
    url: policy,
    access: 'manage',
    body: { bookingPolicy: { name: 'x' } },
    bad: { body: {} },
    missing: {},
  },
  {
    method: 'POST',
    url: `${policy}:setDefault`,
    access: 'manage',
    bad: { url: '/bookings/v1/booking-policies/x:setDefault' },
    missing: {},
  },
  {
    method: 'DELETE',
    url: policy,
    access: 'manage',
    bad: { url: '/bookings/v1/booking-policies/x' },
    missing: {},
  },
  {
    method: 'POST',
    url: '/bookings/v1/booking-policies/strictest',
    access: 'read',
    body: { bookingPolicyIds: [id] },
    bad: { body: { bookingPolicyIds: [] } },
    missing: {},
  },
  {
    method: 'POST',
    url: '/bookings/v1/booking-policies/query',
    access: 'read',
    body: { query: {} },
    bad: { body: { query: { filter: { nope: 1 } } } },
  },
  {
    method: 'POST',
    url: '/bookings/v1/booking-policies/count',
    access: 'read',
    body: {},
    bad: { body: { filter: { nope: 1 } } },
  },
  // categories
  {
    method: 'POST',
    url: '/bookings/v2/categories',
    access: 'manage',
    body: { category: { name: 'x' } },
    bad: { body: { category: { name: 7 } } },
  },
  { method: 'GET', url: category, access: 'read', bad: { url: '/bookings/v2/categories/x' }, missing: {} },
  {
    method: 'PATCH',
    url: category,
    access: 'manage',
    body: { category: { name: 'x' } },
    bad: { body: { category: { sortOrder: 'first' } } },
    missing: {},
  },
  {
    method: 'DELETE',
    url: category,
    access: 'manage',
    bad: { url: '/bookings/v2/categories/x' },
    missing: {},
  },
  {
    method: 'GET',
    url: '/bookings/v2/categories/query',
    access: 'read',
    bad: { url: '/bookings/v2/categories/query?.r=***' },
  },
  {
    method: 'POST',
    url: '/bookings/v2/categories/query',
    access: 'read',
    body: { query: {} },
    bad: { body: { query: { filter: { x: 1 } } } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/categories/count',
    access: 'read',
    body: {},
    bad: { body: { filter: { x: 1 } } },
  },
  {
    method: 'POST',
    url: `/bookings/v2/categories/set-position/${id}`,
    access: 'manage',
    body: { position: 'FIRST' },
    bad: { body: { position: 'TOP' } },
    missing: {},
  },
  // resource types
  {
    method: 'POST',
    url: '/bookings/v2/resources/resource-types',
    access: 'manage',
    body: { resourceType: { name: 'x' } },
    bad: { body: { resourceType: {} } },
  },
  {
    method: 'GET',
    url: type,
    access: 'business',
    bad: { url: '/bookings/v2/resources/resource-types/x' },
    missing: {},
  },
  {
    method: 'PATCH',
    url: type,
    access: 'manage',
    body: { resourceType: { name: 'x' } },
    bad: { body: {} },
    missing: {},
  },
  {
    method: 'DELETE',
    url: type,
    access: 'manage',
    bad: { url: '/bookings/v2/resources/resource-types/x' },
    missing: {},
  },
  {
    method: 'POST',
    url: '/bookings/v2/resources/resource-types/query',
    access: 'business',
    body: { query: {} },
    bad: { body: { query: { filter: { x: 1 } } } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/resources/resource-types/count',
    access: 'business',
    body: {},
    bad: { body: { filter: { x: 1 } } },
  },
  // resources
  {
    method: 'POST',
    url: '/bookings/v2/resources',
    access: 'manage',
    body: { resource: { name: 'x', typeId: id } },
    bad: { body: { resource: { typeId: 'x' } } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/bulk/resources/create',
    access: 'manage',
    body: { resources: [{ name: 'x', typeId: id }] },
    bad: { body: { resources: [] } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/bulk/resources/update',
    access: 'manage',
    body: { resources: [{ resource: { id, name: 'x' } }] },
    bad: { body: { resources: [{ resource: {} }] } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/bulk/resources/delete',
    access: 'manage',
    body: { ids: [id] },
    bad: { body: { ids: 'x' } },
  },
  { method: 'GET', url: resource, access: 'business', bad: { url: '/bookings/v2/resources/x' }, missing: {} },
  {
    method: 'PATCH',
    url: resource,
    access: 'manage',
    body: { resource: { name: 'x' } },
    bad: { body: { resource: { typeId: 'x' } } },
    missing: {},
  },
  {
    method: 'DELETE',
    url: resource,
    access: 'manage',
    bad: { url: '/bookings/v2/resources/x' },
    missing: {},
  },
  {
    method: 'POST',
    url: '/bookings/v2/resources/query',
    access: 'business',
    body: { query: {} },
    bad: { body: { query: { filter: { x: 1 } } } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/resources/count',
    access: 'business',
    body: {},
    bad: { body: { filter: { x: 1 } } },
  },
  // options and variants
  {
    method: 'POST',
    url: '/bookings/v1/serviceOptionsAndVariants',
    access: 'manage',
    body: { serviceOptionsAndVariants: { serviceId: id } },
    bad: { body: { serviceOptionsAndVariants: {} } },
  },
  {
    method: 'POST',
    url: `${options}/clone`,
    access: 'manage',
    body: { targetServiceId: id },
    bad: { body: {} },
    missing: {},
  },
  {
    method: 'GET',
    url: options,
    access: 'read',
    bad: { url: '/bookings/v1/serviceOptionsAndVariants/x' },
    missing: {},
  },
  {
    method: 'GET',
    url: `/bookings/v1/serviceOptionsAndVariants/service_id/${id}`,
    access: 'read',
    bad: { url: '/bookings/v1/serviceOptionsAndVariants/service_id/x' },
    missing: {},
  },
  {
    method: 'PATCH',
    url: options,
    access: 'manage',
    body: { serviceOptionsAndVariants: {} },
    bad: { body: { serviceOptionsAndVariants: { options: { values: [{ id: 'x' }] } } } },
    missing: {},
  },
  {
    method: 'DELETE',
    url: options,
    access: 'manage',
    bad: { url: '/bookings/v1/serviceOptionsAndVariants/x' },
    missing: {},
  },
  {
    method: 'POST',
    url: '/bookings/v1/serviceOptionsAndVariants/query',
    access: 'read',
    body: { query: {} },
    bad: { body: { query: { filter: { x: 1 } } } },
  },
  // pricing
  {
    method: 'POST',
    url: '/bookings/v2/pricing/preview',
    access: 'read',
    body: { bookingLineItems: [{ serviceId: id }] },
    bad: { body: { bookingLineItems: [] } },
  },
  {
    method: 'POST',
    url: '/bookings/v2/pricing/calculate',
    access: 'read',
    body: { booking: { bookedEntity: { slot: { serviceId: id } } } },
    bad: { body: { booking: {} } },
  },
];

const forbiddenCaller: Record<Access, string[]> = {
  manage: ['MEMBER:m-1', 'ANONYMOUS_VISITOR', 'WIX_USER:STAFF'],
  business: ['MEMBER:m-1', 'ANONYMOUS_VISITOR'],
  read: [],
};
const allowedCaller: Record<Access, string> = {
  manage: 'APP:integration',
  business: 'WIX_USER:STAFF',
  read: 'ANONYMOUS_VISITOR',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const send = (
  route: RouteCase,
  headers: Record<string, string>,
  override: { url?: string; body?: unknown } = {},
) =>
  inject(t.app, {
    method: route.method,
    url: override.url ?? route.url,
    headers,
    ...((override.body ?? route.body) === undefined
      ? {}
      : { payload: (override.body ?? route.body) as Record<string, unknown> }),
  });

describe.each(routes)('$method $url', (route) => {
  it('answers 401 without credentials', async () => {
    const response = await send(route, {});
    expect(response.status).toBe(401);
    expect(response.body.details.applicationError.code).toBe('UNAUTHENTICATED');
  });

  it('answers 403 to callers it does not serve, and lets the narrowest allowed caller through', async () => {
    for (const caller of forbiddenCaller[route.access]) {
      const response = await send(route, as(caller));
      expect(response.status, caller).toBe(403);
    }
    const allowed = await send(route, as(allowedCaller[route.access]));
    expect([401, 403]).not.toContain(allowed.status);
    expect(allowed.status).toBeLessThan(500);
  });

  it('answers 400 to a malformed request', async () => {
    const response = await send(route, owner, route.bad);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
  });
});

describe.each(routes.filter((route) => route.missing !== undefined))(
  '$method $url naming nothing',
  (route) => {
    it('answers 404', async () => {
      const response = await send(route, owner, route.missing);
      expect(response.status).toBe(404);
      expect(response.body.details.applicationError.code).toBe('NOT_FOUND');
    });
  },
);

describe('the OpenAPI document', () => {
  it('lists every catalogue route', async () => {
    const response = await inject(t.app, { method: 'GET', url: '/openapi.json' });
    expect(response.status).toBe(200);
    const paths = Object.keys(response.body.paths);
    expect(paths).toContain('/bookings/v2/services/{serviceId}');
    expect(paths).toContain('/bookings/v1/staff-members/{staffMemberId}/working-hours');
    expect(paths).toContain('/bookings/v2/pricing/preview');
    expect(
      paths.filter(
        (path) =>
          path.startsWith('/bookings/') && !path.includes('availability') && !path.includes('time-slots'),
      ).length,
    ).toBeGreaterThanOrEqual(55);
  });
});
