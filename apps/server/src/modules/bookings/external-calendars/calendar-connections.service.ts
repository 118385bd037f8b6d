import {
  icsProviderId,
  icsUrlSchema,
  type CalendarConnection,
  type ConnectionSyncConfig,
} from '@atrium/contract/bookings/external-calendars';
import type { RequestContext } from '../../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors/app-error.ts';
import type { AvailabilityRepository } from '../availability/index.ts';
import type { StaffRepository } from '../staff.repository.ts';
import type { ExternalCalendarRow } from './external-calendars.tables.ts';
import {
  externalCalendarSource,
  redactUrl,
  type ExternalCalendarsService,
} from './external-calendars.service.ts';

// The official external-calendars client's connection model over Atrium's external calendars (README,
// "The client's connections"): one provider, ICS, connected by credentials, the iCal URL being the
// password; a connection is an external calendar row, its schedule the staff member.

const day = 86_400_000;
const defaultEventsLimit = 100;

/** The one provider: an iCalendar URL imported every 15 minutes, nothing written back. */
export const icsProvider = {
  id: icsProviderId,
  name: 'ICS (iCalendar URL)',
  calendarType: 'I_CAL' as const,
  features: {
    connectMethods: ['CREDENTIALS' as const],
    updateSyncConfig: false,
    listEventFromCalendars: 'PRIMARY_CALENDAR_ONLY' as const,
    syncToCalendar: 'NOT_SUPPORTED' as const,
  },
};

/** What an ICS connection does: it lists the events of its one calendar and writes nothing back. */
function syncConfigOf(row: ExternalCalendarRow): ConnectionSyncConfig {
  return {
    listEventFromCalendars: { enabled: row.status !== 'DISCONNECTED', primaryCalendar: {} },
    syncToCalendar: { enabled: false },
  };
}

export function toConnection(row: ExternalCalendarRow, userId: string | null): CalendarConnection {
  return {
    id: row.id,
    providerId: icsProviderId,
    calendarType: 'I_CAL',
    scheduleId: row.staffMemberId,
    userId,
    appId: null,
    externalAccountEmail: row.accountEmail,
    status: row.status as CalendarConnection['status'],
    errorReason: (row.disconnectReason as CalendarConnection['errorReason'] | null) ?? 'UNDEFINED',
    syncConfig: syncConfigOf(row),
  };
}

interface EventsCursor {
  from: string;
  to: string;
  staffMemberIds?: string[];
  offset: number;
}

function encodeCursor(cursor: EventsCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeCursor(value: string): EventsCursor {
  try {
    const cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as EventsCursor;
    if (
      typeof cursor.from === 'string' &&
      typeof cursor.to === 'string' &&
      Number.isInteger(cursor.offset) &&
      cursor.offset >= 0 &&
      (cursor.staffMemberIds === undefined || Array.isArray(cursor.staffMemberIds))
    )
      return cursor;
  } catch {
    // answered below
  }
  throw badRequest('INVALID_CURSOR', 'cursorPaging.cursor is not a cursor this call gave');
}

export function createCalendarConnectionsService(deps: {
  calendars: ExternalCalendarsService;
  staff: StaffRepository;
  busy: AvailabilityRepository;
}) {
  const { calendars, staff, busy } = deps;

  async function connectionOf(ctx: RequestContext, row: ExternalCalendarRow) {
    const member = await staff.findById(ctx.site.id, row.staffMemberId);
    return toConnection(row, member?.userId ?? null);
  }

  function requireIcsProvider(providerId: string) {
    if (providerId !== icsProviderId) throw notFound('External calendar provider', providerId);
  }

  return {
    listProviders: () => [icsProvider],

    /**
     * Connects a staff member's iCal URL: the client's `password` is the URL (the secret a calendar app
     * shares), `email` the account it belongs to, shown as `externalAccountEmail`.
     */
    async connectByCredentials(
      ctx: RequestContext,
      input: { providerId: string; scheduleId: string; email?: string | null; password: string },
    ): Promise<CalendarConnection> {
      requireIcsProvider(input.providerId);
      const url = icsUrlSchema.safeParse(input.password);
      if (!url.success) {
        throw badRequest(
          'BAD_CREDENTIALS',
          'For the ICS provider the password is the calendar’s iCalendar URL (http, https or webcal), and the one given is not one',
          { providerId: input.providerId },
        );
      }
      const created = await calendars.connect(
        ctx,
        { staffMemberId: input.scheduleId, provider: 'I_CAL', connectionType: 'CREDENTIALS', url: url.data },
        { email: input.email },
      );
      return connectionOf(ctx, await calendars.row(ctx, created.id));
    },

    /** No OAuth provider is configured in Atrium: a clear refusal naming what works instead. */
    connectByOAuth(providerId: string): never {
      throw badRequest(
        'NOT_SUPPORTED_BY_PROVIDER',
        `No OAuth calendar provider is configured on this server; connect an iCalendar URL with connectByCredentials and provider ${icsProviderId}`,
        { providerId },
      );
    },

    async get(ctx: RequestContext, id: string) {
      return connectionOf(ctx, await calendars.row(ctx, id));
    },

    /** Every connection of the given schedules (staff members), disconnected ones included. */
    async list(ctx: RequestContext, scheduleIds?: readonly string[]) {
      const rows = await calendars.listRows(ctx, { staffMemberIds: scheduleIds, includeDisconnected: true });
      const members = await staff.findByIds(ctx.site.id, [...new Set(rows.map((row) => row.staffMemberId))]);
      const userOf = new Map(members.map((member) => [member.id, member.userId]));
      return rows.map((row) => toConnection(row, userOf.get(row.staffMemberId) ?? null));
    },

    /** An ICS connection holds one calendar: the file at its URL. */
    async listCalendars(ctx: RequestContext, id: string) {
      const row = await calendars.row(ctx, id);
      if (row.status === 'DISCONNECTED') {
        throw badRequest('CONNECTION_NOT_CONNECTED', `Connection ${id} is disconnected`, {
          connectionId: id,
        });
      }
      return [{ id: row.id, name: row.name ?? row.accountEmail ?? redactUrl(row.url) }];
    },

    /**
     * An ICS connection's configuration is fixed (import its one calendar, write nothing back): the
     * configuration it has is accepted, any other is NOT_SUPPORTED_BY_PROVIDER.
     */
    async updateSyncConfig(ctx: RequestContext, id: string, config: ConnectionSyncConfig) {
      const row = await calendars.row(ctx, id);
      const listing = config.listEventFromCalendars;
      const specific = listing?.calendars?.calendars?.some((calendar) => calendar.id !== row.id) ?? false;
      if (config.syncToCalendar?.enabled === true) {
        throw badRequest(
          'NOT_SUPPORTED_BY_PROVIDER',
          'An iCalendar URL is read-only: bookings cannot be written to it (subscribe to the staff member’s feed instead)',
          { connectionId: id },
        );
      }
      if (listing?.enabled === false || specific) {
        throw badRequest(
          'NOT_SUPPORTED_BY_PROVIDER',
          'An ICS connection always imports its one calendar; disconnect it to stop importing',
          { connectionId: id },
        );
      }
      return connectionOf(ctx, row);
    },

    async disconnect(ctx: RequestContext, id: string) {
      const row = await calendars.row(ctx, id);
      if (row.status === 'DISCONNECTED') {
        throw conflict('CONNECTION_ALREADY_DISCONNECTED', `Connection ${id} is already disconnected`, {
          connectionId: id,
        });
      }
      await calendars.disconnect(ctx, id);
      return connectionOf(ctx, await calendars.row(ctx, id));
    },

    /**
     * The busy time imported from the connected calendars of some staff members (every one the caller may
     * see by default), in [from, to) (default: the next 30 days), by start. ICS imports keep busy spans,
     * not events: no titles, and spans are never all-day (so `allDay: true` lists none).
     */
    async listEvents(
      ctx: RequestContext,
      query: {
        from?: string;
        to?: string;
        scheduleIds?: string[];
        allDay?: boolean;
        limit?: number | null;
        cursor?: string | null;
      },
    ) {
      const limit = query.limit ?? defaultEventsLimit;
      const carried: EventsCursor = query.cursor
        ? decodeCursor(query.cursor)
        : (() => {
            const from = query.from ? new Date(query.from) : ctx.now();
            const to = query.to ? new Date(query.to) : new Date(from.getTime() + 30 * day);
            if (to <= from) throw badRequest('INVALID_RANGE', '`to` must be after `from`');
            return {
              from: from.toISOString(),
              to: to.toISOString(),
              staffMemberIds: query.scheduleIds,
              offset: 0,
            };
          })();
      const rows = await calendars.listRows(ctx, {
        staffMemberIds: carried.staffMemberIds,
        includeDisconnected: false,
      });
      const spans =
        query.allDay === true
          ? []
          : await busy.busyOfSources(
              ctx.site.id,
              externalCalendarSource,
              rows.map((row) => row.id),
              {
                from: new Date(carried.from),
                to: new Date(carried.to),
                limit: limit + 1,
                offset: carried.offset,
              },
            );
      const page = spans.slice(0, limit);
      const calendarOf = new Map(rows.map((row) => [row.id, row]));
      const members = await staff.findByIds(ctx.site.id, [...new Set(rows.map((row) => row.staffMemberId))]);
      const nameOf = new Map(members.map((member) => [member.id, member.name]));
      const hasNext = spans.length > limit;
      return {
        events: page.map((span) => {
          const calendar = calendarOf.get(span.sourceId);
          const staffMemberId = calendar?.staffMemberId ?? span.staffMemberId ?? '';
          return {
            scheduleId: staffMemberId,
            calendarType: 'I_CAL' as const,
            calendarName: calendar?.name ?? calendar?.accountEmail ?? null,
            title: null,
            start: span.startDate.toISOString(),
            end: span.endDate.toISOString(),
            allDay: false,
            scheduleOwnerId: staffMemberId,
            scheduleOwnerName: nameOf.get(staffMemberId) ?? null,
          };
        }),
        pagingMetadata: {
          count: page.length,
          cursors: { next: hasNext ? encodeCursor({ ...carried, offset: carried.offset + limit }) : null },
          hasNext,
        },
        failedProviderIds: [],
      };
    },
  };
}

export type CalendarConnectionsService = ReturnType<typeof createCalendarConnectionsService>;
