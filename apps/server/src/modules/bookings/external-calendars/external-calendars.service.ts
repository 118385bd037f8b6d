import { randomBytes } from 'node:crypto';
import ical, { ICalEventStatus } from 'ical-generator';
import type {
  ConnectExternalCalendarRequest,
  ExternalCalendar,
} from '@atrium/contract/bookings/external-calendars';
import type { Site } from '@atrium/contract/sites';
import type { RequestContext } from '../../../platform/context.ts';
import type { Database, Tx } from '../../../platform/db/database.ts';
import { badRequest, forbidden, notFound } from '../../../platform/errors/app-error.ts';
import type { EventBus } from '../../../platform/bus/types.ts';
import type { AvailabilityRepository } from '../availability/index.ts';
import type { DashboardUsers } from '../dashboard-users.ts';
import type { SlotHoldingBookingsOf } from '../lifecycle/index.ts';
import type { StaffRepository } from '../staff.repository.ts';
import type { ExternalCalendarsRepository } from './external-calendars.repository.ts';
import type { ExternalCalendarRow, StaffCalendarFeedRow } from './external-calendars.tables.ts';
import type { SecretSealer } from '../../../platform/secrets/sealing.ts';
import { hashToken } from '../../../platform/secrets/token-hash.ts';
import { CalendarSyncError, literalNonPublicHost, type IcsFetcher } from './ics-fetcher.ts';
import { busySpansOffThread } from './ics-off-thread.ts';

/** The ledger's source for imported busy time; `source_id` is the calendar id. */
export const externalCalendarSource = 'EXTERNAL_CALENDAR';
export const syncJobName = 'bookings.external-calendar.sync';

const day = 86_400_000;

export interface ExternalCalendarsOptions {
  /** How far ahead events are imported (default 90 days). */
  horizonDays?: number;
  /** A calendar is re-imported when its last sync is older than this (default 14 minutes: the cron is 15). */
  resyncAfterMs?: number;
  /** A SYNC_IN_PROGRESS older than this was abandoned (a crashed worker) and may be claimed again. */
  staleSyncMs?: number;
}

export function createExternalCalendarsService(deps: {
  database: Database;
  repository: ExternalCalendarsRepository;
  staff: StaffRepository;
  busy: AvailabilityRepository;
  dashboardUsers: DashboardUsers;
  /** The lifecycle's bookings of a staff member that hold their time (the feed's content). */
  slotHoldingBookingsOf: SlotHoldingBookingsOf;
  fetcher: IcsFetcher;
  events: EventBus;
  findSite: (siteId: string) => Promise<Site | undefined>;
  /** Seals feed tokens at rest. */
  sealer: SecretSealer;
  /** When false, URLs naming a loopback or private host are refused at once (the fetcher checks resolved names). */
  allowPrivateAddresses?: boolean;
  options?: ExternalCalendarsOptions;
}) {
  const { database, repository, staff, busy, fetcher, events, findSite, sealer } = deps;

  /** A new feed token as stored: sealed, with the hash the feed URL is looked up by. */
  function storedToken() {
    const token = newToken();
    return { token: sealer.seal(token), tokenHash: hashToken(token) };
  }

  /** The feed with its token readable again (and sealed on the way when an older version kept it in clear). */
  async function readable(feed: StaffCalendarFeedRow): Promise<StaffCalendarFeedRow> {
    if (sealer.isSealed(feed.token)) return { ...feed, token: sealer.open(feed.token) };
    await repository.sealFeedToken(feed.siteId, feed.staffMemberId, feed.token, sealer.seal(feed.token));
    return feed;
  }
  const horizonMs = (deps.options?.horizonDays ?? 90) * day;
  const resyncAfterMs = deps.options?.resyncAfterMs ?? 14 * 60_000;
  const staleSyncMs = deps.options?.staleSyncMs ?? 10 * 60_000;

  /** Owners, admins and apps act on any staff member; a STAFF user only on the staff member with their email. */
  async function mayActOn(ctx: RequestContext, staffEmail: string | null): Promise<boolean> {
    const { caller } = ctx;
    if (caller.identityType === 'APP') return true;
    if (caller.identityType !== 'WIX_USER') return false;
    if (caller.role === 'OWNER' || caller.role === 'ADMIN') return true;
    if (!caller.identityId || !staffEmail) return false;
    const email = await deps.dashboardUsers.emailOf(ctx.site.id, caller.identityId);
    return email !== undefined && email.toLowerCase() === staffEmail.toLowerCase();
  }

  async function staffMemberFor(ctx: RequestContext, staffMemberId: string) {
    const member = await staff.findById(ctx.site.id, staffMemberId);
    if (!member) throw notFound('Staff member', staffMemberId);
    if (!(await mayActOn(ctx, member.email))) {
      throw forbidden('Only the owner or the staff member may manage this staff member’s calendars');
    }
    return member;
  }

  async function calendarFor(ctx: RequestContext, id: string): Promise<ExternalCalendarRow> {
    const row = await repository.findById(ctx.site.id, id);
    if (!row) throw notFound('External calendar', id);
    const member = await staff.findById(ctx.site.id, row.staffMemberId);
    // A calendar whose staff member was deleted is still the owner's to see and disconnect.
    if (!(await mayActOn(ctx, member?.email ?? null))) {
      throw forbidden('Only the owner or the staff member may manage this calendar');
    }
    return row;
  }

  async function scheduleSync(siteId: string, calendarId: string, tx?: Parameters<EventBus['schedule']>[0]) {
    await events.schedule(tx, {
      name: syncJobName,
      siteId,
      data: { calendarId },
      singletonKey: `external-calendar:${calendarId}`,
    });
  }

  /**
   * Imports one calendar: claim it (SYNC_IN_PROGRESS), fetch and parse outside any transaction, then
   * replace its busy time in the ledger and record SYNCED in one transaction, so availability sees either
   * the old import or the new one, never a mix. A failure records ERROR with its reason and keeps the last
   * good busy time (a calendar host being down says nothing about the person's time).
   */
  async function sync(siteId: string, calendarId: string): Promise<ExternalCalendarRow | undefined> {
    const claimed = await repository.claimForSync(siteId, calendarId, staleSyncMs);
    if (!claimed) return repository.findById(siteId, calendarId);
    const startedAt = new Date();
    try {
      const site = await findSite(siteId);
      const text = await fetcher(claimed.url);
      const spans = await busySpansOffThread(text, {
        from: startedAt,
        to: new Date(startedAt.getTime() + horizonMs),
        timeZone: site?.timezone ?? 'UTC',
      });
      return await database.transaction(async (tx) => {
        const current = await repository.lockById(siteId, calendarId, tx);
        // Disconnected while fetching: its busy time is already gone and must stay gone.
        if (!current || current.status === 'DISCONNECTED') return current;
        await busy.deleteBusyBySource(siteId, externalCalendarSource, calendarId, tx);
        await busy.insertBusy(
          spans.map((span) => ({
            siteId,
            staffMemberId: current.staffMemberId,
            startDate: new Date(span.start),
            endDate: new Date(span.end),
            source: externalCalendarSource,
            sourceId: calendarId,
          })),
          tx,
        );
        return repository.update(
          siteId,
          calendarId,
          {
            status: 'SYNCED',
            lastSyncDate: startedAt,
            syncStartedDate: null,
            lastSyncError: null,
            busyIntervalCount: spans.length,
          },
          tx,
        );
      });
    } catch (error) {
      const failure =
        error instanceof CalendarSyncError
          ? { code: error.code, message: error.message }
          : { code: 'FETCH_FAILED' as const, message: 'The calendar could not be imported' };
      return database.transaction(async (tx) => {
        const current = await repository.lockById(siteId, calendarId, tx);
        if (!current || current.status === 'DISCONNECTED') return current;
        // lastSyncDate moves on too, so the periodic sync retries at its pace instead of every run.
        return repository.update(
          siteId,
          calendarId,
          {
            status: 'ERROR',
            lastSyncDate: startedAt,
            syncStartedDate: null,
            lastSyncError: { ...failure, date: startedAt.toISOString() },
          },
          tx,
        );
      });
    }
  }

  /**
   * The calendars of the given staff members (each checked as `staffMemberFor` does), or of everyone the
   * caller may see: a STAFF user without a filter sees the calendars of the staff member they are.
   */
  async function listRows(
    ctx: RequestContext,
    query: { staffMemberIds?: readonly string[]; includeDisconnected: boolean },
  ): Promise<ExternalCalendarRow[]> {
    let staffMemberIds: readonly string[] | undefined = query.staffMemberIds;
    if (staffMemberIds) {
      for (const id of staffMemberIds) await staffMemberFor(ctx, id);
    } else if (ctx.caller.identityType === 'WIX_USER' && ctx.caller.role === 'STAFF') {
      const email = ctx.caller.identityId
        ? await deps.dashboardUsers.emailOf(ctx.site.id, ctx.caller.identityId)
        : undefined;
      staffMemberIds = email ? await staff.idsByEmail(ctx.site.id, email) : [];
    }
    return repository.list(ctx.site.id, { staffMemberIds, includeDisconnected: query.includeDisconnected });
  }

  return {
    async connect(
      ctx: RequestContext,
      input: ConnectExternalCalendarRequest['externalCalendar'],
      account: { email?: string | null } = {},
    ) {
      if (input.provider !== 'I_CAL' || input.connectionType !== 'CREDENTIALS') {
        throw badRequest(
          'PROVIDER_NOT_SUPPORTED',
          'Only iCalendar URLs can be connected (provider I_CAL, connection type CREDENTIALS)',
          { provider: input.provider, connectionType: input.connectionType },
        );
      }
      const localHost = deps.allowPrivateAddresses ? undefined : literalNonPublicHost(input.url);
      if (localHost) {
        throw badRequest(
          'ADDRESS_NOT_ALLOWED',
          `The calendar URL's host ${localHost} is a local or private network address, which calendars may not use`,
          { host: localHost },
        );
      }
      await staffMemberFor(ctx, input.staffMemberId);
      const row = await database.transaction(async (tx) => {
        const created = await repository.insert(
          {
            siteId: ctx.site.id,
            staffMemberId: input.staffMemberId,
            provider: input.provider,
            connectionType: input.connectionType,
            name: input.name ?? null,
            accountEmail: account.email ?? null,
            url: input.url,
            status: 'CONNECTED',
          },
          tx,
        );
        // The first import runs as a job at once: fetching a remote URL does not belong in the request.
        await scheduleSync(ctx.site.id, created.id, tx);
        return created;
      });
      return toWire(row);
    },

    async get(ctx: RequestContext, id: string) {
      return toWire(await calendarFor(ctx, id));
    },

    async list(ctx: RequestContext, query: { staffMemberId?: string; includeDisconnected?: boolean }) {
      const rows = await listRows(ctx, {
        staffMemberIds: query.staffMemberId ? [query.staffMemberId] : undefined,
        includeDisconnected: query.includeDisconnected ?? false,
      });
      return rows.map(toWire);
    },

    /** The stored row behind a calendar, after the same access check as `get` (the client's connections). */
    row: calendarFor,
    listRows,

    /** Imports the calendar now, in the request, and answers its state afterwards. */
    async syncNow(ctx: RequestContext, id: string) {
      const row = await calendarFor(ctx, id);
      if (row.status === 'DISCONNECTED') {
        throw badRequest('CALENDAR_DISCONNECTED', 'A disconnected calendar cannot be synced', { id });
      }
      const after = await sync(ctx.site.id, id);
      return toWire(after ?? row);
    },

    /** Stops importing and removes the calendar's busy time at once; the row stays, DISCONNECTED. */
    async disconnect(ctx: RequestContext, id: string) {
      await calendarFor(ctx, id);
      const row = await database.transaction(async (tx) => {
        const current = await repository.lockById(ctx.site.id, id, tx);
        if (!current) throw notFound('External calendar', id);
        await busy.deleteBusyBySource(ctx.site.id, externalCalendarSource, id, tx);
        if (current.status === 'DISCONNECTED') return current;
        return repository.update(
          ctx.site.id,
          id,
          { status: 'DISCONNECTED', syncStartedDate: null, busyIntervalCount: 0 },
          tx,
        );
      });
      return toWire(row!);
    },

    /**
     * A deleted staff member's calendars stop blocking anything and their feed URL stops working. Runs in
     * the event handler's transaction, so it writes only through `tx`.
     */
    async onStaffMemberDeleted(siteId: string, staffMemberId: string, tx: Tx) {
      const ids = await repository.disconnectAllOf(siteId, staffMemberId, tx);
      for (const id of ids) await busy.deleteBusyBySource(siteId, externalCalendarSource, id, tx);
      await repository.deleteFeed(siteId, staffMemberId, tx);
    },

    /** The job's work. */
    sync,

    /** The periodic sync: enqueues a job per calendar not imported recently (every site). */
    async scheduleDue(): Promise<number> {
      const due = await repository.due(new Date(Date.now() - resyncAfterMs), 1000);
      for (const calendar of due) await scheduleSync(calendar.siteId, calendar.id);
      return due.length;
    },

    // --- the staff member's own feed ----------------------------------------------------------------------

    async getFeed(ctx: RequestContext, staffMemberId: string) {
      await staffMemberFor(ctx, staffMemberId);
      const feed = await repository.findFeed(ctx.site.id, staffMemberId);
      if (!feed) throw notFound('Calendar feed of staff member', staffMemberId);
      return readable(feed);
    },

    /** Creates the feed when missing; an existing feed is returned as it is (idempotent). */
    async createFeed(ctx: RequestContext, staffMemberId: string) {
      await staffMemberFor(ctx, staffMemberId);
      return readable(await repository.saveFeed(ctx.site.id, staffMemberId, storedToken(), false));
    },

    /** A new token: the old URL stops working at once. */
    async rotateFeed(ctx: RequestContext, staffMemberId: string) {
      await staffMemberFor(ctx, staffMemberId);
      return readable(await repository.saveFeed(ctx.site.id, staffMemberId, storedToken(), true));
    },

    /** The VCALENDAR text of a feed token, or undefined when no feed has it (the route answers 404). */
    /** `onlySite`: at a site's own address, another site's feed link is answered as an unknown one. */
    async renderFeed(token: string, onlySite?: string): Promise<string | undefined> {
      if (!/^[A-Za-z0-9_-]{32,128}$/.test(token)) return undefined;
      const feed = await repository.findFeedByTokenHash(hashToken(token));
      if (!feed || (onlySite !== undefined && feed.siteId !== onlySite)) return undefined;
      const [member, site] = await Promise.all([
        staff.findById(feed.siteId, feed.staffMemberId),
        findSite(feed.siteId),
      ]);
      if (!member || !site || site.status === 'DISABLED') return undefined;
      // Bookings of the last 30 days stay visible, so a subscriber sees what just happened too.
      const rows = await deps.slotHoldingBookingsOf(
        feed.siteId,
        feed.staffMemberId,
        new Date(Date.now() - 30 * day),
        5000,
      );
      const calendar = ical({
        name: `${member.name} – ${site.name} bookings`,
        prodId: { company: 'Atrium', product: 'Bookings', language: 'EN' },
        ttl: 15 * 60,
      });
      for (const booking of rows) {
        const contact = booking.contactDetails as { firstName?: string; lastName?: string } | null;
        const who = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ');
        calendar.createEvent({
          // Stable per booking, so a reschedule updates the subscriber's event instead of adding one.
          id: `booking-${booking.id}@atrium`,
          sequence: booking.revision,
          start: booking.startDate,
          end: booking.endDate,
          stamp: booking.updatedDate,
          created: booking.createdDate,
          lastModified: booking.updatedDate,
          summary: [booking.title ?? 'Booking', who].filter(Boolean).join(' – '),
          status: booking.status === 'CONFIRMED' ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
        });
      }
      return calendar.toString();
    },
  };
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Userinfo, query and fragment often hold the calendar's secret; the wire shows only where it points. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    const hidden = url.username || url.password || url.search || url.hash;
    return `${url.protocol}//${url.host}${url.pathname}${hidden ? '…' : ''}`;
  } catch {
    return '…';
  }
}

export function toWire(row: ExternalCalendarRow): ExternalCalendar {
  return {
    id: row.id,
    staffMemberId: row.staffMemberId,
    provider: row.provider as ExternalCalendar['provider'],
    connectionType: row.connectionType as ExternalCalendar['connectionType'],
    name: row.name,
    url: redactUrl(row.url),
    status: row.status as ExternalCalendar['status'],
    disconnectReason: row.disconnectReason as ExternalCalendar['disconnectReason'],
    lastSyncDate: row.lastSyncDate?.toISOString() ?? null,
    lastSyncError: (row.lastSyncError as ExternalCalendar['lastSyncError']) ?? null,
    busyIntervalCount: row.busyIntervalCount,
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

export type ExternalCalendarsService = ReturnType<typeof createExternalCalendarsService>;
