import type { FastifyBaseLogger } from 'fastify';
import type { Site } from '@atrium/contract/sites';
import { Temporal } from 'temporal-polyfill';
import type { RequestContext } from '../../platform/context.ts';
import type { BookingsCatalogueModule } from './catalogue.module.ts';

const quietLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
  child: () => quietLog,
  level: 'silent',
  silent: () => undefined,
} as unknown as FastifyBaseLogger;

/** Illustrations shipped with the web app (apps/web/public/demo). */
function demoMedia(file: string, altText: string) {
  const image = { url: `/demo/services/${file}.svg`, altText, width: 800, height: 450 };
  return { mainMedia: { image }, coverMedia: { image }, items: [{ image }] };
}

/**
 * Demo catalogue of a small yoga studio: three teachers with working hours, a private session
 * (appointment), a weekly class and a four-week course. Runs once: a site that has services is left alone.
 */
export async function seedBookingsCatalogue(catalog: BookingsCatalogueModule, site: Site): Promise<boolean> {
  const ctx: RequestContext = {
    requestId: 'seed',
    site,
    caller: { identityType: 'WIX_USER', role: 'OWNER', identityId: 'seed' },
    log: quietLog,
    now: () => new Date(),
  };
  if ((await catalog.services.count(ctx, undefined)) > 0) return false;

  const maya = await catalog.staff.create(ctx, {
    name: 'Maya Cohen',
    mainMedia: { image: { url: '/demo/staff/maya.svg', altText: 'Portrait of Maya Cohen' } },
    email: 'maya@example.com',
    description: 'Vinyasa and private sessions',
    workingHours: [
      { weekday: 'MON', startTime: '08:00', endTime: '14:00' },
      { weekday: 'WED', startTime: '08:00', endTime: '14:00' },
      { weekday: 'FRI', startTime: '08:00', endTime: '12:00' },
    ],
  });
  const tom = await catalog.staff.create(ctx, {
    name: 'Tom Baker',
    mainMedia: { image: { url: '/demo/staff/tom.svg', altText: 'Portrait of Tom Baker' } },
    email: 'tom@example.com',
    description: 'Yin yoga and beginners',
    workingHours: [
      { weekday: 'TUE', startTime: '12:00', endTime: '20:00' },
      { weekday: 'THU', startTime: '12:00', endTime: '20:00' },
    ],
  });
  // The third teacher works the studio's business hours (Mon-Fri 09:00-17:00).
  const lena = await catalog.staff.create(ctx, {
    name: 'Lena Novak',
    mainMedia: { image: { url: '/demo/staff/lena.svg', altText: 'Portrait of Lena Novak' } },
    email: 'lena@example.com',
    description: 'Pilates and courses',
  });

  const category = await catalog.entities.createCategory(ctx, { name: 'Yoga' });
  const roomType = await catalog.entities.createResourceType(ctx, { name: 'Studio room' });
  await catalog.entities.createResource(ctx, { name: 'Main room', typeId: roomType.id });

  const currency = site.currency;
  await catalog.services.create(ctx, {
    type: 'APPOINTMENT',
    name: 'Private yoga session',
    media: demoMedia('private-session', 'Private yoga session'),
    tagLine: 'One to one, at your pace',
    description: 'A private session tailored to you.',
    category: { id: category.id },
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: '60.00', currency } },
      options: { online: true, inPerson: true },
    },
    schedule: {
      availabilityConstraints: {
        durations: [{ minutes: 60 }],
        timeBeforeSessions: 10,
        timeBetweenSessions: 15,
      },
    },
    staffMemberIds: [maya.id, tom.id, lena.id],
    locations: [{ type: 'BUSINESS' }],
  });

  const weekly = await catalog.services.create(ctx, {
    type: 'CLASS',
    name: 'Morning vinyasa',
    media: demoMedia('morning-vinyasa', 'Morning vinyasa'),
    tagLine: 'Start the day moving',
    category: { id: category.id },
    defaultCapacity: 12,
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: '18.00', currency } },
      options: { online: true, inPerson: true },
    },
    schedule: { availabilityConstraints: { durations: [{ minutes: 60 }] } },
    staffMemberIds: [maya.id],
    locations: [{ type: 'BUSINESS' }],
  });
  const today = Temporal.Now.plainDateISO(site.timezone).toString();
  for (const weekday of ['MON', 'WED', 'FRI'] as const) {
    await catalog.schedules.addRecurring(ctx, weekly.id, {
      weekday,
      startTime: '08:00',
      durationInMinutes: 60,
      capacity: 12,
      staffMemberId: maya.id,
      startDate: today,
    });
  }

  const course = await catalog.services.create(ctx, {
    type: 'COURSE',
    name: 'Pilates foundations (4 weeks)',
    media: demoMedia('pilates-course', 'Pilates foundations (4 weeks)'),
    tagLine: 'Four Thursday evenings, one enrolment',
    category: { id: category.id },
    defaultCapacity: 8,
    payment: {
      rateType: 'FIXED',
      fixed: { price: { value: '120.00', currency } },
      options: { online: true, inPerson: false },
    },
    staffMemberIds: [lena.id],
    locations: [{ type: 'BUSINESS' }],
  });
  const weekAhead = Temporal.Now.plainDateISO(site.timezone).add({ days: 7 });
  // The rule's first date is the first session's, so the course reads as four Thursdays from its start.
  const firstThursday = weekAhead.add({ days: (4 - weekAhead.dayOfWeek + 7) % 7 });
  await catalog.schedules.addRecurring(ctx, course.id, {
    weekday: 'THU',
    startTime: '18:30',
    durationInMinutes: 75,
    capacity: 8,
    staffMemberId: lena.id,
    startDate: firstThursday.toString(),
    endDate: firstThursday.add({ days: 27 }).toString(),
  });
  return true;
}
