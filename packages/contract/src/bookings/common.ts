import { z } from 'zod';
import { cursorPagingSchema, filterSchema, offsetPagingSchema, sortingSchema } from '../query.ts';

/**
 * Wire pieces shared by the bookings catalogue: images, queries, field masks, weekdays and
 * working-hours periods. Shapes follow the official client's declarations (`@wix/bookings`).
 */

/** An image reference; clients send either an object or a media URL string. */
export const imageSchema = z.union([
  z.string().max(2048),
  z.object({
    id: z.string().max(500).optional(),
    url: z.string().max(2048).optional(),
    height: z.number().int().nonnegative().optional(),
    width: z.number().int().nonnegative().optional(),
    altText: z.string().max(1000).nullish(),
    filename: z.string().max(500).nullish(),
  }),
]);

export const mediaItemSchema = z.object({ image: imageSchema.optional() });

export const extendedFieldsSchema = z.object({
  namespaces: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
});

/** An offset-paged query (services). */
export const offsetQuerySchema = z.object({
  filter: filterSchema.nullish(),
  sort: z.array(sortingSchema).max(10).optional(),
  paging: offsetPagingSchema.optional(),
});

/** A cursor-paged query (staff members, policies, categories, resources ...). */
export const cursorQuerySchema = z.object({
  filter: filterSchema.nullish(),
  sort: z.array(sortingSchema).max(10).optional(),
  cursorPaging: cursorPagingSchema.optional(),
  paging: offsetPagingSchema.optional(),
});

/**
 * A field mask: the contract's clients send a comma-joined string (`"name,payment.fixed.price"`),
 * some send an array or `{paths: [...]}`. Normalised to an array of dotted paths.
 */
export const fieldMaskSchema = z
  .union([
    z.string().max(4000),
    z.array(z.string().max(200)).max(200),
    z.object({ paths: z.array(z.string().max(200)).max(200) }),
  ])
  .transform((mask) => {
    const paths = typeof mask === 'string' ? mask.split(',') : Array.isArray(mask) ? mask : mask.paths;
    return paths.map((path) => path.trim()).filter((path) => path.length > 0);
  });

/** Weekdays as the contract names them; full names are accepted and normalised to the short form. */
export const weekdays = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof weekdays)[number];
const fullWeekdays: Record<string, Weekday> = {
  MONDAY: 'MON',
  TUESDAY: 'TUE',
  WEDNESDAY: 'WED',
  THURSDAY: 'THU',
  FRIDAY: 'FRI',
  SATURDAY: 'SAT',
  SUNDAY: 'SUN',
};
export const weekdaySchema = z
  .enum([...weekdays, 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'])
  .transform((day): Weekday => fullWeekdays[day] ?? (day as Weekday));

/** A local time of day, `HH:MM` (24-hour); `24:00` is allowed as an end. */
export const localTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a local time HH:MM such as 09:00');

/**
 * One working period on a weekday, in the business time zone.
 * @example {"weekday":"MON","startTime":"09:00","endTime":"17:00"}
 */
export const workingPeriodSchema = z.object({
  weekday: weekdaySchema,
  startTime: localTimeSchema,
  endTime: localTimeSchema,
});
export type WorkingPeriod = z.infer<typeof workingPeriodSchema>;

export const workingPeriodOutSchema = z.object({
  weekday: z.enum(weekdays),
  startTime: z.string(),
  endTime: z.string(),
});

export const participantNotificationSchema = z.object({
  notifyParticipants: z.boolean().nullish(),
  message: z.string().max(5000).nullish(),
});
