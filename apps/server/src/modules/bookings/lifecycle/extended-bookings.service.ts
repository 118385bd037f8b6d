import type { z } from 'zod';
import {
  bookingEventNames,
  type AttendanceStatus,
  type extendedBookingsQueryRequestSchema,
  type bookingFormInputSchema,
} from '@atrium/contract/bookings/lifecycle';
import type { RequestContext } from '../../../platform/context.ts';
import type { Database, Tx } from '../../../platform/db/database.ts';
import { AppError, invalidField } from '../../../platform/errors/app-error.ts';
import { money } from '../../../platform/money/money.ts';
import { toBookingsMoney } from '../../../platform/money/wire.ts';
import { compileFilter } from '../../../platform/query/compile-filter.ts';
import { parseFilter } from '../../../platform/query/parse-filter.ts';
import { orderBy, parseSort } from '../../../platform/query/sort-keys.ts';
import { bulkResults } from '../../../platform/bulk/bulk-results.ts';
import { canTransition, withinCustomerWindow, type PolicyWindow } from './booking-state.ts';
import type { BookingsRepository } from './bookings.repository.ts';
import { isBusinessCaller, toWireBooking, type BookingsService } from './bookings.service.ts';
import type { AttendanceRow, BookingFeeRow, BookingRow } from './bookings.tables.ts';
import {
  attendanceQueryEntity,
  bookingQueryEntity,
  type BookingCreator,
  type ExtendedBookingsRepository,
} from './extended-bookings.repository.ts';
import { lifecycleErrors } from './lifecycle.errors.ts';
import type { SlotChecker } from './slot-check.ts';
import type { SqlFragment } from '../../../platform/db/database.ts';
import { defaultFormFields, defaultFormId } from './booking-form.ts';
import { createZoneTimeline, isoToWall, wallDayMs, wallToIso } from '../availability/zone-timeline.ts';

type QueryRequest = z.infer<typeof extendedBookingsQueryRequestSchema>;

export function toWireAttendance(row: AttendanceRow) {
  return {
    id: row.id,
    bookingId: row.bookingId,
    sessionId: row.sessionKey,
    status: row.status as AttendanceStatus,
    numberOfAttendees: row.numberOfAttendees,
    revision: String(row.revision),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

function toWireFee(row: BookingFeeRow) {
  return {
    id: row.id,
    bookingId: row.bookingId,
    status: row.status as 'NOT_YET_APPLIED_TO_ORDER',
    trigger: row.trigger as 'BOOKING_CANCELED' | 'NOT_ATTENDED',
    amount: toBookingsMoney(money(row.amount, row.currency)),
    cancellationFee: {
      price: toBookingsMoney(money(row.amount, row.currency)),
      status: row.status as 'NOT_YET_APPLIED_TO_ORDER',
      trigger: row.trigger as 'BOOKING_CANCELED' | 'NOT_ATTENDED',
    },
    createdDate: row.createdDate.toISOString(),
  };
}

/** Every date from `from` to `to` inclusive (`YYYY-MM-DD`). */
function localDaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = isoToWall(from)!; day <= isoToWall(to)!; day += wallDayMs)
    days.push(wallToIso(day).slice(0, 10));
  return days;
}

/** The instants at which each day starts in `timeZone`, and the one after the last day ends. */
function dayBoundaries(days: readonly string[], timeZone: string): Date[] {
  const walls = [...days.map((day) => isoToWall(day)!), isoToWall(days[days.length - 1]!)! + wallDayMs];
  const timeline = createZoneTimeline(timeZone, walls[0]! - wallDayMs, walls[walls.length - 1]! + wallDayMs);
  return walls.map((wall) => new Date(timeline.fromWallCompatible(wall)));
}

export function createExtendedBookingsService(deps: {
  database: Database;
  repository: BookingsRepository;
  extendedRepository: ExtendedBookingsRepository;
  bookings: BookingsService;
  slots: SlotChecker;
}) {
  const { database, repository, extendedRepository, slots } = deps;

  /** Customers see their own bookings only; the business sees the site's. */
  function ownerScope(ctx: RequestContext): BookingCreator | undefined {
    if (isBusinessCaller(ctx)) return undefined;
    return { type: ctx.caller.identityType, id: ctx.caller.identityId ?? '' };
  }

  function whereOf(
    ctx: RequestContext,
    filter: unknown,
    path: string[],
    sessionId?: string | null,
  ): SqlFragment | undefined {
    const compiled = compileFilter(parseFilter(bookingQueryEntity, filter ?? undefined, path));
    return extendedRepository.queryWhere(compiled, ownerScope(ctx), sessionId);
  }

  /** Fees as they stand: recorded ones, else what cancelling now would cost (PREVIEW). */
  async function feesFor(ctx: RequestContext, rows: readonly BookingRow[]) {
    const recorded = await repository.feesOf(
      ctx.site.id,
      rows.map((row) => row.id),
    );
    const now = ctx.now().getTime();
    const result = new Map<string, ReturnType<typeof toWireFee> | ReturnType<typeof previewFee>>();
    for (const fee of recorded) result.set(fee.bookingId, toWireFee(fee));
    for (const row of rows) {
      if (result.has(row.id) || row.status === 'CANCELED' || row.status === 'DECLINED') continue;
      const facts = await slots.loadService(ctx.site.id, row.serviceId, database.db);
      const fee = facts ? deps.bookings.feeFor(facts, row, now) : undefined;
      if (fee) result.set(row.id, previewFee(row.id, fee));
    }
    return result;
  }

  function previewFee(bookingId: string, fee: { amount: string; currency: string }) {
    return {
      id: null,
      bookingId,
      status: 'PREVIEW' as const,
      trigger: 'BOOKING_CANCELED' as const,
      amount: { value: fee.amount, currency: fee.currency },
      cancellationFee: {
        price: { value: fee.amount, currency: fee.currency },
        status: 'PREVIEW' as const,
        trigger: 'BOOKING_CANCELED' as const,
      },
      createdDate: null,
    };
  }

  /**
   * What the caller may do with each booking now, as the calls themselves decide it: the state
   * machine; for customers also the policy's cancel and reschedule windows, and never confirm or
   * decline; a course enrolment is never rescheduled.
   */
  async function allowedActionsOf(ctx: RequestContext, rows: readonly BookingRow[]) {
    const business = isBusinessCaller(ctx);
    const now = ctx.now().getTime();
    const windows = new Map<string, { cancel: PolicyWindow; reschedule: PolicyWindow } | null>();
    if (!business) {
      for (const serviceId of new Set(rows.map((row) => row.serviceId))) {
        const facts = await slots.loadService(ctx.site.id, serviceId, database.db);
        if (!facts) {
          windows.set(serviceId, null);
          continue;
        }
        const { cancellationPolicy: cancel, reschedulePolicy: reschedule } = facts.policy;
        windows.set(serviceId, {
          cancel: {
            enabled: cancel.enabled ?? true,
            latestMinutes: cancel.limitLatestCancellation ? (cancel.latestCancellationInMinutes ?? 0) : null,
          },
          reschedule: {
            enabled: reschedule.enabled ?? true,
            latestMinutes: reschedule.limitLatestReschedule
              ? (reschedule.latestRescheduleInMinutes ?? 0)
              : null,
          },
        });
      }
    }
    const result = new Map<
      string,
      { cancel: boolean; reschedule: boolean; confirm: boolean; decline: boolean }
    >();
    for (const row of rows) {
      const start = row.startDate.getTime();
      const window = windows.get(row.serviceId);
      const inWindow = (kind: 'cancel' | 'reschedule') =>
        business || (window ? withinCustomerWindow(window[kind], start, now) : true);
      result.set(row.id, {
        cancel: canTransition(row.status, 'cancel') && inWindow('cancel'),
        reschedule:
          row.serviceType !== 'COURSE' && canTransition(row.status, 'reschedule') && inWindow('reschedule'),
        confirm: business && canTransition(row.status, 'confirm'),
        decline: business && canTransition(row.status, 'decline'),
      });
    }
    return result;
  }

  async function setAttendanceInTransaction(
    ctx: RequestContext,
    input: { bookingId: string; status: AttendanceStatus; numberOfAttendees?: number | null },
    tx: Tx,
  ) {
    const row = await repository.lockById(ctx.site.id, input.bookingId, tx);
    if (!row) throw lifecycleErrors.bookingNotFound(input.bookingId);
    if (row.status !== 'CONFIRMED') {
      throw new AppError(
        409,
        `BOOKING_CANNOT_SET_ATTENDANCE_${row.status}`,
        `Booking ${row.id} is ${row.status}: only confirmed bookings have attendance`,
      );
    }
    const attendees = input.numberOfAttendees ?? (input.status === 'ATTENDED' ? row.totalParticipants : 0);
    if (attendees > row.totalParticipants) {
      throw invalidField(
        'attendance.numberOfAttendees',
        `at most the booking's ${row.totalParticipants} participants`,
        'MAX',
      );
    }
    const attendance = await repository.upsertAttendance(
      {
        siteId: ctx.site.id,
        bookingId: row.id,
        sessionKey: row.sessionKey,
        status: input.status,
        numberOfAttendees: attendees,
      },
      tx,
    );
    if (input.status === 'NOT_ATTENDED') {
      const facts = await slots.loadService(ctx.site.id, row.serviceId, tx);
      if (facts) await deps.bookings.recordFee(ctx, facts, row, 'NOT_ATTENDED', ctx.now().getTime(), tx);
    }
    await deps.bookings.afterChange(ctx, tx, {
      event: bookingEventNames.attendanceUpdated,
      row,
      notifyCustomer: false,
      details: { attendanceStatus: input.status, numberOfAttendees: attendees },
    });
    return toWireAttendance(attendance);
  }

  return {
    /** Each booking's fee as it stands (recorded, else the PREVIEW of cancelling now), rows already read. */
    feesFor,
    /** What the caller may do with each booking now (guest self-service asks it as the guest). */
    allowedActions: allowedActionsOf,

    async query(ctx: RequestContext, request: QueryRequest) {
      const query = request.query ?? {};
      const where = whereOf(ctx, query.filter, ['query', 'filter'], request.sessionId);
      const sort = parseSort(bookingQueryEntity, query.sort ?? [{ fieldName: 'startDate', order: 'ASC' }]);
      const limit = query.paging?.limit ?? 50;
      const offset = query.paging?.offset ?? 0;
      const [rows, total] = await Promise.all([
        repository.page(ctx.site.id, where, orderBy(sort.keys), limit, offset),
        repository.count(ctx.site.id, where),
      ]);
      const ids = rows.map((row) => row.id);
      const attendance = request.withBookingAttendanceInfo
        ? await repository.attendanceOf(ctx.site.id, ids)
        : [];
      const fees = request.withBookingFeeDetails ? await feesFor(ctx, rows) : new Map();
      const policies = new Map<string, boolean>();
      if (request.withBookingPolicySettings) {
        for (const serviceId of new Set(rows.map((row) => row.serviceId))) {
          const facts = await slots.loadService(ctx.site.id, serviceId, database.db);
          policies.set(serviceId, facts?.policy.cancellationFeePolicy.enabled ?? false);
        }
      }
      const allowed = request.withBookingAllowedActions ? await allowedActionsOf(ctx, rows) : new Map();
      const extendedBookings = rows.map((row) => {
        const att = attendance.find((entry) => entry.bookingId === row.id);
        return {
          booking: toWireBooking(row),
          ...(request.withBookingAllowedActions ? { allowedActions: allowed.get(row.id) } : {}),
          ...(request.withBookingAttendanceInfo
            ? {
                attendance: att ? toWireAttendance(att) : null,
                attendanceInfo: {
                  attendanceStatus: (att?.status ?? 'NOT_SET') as AttendanceStatus,
                  numberOfAttendees: att?.numberOfAttendees ?? 0,
                },
              }
            : {}),
          // Commerce does not exist yet: orders, invoices and transactions attach once it does.
          ...(request.withEcomOrder ? { order: null } : {}),
          ...(request.withEcomInvoices ? { invoices: { invoices: [] } } : {}),
          ...(request.withEcomTransactions ? { transactions: { payments: [], refunds: [] } } : {}),
          ...(request.withFormSubmission ? { formSubmission: row.formSubmission ?? {} } : {}),
          ...(request.withBookingConferencingDetails ? { conferencingDetails: null } : {}),
          ...(request.withBookingPolicySettings
            ? { bookingPolicySettings: { cancellationFeeEnabled: policies.get(row.serviceId) ?? false } }
            : {}),
          ...(request.withBookingFeeDetails
            ? { bookingFeeDetails: { cancellationFee: fees.get(row.id) ?? null } }
            : {}),
        };
      });
      return {
        extendedBookings,
        pagingMetadata: { count: rows.length, offset, total, tooManyToCount: false },
      };
    },

    async count(ctx: RequestContext, filter: unknown) {
      return { count: await repository.count(ctx.site.id, whereOf(ctx, filter, ['filter'])) };
    },

    /** Bookings per local day of `timeZone`, `from` to `to` inclusive (dates), every day listed. */
    async countByDay(
      ctx: RequestContext,
      request: { filter?: unknown; from: string; to: string; timeZone: string },
    ) {
      const days = localDaysBetween(request.from, request.to);
      const boundaries = dayBoundaries(days, request.timeZone);
      const counts = await repository.countBetween(
        ctx.site.id,
        whereOf(ctx, request.filter, ['filter']),
        boundaries,
      );
      return { days: days.map((date, index) => ({ date, count: counts.get(index) ?? 0 })) };
    },

    async setAttendance(
      ctx: RequestContext,
      input: { bookingId: string; status: AttendanceStatus; numberOfAttendees?: number | null },
    ) {
      return deps.bookings.inTransaction(
        (tx) => setAttendanceInTransaction(ctx, input, tx),
        () => new AppError(409, 'CONFLICT', 'The booking changed at the same moment'),
      );
    },

    async bulkSetAttendance(
      ctx: RequestContext,
      list: ReadonlyArray<{ bookingId: string; status: AttendanceStatus; numberOfAttendees?: number | null }>,
    ) {
      return bulkResults(
        list,
        (input) => this.setAttendance(ctx, input),
        (_input, item) => item?.id ?? null,
      );
    },

    async getAttendance(ctx: RequestContext, id: string) {
      const row = await repository.findAttendance(ctx.site.id, id);
      if (!row)
        throw new AppError(404, 'ATTENDANCE_NOT_FOUND', `Attendance ${id} not found`, { data: { id } });
      return toWireAttendance(row);
    },

    async queryAttendance(
      ctx: RequestContext,
      query: { filter?: unknown; paging?: { limit?: number; offset?: number } | null },
    ) {
      const where = compileFilter(parseFilter(attendanceQueryEntity, query.filter ?? undefined));
      const limit = query.paging?.limit ?? 50;
      const offset = query.paging?.offset ?? 0;
      const rows = await repository.pageAttendance(ctx.site.id, where, limit, offset);
      return { attendances: rows.map(toWireAttendance), pagingMetadata: { count: rows.length, offset } };
    },

    async listFees(ctx: RequestContext, bookingIds: readonly string[]) {
      const rows = await extendedRepository.findByIds(ctx.site.id, bookingIds, ownerScope(ctx));
      const fees = await feesFor(ctx, rows);
      return { bookingFees: [...fees.values()] };
    },

    async createForm(ctx: RequestContext, input: z.infer<typeof bookingFormInputSchema>) {
      const names = new Set<string>();
      for (const [index, field] of input.fields.entries()) {
        if (names.has(field.name))
          invalidFieldThrow(`form.fields[${index}].name`, `duplicate field ${field.name}`);
        names.add(field.name);
      }
      const row = await repository.insertForm({
        siteId: ctx.site.id,
        name: input.name,
        fields: input.fields,
      });
      return {
        id: row.id,
        name: row.name,
        fields: row.fields as never,
        createdDate: row.createdDate.toISOString(),
      };
    },

    async getForm(ctx: RequestContext, id: string) {
      const row = await repository.findForm(ctx.site.id, id);
      // Services without a form of their own name the default one: it is there to read like any other.
      if (!row && id === defaultFormId) {
        return {
          id,
          name: 'Booking form',
          fields: defaultFormFields.map((field) => ({ ...field })) as never,
          createdDate: new Date(0).toISOString(),
        };
      }
      if (!row) throw new AppError(404, 'FORM_NOT_FOUND', `Booking form ${id} not found`, { data: { id } });
      return {
        id: row.id,
        name: row.name,
        fields: row.fields as never,
        createdDate: row.createdDate.toISOString(),
      };
    },
  };
}

function invalidFieldThrow(field: string, description: string): never {
  throw invalidField(field, description);
}

export type ExtendedBookingsService = ReturnType<typeof createExtendedBookingsService>;
