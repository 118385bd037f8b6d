import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import { as, inject, owner } from './test-app.ts';

/** Named factories for the lifecycle tests: a catalogue made through the catalogue's own API. */

export const customer = (id = 'member-1') => as(`MEMBER:${id}`);

const hour = 3_600_000;
const day = 24 * hour;

/** A UTC instant `days` ahead at `hourOfDay`:00 (the tests open the business every day, see openAllWeek). */
export function futureSlot(days: number, hourOfDay: number): string {
  const base = new Date(Date.now() + days * day);
  base.setUTCHours(hourOfDay, 0, 0, 0);
  return base.toISOString();
}

export async function ok<T = Record<string, unknown>>(
  app: App,
  options: Parameters<typeof inject>[1],
): Promise<T> {
  const response = await inject(app, options);
  if (response.status !== 200) {
    throw new Error(
      `${String(options.method)} ${String(options.url)} answered ${response.status}: ${JSON.stringify(response.body)}`,
    );
  }
  return response.body as T;
}

/** Opens the business every day around the clock, so slots are wherever a test puts them. */
export async function openAllWeek(app: App): Promise<void> {
  const businessHours = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((weekday) => ({
    weekday,
    startTime: '00:00',
    endTime: '24:00',
  }));
  await ok(app, {
    method: 'PATCH',
    url: '/bookings/v1/settings',
    headers: owner,
    payload: { settings: { businessHours } },
  });
}

export async function createStaff(app: App, name = 'Alex', email = 'alex@example.com'): Promise<string> {
  const body = await ok<{ staffMember: { id: string } }>(app, {
    method: 'POST',
    url: '/bookings/v1/staff-members',
    headers: owner,
    payload: { staffMember: { name, email } },
  });
  return body.staffMember.id;
}

export async function createPolicy(app: App, policy: Record<string, unknown>): Promise<string> {
  const body = await ok<{ bookingPolicy: { id: string } }>(app, {
    method: 'POST',
    url: '/bookings/v1/booking-policies',
    headers: owner,
    payload: { bookingPolicy: { name: `policy ${Math.random()}`, ...policy } },
  });
  return body.bookingPolicy.id;
}

export async function createAppointmentService(
  app: App,
  options: {
    staffMemberIds: string[];
    policyId?: string;
    approval?: boolean;
    minutes?: number;
    price?: string;
    formId?: string;
    /** Minutes kept free before and after each session. */
    buffers?: { before: number; after: number };
  },
): Promise<string> {
  const body = await ok<{ service: { id: string } }>(app, {
    method: 'POST',
    url: '/bookings/v2/services',
    headers: owner,
    payload: {
      service: {
        type: 'APPOINTMENT',
        name: 'Haircut',
        staffMemberIds: options.staffMemberIds,
        payment: {
          rateType: 'FIXED',
          fixed: { price: { value: options.price ?? '40.00', currency: 'USD' } },
          options: { inPerson: true, online: true },
        },
        onlineBooking: { enabled: true, requireManualApproval: options.approval ?? false },
        schedule: {
          availabilityConstraints: {
            durations: [{ minutes: options.minutes ?? 60 }],
            ...(options.buffers
              ? { timeBeforeSessions: options.buffers.before, timeBetweenSessions: options.buffers.after }
              : {}),
          },
        },
        ...(options.policyId ? { bookingPolicy: { id: options.policyId } } : {}),
        ...(options.formId ? { form: { id: options.formId } } : {}),
      },
    },
  });
  return body.service.id;
}

export async function createClassService(
  app: App,
  options: { capacity: number; policyId?: string; start: string; type?: 'CLASS' | 'COURSE' },
): Promise<{ serviceId: string; sessionId: string; start: string; end: string }> {
  const service = await ok<{ service: { id: string } }>(app, {
    method: 'POST',
    url: '/bookings/v2/services',
    headers: owner,
    payload: {
      service: {
        type: options.type ?? 'CLASS',
        name: 'Yoga',
        defaultCapacity: options.capacity,
        payment: { rateType: 'FIXED', fixed: { price: { value: '15.00', currency: 'USD' } } },
        ...(options.policyId ? { bookingPolicy: { id: options.policyId } } : {}),
      },
    },
  });
  const end = new Date(Date.parse(options.start) + 3_600_000).toISOString();
  const session = await ok<{ session: { id: string; startDate: string } }>(app, {
    method: 'POST',
    url: `/bookings/v2/services/${service.service.id}/schedule/sessions`,
    headers: owner,
    payload: { session: { startDate: options.start, endDate: end, capacity: options.capacity } },
  });
  return { serviceId: service.service.id, sessionId: session.session.id, start: options.start, end };
}

export function bookingRequest(serviceId: string, startDate: string, extra: Record<string, unknown> = {}) {
  return {
    booking: {
      bookedEntity: { slot: { serviceId, startDate } },
      contactDetails: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '+44 20 7946 0000',
      },
      totalParticipants: 1,
      ...extra,
    },
  };
}

export interface WireBooking {
  id: string;
  revision: string;
  status: string;
  doubleBooked?: boolean;
  totalParticipants: number;
  startDate: string;
  endDate: string;
  paymentStatus: string;
  bookedEntity: {
    slot?: {
      startDate: string;
      endDate: string;
      resource?: { id?: string } | null;
      sessionId?: string | null;
    };
  };
}

export async function book(app: App, headers: Record<string, string>, payload: object): Promise<WireBooking> {
  const body = await ok<{ booking: WireBooking }>(app, {
    method: 'POST',
    url: '/bookings/v2/bookings',
    headers,
    payload: payload as Record<string, unknown>,
  });
  return body.booking;
}

export function expectError(
  response: { status: number; body: unknown },
  status: number,
  code?: string,
): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  if (code) {
    const body = response.body as { details?: { applicationError?: { code?: string } } };
    expect(body.details?.applicationError?.code, JSON.stringify(response.body)).toBe(code);
  }
}
