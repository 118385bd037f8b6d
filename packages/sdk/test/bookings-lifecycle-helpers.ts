import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { buildApp, type App } from '../../../apps/server/src/app.ts';
import { testConfig } from '../../../apps/server/src/platform/config.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../../apps/server/test/test-app.ts';
import { memoryTokenStore, OAuthStrategy } from '../src/auth/oauth.ts';
import { createClient } from '../src/client.ts';
import { ApplicationError, AtriumError } from '../src/errors.ts';
import { bookings } from '../src/modules/bookings.ts';

/**
 * The booking lifecycle tests through the SDK: one real server per test file (PGlite, or PostgreSQL
 * with DATABASE_URL), clients for each kind of caller, a catalogue made through the SDK, and reads of
 * the database to prove what was (not) written.
 */
export interface LifecycleServer {
  testApp: TestApp;
  baseUrl: string;
  owner(): LifecycleClient;
  staffUser(): LifecycleClient;
  member(id: string): LifecycleClient;
  /** A visitor signed in anonymously through OAuth, as a site's visitor is. */
  visitor(): LifecycleClient;
  /** One row count (or other integer) from the database. */
  count(sql: string, params?: unknown[]): Promise<number>;
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export type LifecycleClient = ReturnType<typeof clientFor>['bookings'];

function clientFor(baseUrl: string, caller: string) {
  return createClient({ baseUrl, headers: { 'x-atrium-dev-caller': caller }, modules: { bookings } });
}

const everyDay = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

export async function startLifecycleServer(
  options: { beforeReady?: (app: App) => void } = {},
): Promise<LifecycleServer> {
  const testApp = options.beforeReady ? await createAppWith(options.beforeReady) : await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  const ownerClient = clientFor(baseUrl, 'WIX_USER:OWNER');
  const { clients } = (await ownerClient.request({ method: 'GET', path: '/identity/v1/oauth-clients' })) as {
    clients: Array<{ clientId: string; isDefault: boolean }>;
  };
  const clientId = clients.find((client) => client.isDefault)!.clientId;
  // Open around the clock, so every test finds its slots whatever the day and hour it runs.
  await ownerClient.bookings.updateBookingsSettings({
    businessHours: everyDay.map((weekday) => ({ weekday, startTime: '00:00', endTime: '24:00' })),
  });
  const rows = <T>(sql: string, params: unknown[] = []) => testApp.app.database.query<T>(sql, params);
  return {
    testApp,
    baseUrl,
    owner: () => ownerClient.bookings,
    staffUser: () => clientFor(baseUrl, 'WIX_USER:STAFF').bookings,
    member: (id: string) => clientFor(baseUrl, `MEMBER:${id}`).bookings,
    visitor: () =>
      createClient({
        baseUrl,
        auth: OAuthStrategy({ clientId, tokenStore: memoryTokenStore() }),
        modules: { bookings },
      }).bookings,
    rows,
    async count(sql: string, params: unknown[] = []) {
      const [row] = await rows<Record<string, unknown>>(sql, params);
      return Number(Object.values(row ?? {})[0] ?? 0);
    },
    close: () => testApp.close(),
  };
}

/** createTestApp, with a hook between building the app and starting it (e.g. to subscribe to events). */
async function createAppWith(beforeReady: (app: App) => void): Promise<TestApp> {
  const { database, databaseUrl, drop } = await createTestDatabase();
  const config = testConfig(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const app = await buildApp({ config, database });
  beforeReady(app);
  await app.ready();
  return {
    app,
    config,
    databaseUrl,
    async close() {
      await app.close();
      await drop();
    },
  };
}

const hour = 3_600_000;

/** A UTC instant `days` ahead at `hourOfDay`:`minute`. */
export function at(days: number, hourOfDay: number, minute = 0): string {
  const date = new Date(Date.now() + days * 24 * hour);
  date.setUTCHours(hourOfDay, minute, 0, 0);
  return date.toISOString();
}

export const contact = (firstName: string) => ({
  firstName,
  lastName: 'Tester',
  email: `${firstName.toLowerCase()}@example.com`,
});

/** An appointment booking input for `serviceId` at `startDate` (optionally with one staff member). */
export function appointment(
  serviceId: string,
  startDate: string,
  extra: Record<string, unknown> = {},
  staffMemberId?: string,
) {
  return {
    bookedEntity: {
      slot: { serviceId, startDate, ...(staffMemberId ? { resource: { id: staffMemberId } } : {}) },
    },
    contactDetails: contact('Ada'),
    selectedPaymentOption: 'OFFLINE' as const,
    ...extra,
  };
}

/** The rejection of `promise`, failing the test when it resolves. */
export async function failure(promise: Promise<unknown>): Promise<AtriumError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(AtriumError);
  return outcome.error as AtriumError;
}

/** Expects an ApplicationError with this status (and code). */
export async function expectRefusal(
  promise: Promise<unknown>,
  status: number,
  code?: string,
): Promise<ApplicationError> {
  const error = await failure(promise);
  expect(error, error.message).toBeInstanceOf(ApplicationError);
  expect(error.status, error.message).toBe(status);
  if (code) expect(error.code, error.message).toBe(code);
  return error as ApplicationError;
}

/** A catalogue made through the SDK as the owner. */
export async function createStaff(server: LifecycleServer, name: string): Promise<string> {
  return (await server.owner().createStaffMember({ name, email: `${name.toLowerCase()}@example.com` })).id;
}

export async function createAppointmentService(
  server: LifecycleServer,
  options: {
    staffMemberIds: string[];
    name?: string;
    policyId?: string;
    approval?: boolean;
    minutes?: number;
    price?: string;
    formId?: string;
    payment?: Record<string, boolean>;
    onlineBooking?: boolean;
  },
): Promise<string> {
  const service = await server.owner().createService({
    type: 'APPOINTMENT',
    name: options.name ?? 'Haircut',
    staffMemberIds: options.staffMemberIds,
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: options.price ?? '40.00', currency: 'USD' } },
      options: options.payment ?? { inPerson: true, online: true },
    },
    onlineBooking: {
      enabled: options.onlineBooking ?? true,
      requireManualApproval: options.approval ?? false,
    },
    schedule: { availabilityConstraints: { durations: [{ minutes: options.minutes ?? 60 }] } },
    locations: [{ type: 'BUSINESS' }],
    ...(options.policyId ? { bookingPolicy: { id: options.policyId } } : {}),
    ...(options.formId ? { form: { id: options.formId } } : {}),
  } as never);
  return service.id;
}

export async function createPolicy(
  server: LifecycleServer,
  policy: Record<string, unknown>,
): Promise<string> {
  return (await server.owner().createBookingPolicy({ name: `policy ${Math.random()}`, ...policy } as never))
    .id;
}

/** A class with sessions at the given starts (one hour each). */
export async function createClass(
  server: LifecycleServer,
  options: { capacity: number; starts: string[]; policyId?: string; staffMemberId?: string },
): Promise<{ serviceId: string; sessionIds: string[] }> {
  const admin = server.owner();
  const service = await admin.createService({
    type: 'CLASS',
    name: 'Yoga',
    defaultCapacity: options.capacity,
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: '15.00', currency: 'USD' } },
      options: { inPerson: true },
    },
    locations: [{ type: 'BUSINESS' }],
    ...(options.staffMemberId ? { staffMemberIds: [options.staffMemberId] } : {}),
    ...(options.policyId ? { bookingPolicy: { id: options.policyId } } : {}),
  } as never);
  const sessionIds: string[] = [];
  for (const start of options.starts) {
    const session = await admin.addSession(service.id, {
      startDate: start,
      endDate: new Date(Date.parse(start) + hour).toISOString(),
      capacity: options.capacity,
      ...(options.staffMemberId ? { staffMemberId: options.staffMemberId } : {}),
    } as never);
    sessionIds.push((session as { id: string }).id);
  }
  return { serviceId: service.id, sessionIds };
}

export async function createCourse(
  server: LifecycleServer,
  options: { capacity: number; staffMemberId: string },
): Promise<{ serviceId: string; scheduleId: string }> {
  const admin = server.owner();
  const service = await admin.createService({
    type: 'COURSE',
    name: 'Pottery course',
    defaultCapacity: options.capacity,
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: '120.00', currency: 'USD' } },
      options: { inPerson: true },
    },
    staffMemberIds: [options.staffMemberId],
    locations: [{ type: 'BUSINESS' }],
  } as never);
  for (const days of [20, 27]) {
    await admin.addSession(service.id, {
      startDate: at(days, 18),
      endDate: at(days, 19),
      capacity: options.capacity,
      staffMemberId: options.staffMemberId,
    } as never);
  }
  return { serviceId: service.id, scheduleId: (await admin.getService(service.id)).schedule.id };
}
