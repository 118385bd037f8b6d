import { z } from 'zod';

/**
 * External calendars of staff members (spec §3 "External calendar"): an iCalendar (ICS) URL whose busy
 * time blocks the staff member's availability, and each staff member's private iCal feed of their own
 * bookings. Only the I_CAL provider with CREDENTIALS (a secret URL) is implemented; the other providers
 * are listed because clients send and read them.
 */

export const externalCalendarProviderValues = [
  'GOOGLE',
  'I_CAL',
  'OUTLOOK',
  'OFFICE_365',
  'MICROSOFT',
  'OTHER',
] as const;
export const externalCalendarConnectionTypeValues = ['OAUTH', 'CREDENTIALS'] as const;
export const externalCalendarStatusValues = [
  'CONNECTED',
  'SYNC_IN_PROGRESS',
  'SYNCED',
  'DISCONNECTED',
  'ERROR',
] as const;
export const externalCalendarDisconnectReasonValues = [
  'TOKEN_REVOKED',
  'EXTERNAL_CALENDAR_CREATION_FAILED',
  'EXTERNAL_CALENDAR_DELETED',
] as const;
/** Why the last sync failed (ERROR status). */
export const externalCalendarErrorCodeValues = [
  'FETCH_TIMEOUT',
  'FETCH_FAILED',
  'HTTP_ERROR',
  'TOO_LARGE',
  'INVALID_CALENDAR',
  'TOO_MANY_EVENTS',
  /** The URL's host is (or resolves to) a loopback, private or link-local address. */
  'ADDRESS_NOT_ALLOWED',
] as const;

export type ExternalCalendarProvider = (typeof externalCalendarProviderValues)[number];
export type ExternalCalendarStatus = (typeof externalCalendarStatusValues)[number];
export type ExternalCalendarErrorCode = (typeof externalCalendarErrorCodeValues)[number];

/** An http(s) URL of an iCalendar file; `webcal://` (how calendar apps share feeds) is read as https. */
export const icsUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .transform((value) => value.replace(/^webcals?:\/\//i, 'https://'))
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }));

/**
 * Connects an ICS URL to a staff member. Its events (recurring and all-day ones included, transparent
 * ones left out) are imported at once and every 15 minutes for the next 90 days.
 * @example {"externalCalendar":{"staffMemberId":"…","provider":"I_CAL","url":"https://calendar.example.com/dana.ics","name":"Dana's personal calendar"}}
 */
export const connectExternalCalendarRequestSchema = z.object({
  externalCalendar: z.object({
    staffMemberId: z.uuid(),
    provider: z.enum(externalCalendarProviderValues).default('I_CAL'),
    connectionType: z.enum(externalCalendarConnectionTypeValues).default('CREDENTIALS'),
    url: icsUrlSchema,
    name: z.string().trim().min(1).max(200).optional(),
  }),
});
export type ConnectExternalCalendarRequest = z.infer<typeof connectExternalCalendarRequestSchema>;

export const externalCalendarSchema = z.object({
  id: z.string(),
  staffMemberId: z.string(),
  provider: z.enum(externalCalendarProviderValues),
  connectionType: z.enum(externalCalendarConnectionTypeValues),
  name: z.string().nullish(),
  /** The URL with its query string and credentials hidden (they are often the secret). */
  url: z.string(),
  status: z.enum(externalCalendarStatusValues),
  disconnectReason: z.enum(externalCalendarDisconnectReasonValues).nullish(),
  lastSyncDate: z.string().nullish(),
  lastSyncError: z
    .object({ code: z.enum(externalCalendarErrorCodeValues), message: z.string(), date: z.string() })
    .nullish(),
  /** Busy intervals imported by the last successful sync. */
  busyIntervalCount: z.number().int(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type ExternalCalendar = z.infer<typeof externalCalendarSchema>;

export const externalCalendarResponseSchema = z.object({ externalCalendar: externalCalendarSchema });

export const listExternalCalendarsQuerySchema = z.object({
  staffMemberId: z.uuid().optional(),
  /** Disconnected calendars are left out unless asked for. */
  includeDisconnected: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

export const listExternalCalendarsResponseSchema = z.object({
  externalCalendars: z.array(externalCalendarSchema),
});

/**
 * A staff member's private iCal feed of their bookings: subscribe to `url` from Google Calendar, Outlook or
 * Apple Calendar. Anyone holding the URL can read it, so rotating it makes the old one answer 404.
 * @example {"feed":{"staffMemberId":"…","url":"https://atrium.example.com/bookings/v2/external-calendars/feeds/Xk3….ics","createdDate":"2026-11-22T10:00:00.000Z"}}
 */
export const staffCalendarFeedSchema = z.object({
  staffMemberId: z.string(),
  url: z.string(),
  /** The same URL with the webcal scheme, which calendar apps open as a subscription. */
  webcalUrl: z.string(),
  createdDate: z.string(),
});
export const staffCalendarFeedResponseSchema = z.object({ feed: staffCalendarFeedSchema });
