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

// --- The official external-calendars client's connection model -------------------------------------------
//
// The client speaks of providers and connections: a connection joins a schedule (in Atrium, a staff member:
// their id is their schedule's id) to an account at a provider. Atrium has one provider, ICS, connected by
// credentials: the account's email and, as the password, the secret iCalendar URL. A connection is the same
// row as an external calendar above, so both families see the same calendars.

/** The one provider Atrium offers: iCalendar URLs, connected by credentials. */
export const icsProviderId = '5e1c0a1e-1ca1-4c5a-9d3f-0000000001c5';

export const calendarProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  calendarType: z.enum([...externalCalendarProviderValues, 'UNDEFINED']),
  features: z.object({
    connectMethods: z.array(z.enum(['OAUTH', 'CREDENTIALS'])),
    updateSyncConfig: z.boolean(),
    listEventFromCalendars: z.enum(['NOT_SUPPORTED', 'PRIMARY_CALENDAR_ONLY', 'SPECIFIC_CALENDARS']),
    syncToCalendar: z.enum([
      'NOT_SUPPORTED',
      'PRIMARY_CALENDAR_ONLY',
      'SPECIFIC_CALENDAR',
      'DEDICATED_CALENDAR',
    ]),
  }),
});
export const listCalendarProvidersResponseSchema = z.object({ providers: z.array(calendarProviderSchema) });

const primaryCalendar = z.looseObject({});
export const connectionSyncConfigSchema = z.object({
  listEventFromCalendars: z
    .object({
      enabled: z.boolean().nullish(),
      primaryCalendar: primaryCalendar.nullish(),
      calendars: z
        .object({ calendars: z.array(z.object({ id: z.string().nullish(), name: z.string().nullish() })) })
        .nullish(),
    })
    .nullish(),
  syncToCalendar: z
    .object({
      enabled: z.boolean().nullish(),
      primaryCalendar: primaryCalendar.nullish(),
      dedicatedCalendar: primaryCalendar.nullish(),
    })
    .nullish(),
});
export type ConnectionSyncConfig = z.infer<typeof connectionSyncConfigSchema>;

/**
 * A connection as the official client reads it.
 * @example {"connection":{"id":"…","providerId":"5e1c0a1e-1ca1-4c5a-9d3f-0000000001c5","calendarType":"I_CAL","scheduleId":"<staff member id>","externalAccountEmail":"dana@example.com","status":"SYNCED","errorReason":"UNDEFINED","syncConfig":{"listEventFromCalendars":{"enabled":true,"primaryCalendar":{}},"syncToCalendar":{"enabled":false}}}}
 */
export const calendarConnectionSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  calendarType: z.enum(externalCalendarProviderValues),
  /** The staff member's id (their schedule's id). */
  scheduleId: z.string(),
  /** The dashboard user connected to the staff member, when there is one. */
  userId: z.string().nullish(),
  appId: z.string().nullish(),
  externalAccountEmail: z.string().nullish(),
  status: z.enum(externalCalendarStatusValues),
  errorReason: z.enum([...externalCalendarDisconnectReasonValues, 'UNDEFINED']),
  syncConfig: connectionSyncConfigSchema,
});
export type CalendarConnection = z.infer<typeof calendarConnectionSchema>;
export const calendarConnectionResponseSchema = z.object({ connection: calendarConnectionSchema });

/** `scheduleIds` may come repeated or once; each is a staff member's id. */
const idList = z
  .union([z.uuid(), z.array(z.uuid()).max(100)])
  .transform((value) => (Array.isArray(value) ? value : [value]));

/** A query-string flag, or a boolean when the request came whole in `.r`. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

export const listConnectionsQuerySchema = z.object({
  scheduleIds: idList.optional(),
  partialFailure: flag.optional(),
});
export const listConnectionsResponseSchema = z.object({
  connections: z.array(calendarConnectionSchema),
  failedProviderIds: z.array(z.string()),
});

/**
 * Connects a staff member's iCalendar URL: `password` is the URL (the secret), `email` the account's email.
 * @example {"providerId":"5e1c0a1e-1ca1-4c5a-9d3f-0000000001c5","scheduleId":"<staff member id>","email":"dana@example.com","password":"https://calendar.example.com/dana/private-3f9a.ics"}
 */
export const connectByCredentialsRequestSchema = z.object({
  providerId: z.uuid(),
  scheduleId: z.uuid(),
  email: z.email().max(320).nullish(),
  password: z.string().min(1).max(2048),
});
export const connectByOAuthRequestSchema = z.object({
  providerId: z.uuid(),
  scheduleId: z.uuid(),
  redirectUrl: z.string().max(2048).nullish(),
});
export const updateSyncConfigRequestSchema = z.object({ syncConfig: connectionSyncConfigSchema });

export const calendarSchema = z.object({ id: z.string(), name: z.string() });
export const listCalendarsResponseSchema = z.object({ calendars: z.array(calendarSchema) });

export const listCalendarEventsQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  scheduleIds: idList.optional(),
  userIds: z.union([z.string(), z.array(z.string())]).optional(),
  allDay: flag.optional(),
  fieldsets: z.union([z.string(), z.array(z.string())]).optional(),
  /** Flattened in the query string by the client, or whole when the request came in `.r`. */
  'cursorPaging.limit': z.coerce.number().int().min(1).max(1000).optional(),
  'cursorPaging.cursor': z.string().max(2000).optional(),
  cursorPaging: z
    .object({
      limit: z.coerce.number().int().min(1).max(1000).nullish(),
      cursor: z.string().max(2000).nullish(),
    })
    .optional(),
  partialFailure: flag.optional(),
});
/** A busy span imported from a connected calendar (ICS imports keep no titles: busy time only). */
export const calendarEventSchema = z.object({
  scheduleId: z.string(),
  calendarType: z.enum(externalCalendarProviderValues),
  calendarName: z.string().nullish(),
  title: z.string().nullish(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  scheduleOwnerId: z.string(),
  scheduleOwnerName: z.string().nullish(),
});
export const listCalendarEventsResponseSchema = z.object({
  events: z.array(calendarEventSchema),
  pagingMetadata: z.object({
    count: z.number().int(),
    cursors: z.object({ next: z.string().nullish() }),
    hasNext: z.boolean(),
  }),
  failedProviderIds: z.array(z.string()),
});
