import { z } from 'zod';
import { localTimeSchema, weekdaySchema, weekdays } from './common.ts';
import { timeZoneSchema } from '../common.ts';

/**
 * A weekly session of a class or course, in the business time zone, from `startDate` (a local date) until
 * `endDate` (inclusive; open-ended when absent).
 * @example {"weekday":"TUE","startTime":"18:00","durationInMinutes":60,"capacity":12,"startDate":"2026-01-06"}
 */
export const recurringSessionInputSchema = z.object({
  weekday: weekdaySchema,
  startTime: localTimeSchema,
  durationInMinutes: z.number().int().min(1).max(1440),
  capacity: z.number().int().min(1).max(10000).optional(),
  staffMemberId: z.uuid().nullish(),
  startDate: z.iso.date(),
  endDate: z.iso.date().nullish(),
});
export const recurringSessionSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  scheduleId: z.string(),
  weekday: z.enum(weekdays),
  startTime: z.string(),
  durationInMinutes: z.number().int(),
  capacity: z.number().int(),
  staffMemberId: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  timeZone: z.string(),
});

/** A one-off session of a class or course, or a cancelled occurrence of a recurring one. */
export const sessionInputSchema = z.object({
  startDate: z.iso.datetime({ offset: true }),
  endDate: z.iso.datetime({ offset: true }),
  capacity: z.number().int().min(1).max(10000).optional(),
  staffMemberId: z.uuid().nullish(),
});
export const sessionSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  scheduleId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  capacity: z.number().int(),
  staffMemberId: z.string().nullable(),
  /** On an exception to a weekly session: the occurrence's event id, and whether it is cancelled. */
  eventId: z.string().optional(),
  cancelled: z.boolean().optional(),
});

export const createRecurringSessionRequestSchema = z.object({
  recurringSession: recurringSessionInputSchema,
});
export const recurringSessionResponseSchema = z.object({ recurringSession: recurringSessionSchema });
export const createSessionRequestSchema = z.object({ session: sessionInputSchema });
export const sessionResponseSchema = z.object({ session: sessionSchema });
export const serviceScheduleResponseSchema = z.object({
  schedule: z.object({
    id: z.string(),
    serviceId: z.string(),
    timeZone: z.string(),
    recurringSessions: z.array(recurringSessionSchema),
    sessions: z.array(sessionSchema),
  }),
});

/**
 * What changing the site's time zone to `timeZone` would do, asked before saving it.
 * @example {"timeZone":"America/New_York"}
 */
export const timeZoneChangePreviewRequestSchema = z.object({ timeZone: timeZoneSchema });
/**
 * Sessions keep their local times (a 10:00 class stays at 10:00 in the new zone); bookings of sessions still to
 * come move with them and their customers are told; appointments keep their moment, so they show at another
 * local time.
 * @example {"timeZone":"America/New_York","weeklySessionRules":3,"oneOffSessions":2,"sessionBookings":14,"appointments":9}
 */
export const timeZoneChangePreviewResponseSchema = z.object({
  timeZone: z.string(),
  /** Weekly session rules: every session they make keeps its local time. */
  weeklySessionRules: z.number().int(),
  /** One-off sessions still to come, moved to keep their local time. */
  oneOffSessions: z.number().int(),
  /** Live class and course bookings still to come: they move with their session. */
  sessionBookings: z.number().int(),
  /** Live appointments still to come: they keep their moment. */
  appointments: z.number().int(),
});
