import type {
  ExternalCalendar,
  connectExternalCalendarRequestSchema,
  staffCalendarFeedSchema,
} from '@atrium/contract/bookings/external-calendars';
import type { z } from 'zod';
import { defineModule, type ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { call, segment } from './shared.ts';

export type { ExternalCalendar };
export type ExternalCalendarInput = z.input<typeof connectExternalCalendarRequestSchema>['externalCalendar'];
export type StaffCalendarFeed = WithDates<z.infer<typeof staffCalendarFeedSchema>>;

const base = '/bookings/v2/external-calendars';
type CalendarAnswer = { externalCalendar: ExternalCalendar };
type FeedAnswer = { feed: z.infer<typeof staffCalendarFeedSchema> };

export const externalCalendarCalls = {
  /**
   * `POST /bookings/v2/external-calendars`: connects an iCalendar URL whose busy time blocks the staff
   * member's availability (imported at once, then every 15 minutes).
   * @example await client.bookings.connectExternalCalendar({ staffMemberId, provider: 'I_CAL', url: 'https://calendar.example.com/dana.ics' })
   */
  connectExternalCalendar: (context) => (externalCalendar: ExternalCalendarInput) =>
    call<CalendarAnswer, 'externalCalendar'>(context, 'POST', base, 'externalCalendar', { externalCalendar }),

  /** `GET /bookings/v2/external-calendars`: a staff member's (or every) connected calendar. */
  listExternalCalendars:
    (context) =>
    async (filter: { staffMemberId?: string; includeDisconnected?: boolean } = {}) => {
      const query: Record<string, string> = {};
      if (filter.staffMemberId) query.staffMemberId = filter.staffMemberId;
      if (filter.includeDisconnected !== undefined)
        query.includeDisconnected = String(filter.includeDisconnected);
      const answer = await context.request<{ externalCalendars: ExternalCalendar[] }>({
        method: 'GET',
        path: base,
        query,
      });
      return answer.externalCalendars;
    },

  /** `GET /bookings/v2/external-calendars/{id}`. */
  getExternalCalendar: (context) => (externalCalendarId: string) =>
    call<CalendarAnswer, 'externalCalendar'>(
      context,
      'GET',
      `${base}/${segment(externalCalendarId)}`,
      'externalCalendar',
    ),

  /** `POST /bookings/v2/external-calendars/{id}/sync`: imports now; answers SYNCED or ERROR. */
  syncExternalCalendar: (context) => (externalCalendarId: string) =>
    call<CalendarAnswer, 'externalCalendar'>(
      context,
      'POST',
      `${base}/${segment(externalCalendarId)}/sync`,
      'externalCalendar',
      {},
    ),

  /** `POST /bookings/v2/external-calendars/{id}/disconnect`: its busy time stops blocking at once. */
  disconnectExternalCalendar: (context) => (externalCalendarId: string) =>
    call<CalendarAnswer, 'externalCalendar'>(
      context,
      'POST',
      `${base}/${segment(externalCalendarId)}/disconnect`,
      'externalCalendar',
      {},
    ),

  /** `GET /bookings/v2/external-calendars/staff-members/{id}/feed`: the private iCal feed URL (404 before one is made). */
  getStaffCalendarFeed: (context) => (staffMemberId: string) =>
    call<FeedAnswer, 'feed'>(context, 'GET', `${base}/staff-members/${segment(staffMemberId)}/feed`, 'feed'),

  /** `POST /bookings/v2/external-calendars/staff-members/{id}/feed`: makes the feed, or answers the existing one. */
  createStaffCalendarFeed: (context) => (staffMemberId: string) =>
    call<FeedAnswer, 'feed'>(
      context,
      'POST',
      `${base}/staff-members/${segment(staffMemberId)}/feed`,
      'feed',
      {},
    ),

  /** `POST /bookings/v2/external-calendars/staff-members/{id}/feed/rotate`: a new URL; the old one answers 404. */
  rotateStaffCalendarFeed: (context) => (staffMemberId: string) =>
    call<FeedAnswer, 'feed'>(
      context,
      'POST',
      `${base}/staff-members/${segment(staffMemberId)}/feed/rotate`,
      'feed',
      {},
    ),
} satisfies ModuleDefinition;

/** Staff members' external calendars (ICS) and private iCal feeds. */
export const externalCalendars = defineModule(externalCalendarCalls);
