import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import { buildApp, type App } from '../app.ts';

const customers = [
  { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0001' },
  { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', phone: '+1 212 555 0102' },
  { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', phone: '+44 20 7946 0003' },
  { firstName: 'Katherine', lastName: 'Johnson', email: 'katherine@example.com', phone: '+1 757 555 0104' },
];

interface Service {
  id: string;
  type: 'APPOINTMENT' | 'CLASS' | 'COURSE';
  name: string;
}

interface Entry {
  slot: { serviceId: string; startDate: string; endDate: string; timezone?: string; resource?: unknown };
  bookable: boolean;
  openSpots?: number | null;
}

async function call<T>(
  app: App,
  key: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<T> {
  const response = await app.inject({ method, url, payload, headers: { authorization: key } });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return JSON.parse(response.body) as T;
}

interface StaffMember {
  id: string;
  name: string;
}

const hour = 3_600_000;
const day = 24 * hour;

/**
 * The studio's last four weeks: one to three private sessions on each weekday, recorded by the business
 * (a past slot can only be booked with availability checks skipped) and marked attended or not, so the
 * dashboard's history and its bookings-per-day chart show a business that has been running.
 */
async function seedPastAppointments(app: App, key: string, service: Service, now: Date): Promise<number> {
  const { staffMembers } = await call<{ staffMembers: StaffMember[] }>(
    app,
    key,
    'POST',
    '/bookings/v1/staff-members/query',
    { query: { paging: { limit: 20 } } },
  );
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let made = 0;
  for (let daysAgo = 28; daysAgo >= 1; daysAgo -= 1) {
    const date = new Date(today - daysAgo * day);
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    const sessions = 1 + ((daysAgo * 7) % 3);
    for (let index = 0; index < sessions; index += 1) {
      const start = new Date(date.getTime() + (10 + index * 2 + (daysAgo % 2)) * hour);
      const staff = staffMembers[(daysAgo + index) % staffMembers.length]!;
      const customer = customers[(daysAgo + index) % customers.length]!;
      const { booking } = await call<{ booking: { id: string; revision: string } }>(
        app,
        key,
        'POST',
        '/bookings/v2/bookings',
        {
          booking: {
            bookedEntity: {
              slot: {
                serviceId: service.id,
                startDate: start.toISOString(),
                endDate: new Date(start.getTime() + hour).toISOString(),
                resource: { id: staff.id, name: staff.name },
              },
            },
            contactDetails: customer,
            totalParticipants: 1,
            selectedPaymentOption: 'OFFLINE',
            paymentStatus: 'PAID',
          },
          participantNotification: { notifyParticipants: false },
          flowControlSettings: { skipAvailabilityValidation: true },
        },
      );
      await call(app, key, 'POST', '/bookings/v2/attendance', {
        attendance: {
          bookingId: booking.id,
          status: (daysAgo + index) % 7 === 0 ? 'NOT_ATTENDED' : 'ATTENDED',
          numberOfAttendees: 1,
        },
      });
      made += 1;
    }
  }
  return made;
}

/**
 * Demo bookings for the seeded catalogue, made through the real API (availability, policy and capacity checks
 * all apply) with a short-lived owner API key that is revoked afterwards. Returns how many were made.
 */
export async function seedDemoBookings(deps: {
  database: Database;
  config: Config;
  apiKey: { key: string; revoke(): Promise<unknown> };
}): Promise<number> {
  const app = await buildApp({
    config: { ...deps.config, WORKER_ENABLED: false, LOG_LEVEL: 'silent' },
    database: deps.database,
  });
  let made = 0;
  try {
    await app.ready();
    const key = deps.apiKey.key;
    const { services } = await call<{ services: Service[] }>(
      app,
      key,
      'POST',
      '/bookings/v2/services/query',
      {
        query: { paging: { limit: 20 } },
      },
    );
    const now = new Date();
    const appointment = services.find((candidate) => candidate.type === 'APPOINTMENT');
    if (appointment) made += await seedPastAppointments(app, key, appointment, now);
    // Slots from an hour on: one found just before it starts would have started by the time it is booked.
    const hourAhead = new Date(now.getTime() + 3600 * 1000);
    const weekAhead = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
    for (const service of services.filter((candidate) => candidate.type !== 'COURSE')) {
      const { availabilityEntries } = await call<{ availabilityEntries: Entry[] }>(
        app,
        key,
        'POST',
        '/bookings/v1/availability/query',
        {
          query: {
            filter: {
              serviceId: service.id,
              startDate: hourAhead.toISOString(),
              endDate: weekAhead.toISOString(),
              bookable: true,
            },
          },
          slotsPerDay: 2,
        },
      );
      // A few bookings spread over the coming days, each by another customer.
      const picks = availabilityEntries
        .filter((entry) => entry.bookable)
        .filter((_entry, index) => index % 3 === 0);
      for (const [index, entry] of picks.slice(0, service.type === 'CLASS' ? 3 : 4).entries()) {
        const customer = customers[index % customers.length]!;
        await call(app, key, 'POST', '/bookings/v2/bookings', {
          booking: {
            bookedEntity: { slot: entry.slot },
            contactDetails: customer,
            totalParticipants: 1,
            selectedPaymentOption: 'OFFLINE',
          },
          participantNotification: { notifyParticipants: false },
        });
        made += 1;
      }
    }
  } finally {
    await deps.apiKey.revoke().catch(() => undefined);
    await app.close();
  }
  return made;
}
