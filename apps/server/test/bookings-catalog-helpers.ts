import { inject, owner, type TestApp } from './test-app.ts';

/** Named factories for the catalogue tests: each creates through the API, as a client would. */
export function catalogFactories(t: TestApp) {
  async function post<T = Record<string, unknown>>(
    url: string,
    payload: unknown,
    headers = owner,
  ): Promise<T> {
    const response = await inject(t.app, {
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers,
    });
    if (response.status !== 200)
      throw new Error(`${url} answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body as T;
  }
  return {
    post,
    async staffMember(fields: Record<string, unknown> = {}) {
      const body = await post<{ staffMember: { id: string; revision: string } & Record<string, unknown> }>(
        '/bookings/v1/staff-members',
        {
          staffMember: { name: 'Dana Levi', email: 'dana@example.com', ...fields },
        },
      );
      return body.staffMember;
    },
    async service(fields: Record<string, unknown> = {}) {
      const body = await post<{
        service: {
          id: string;
          revision: string;
          schedule: { id: string };
          mainSlug: { name: string };
        } & Record<string, unknown>;
      }>('/bookings/v2/services', {
        service: {
          type: 'APPOINTMENT',
          name: 'Haircut',
          payment: { rateType: 'FIXED', fixed: { price: { value: '45.00', currency: 'USD' } } },
          schedule: { availabilityConstraints: { durations: [{ minutes: 45 }] } },
          ...fields,
        },
      });
      return body.service;
    },
    async category(name = 'Hair') {
      return (
        await post<{ category: { id: string; sortOrder: number; revision: string } }>(
          '/bookings/v2/categories',
          { category: { name } },
        )
      ).category;
    },
    async resourceType(name = 'Room') {
      return (
        await post<{ resourceType: { id: string; revision: string } }>(
          '/bookings/v2/resources/resource-types',
          { resourceType: { name } },
        )
      ).resourceType;
    },
    async resource(typeId: string, name = 'Room 1') {
      return (
        await post<{ resource: { id: string; revision: string } }>('/bookings/v2/resources', {
          resource: { name, typeId },
        })
      ).resource;
    },
    async policy(fields: Record<string, unknown> = {}) {
      return (
        await post<{ bookingPolicy: { id: string; revision: string } & Record<string, unknown> }>(
          '/bookings/v1/booking-policies',
          {
            bookingPolicy: { name: 'Strict', ...fields },
          },
        )
      ).bookingPolicy;
    },
  };
}
