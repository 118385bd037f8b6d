import {
  bookingEventNames,
  bookingErrorCodes,
  type CreateBookingRequest,
} from '@atrium/contract/bookings/lifecycle';
import type { RequestContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { AppError, invalidField } from '../../../platform/errors/app-error.ts';
import { policyViolations, violatesPolicy, type PolicyViolations } from '../availability/index.ts';
import { iso } from '../catalogue-shared.ts';
import type { BookingNotifications } from './booking-notifications.ts';
import { holdsSlot, transition } from './booking-state.ts';
import { isBusinessCaller, parseInstant, violationReason } from './booking-wire.ts';
import type { BookingsCore } from './bookings.service.ts';
import type { OccupancyInput } from './bookings.repository.ts';
import type { BookingRow } from './bookings.tables.ts';
import { isSlotConflict, lifecycleErrors } from './lifecycle.errors.ts';
import { recordBusy, removeBusy, type BusyEntry, type ServiceFacts } from './slot-check.ts';
import type { BookingMailStaff } from './notifications.ts';

export interface Hold {
  start: Date;
  end: Date;
  staffMemberId: string | null;
  resourceIds: string[];
  sessionKey: string | null;
  waitlisted: boolean;
  overbooked: boolean;
  /** The slot check saw payment holds that expired in the way (see payment-holds.ts). */
  staleHolds?: boolean;
  /** The staff member when the slot check already read them (undefined: read when mailing). */
  staff?: BookingMailStaff | null;
}

type SpotKey = { siteId: string; scheduleId: string; sessionKey: string };

/**
 * What a booking holds: its appointment time (occupancy, busy ledger), its class or course spots, its
 * waitlist place, and the waitlist's promotion when spots free up.
 */
export function createBookingHolds(
  core: BookingsCore,
  parts: {
    afterChange: BookingNotifications['afterChange'];
    /** Declines the session's expired payment holds (payment-holds.ts); returns how many. */
    reclaimSession: (ctx: RequestContext, key: SpotKey, tx: Tx) => Promise<number>;
  },
) {
  const { repository, slots } = core;
  const { afterChange } = parts;

  function checkPolicy(
    ctx: RequestContext,
    facts: ServiceFacts,
    violations: PolicyViolations,
    skip: boolean,
  ) {
    if (skip) return;
    // Online booking switched off binds customers only: the business still books by hand.
    const relevant = isBusinessCaller(ctx) ? { ...violations, bookOnlineDisabled: false } : violations;
    if (violatesPolicy(relevant))
      throw lifecycleErrors.policyViolation(facts.row.id, violationReason(relevant));
  }

  async function insertOccupancySafely(
    ctx: RequestContext,
    bookingId: string,
    rows: OccupancyInput[],
    allowDoubleBooking: boolean,
    tx: Tx,
    onConflict: () => AppError,
  ): Promise<boolean> {
    try {
      // A savepoint only when a business caller who skips availability may fall back to a double
      // booking; otherwise the conflict ends the transaction anyway (a savepoint costs two round trips).
      if (allowDoubleBooking) {
        await tx.transaction((savepoint) =>
          repository.insertOccupancy(ctx.site.id, bookingId, rows, savepoint, ctx.now()),
        );
      } else {
        await repository.insertOccupancy(ctx.site.id, bookingId, rows, tx, ctx.now());
      }
      return false;
    } catch (error) {
      if (!isSlotConflict(error)) throw error;
      if (!allowDoubleBooking) throw onConflict();
      await repository.insertOccupancy(
        ctx.site.id,
        bookingId,
        rows.map((row) => ({ ...row, doubleBooked: true })),
        tx,
      );
      return true;
    }
  }

  /**
   * What an appointment keeps its staff member and resources for: the session with the service's buffers
   * around it, as availability shows it. Occupancy (the EXCLUDE constraint) and the busy ledger use it alike.
   */
  function heldSpan(facts: ServiceFacts | undefined, start: Date, end: Date) {
    return {
      start: new Date(start.getTime() - (facts?.row.bufferBeforeMinutes ?? 0) * 60_000),
      end: new Date(end.getTime() + (facts?.row.bufferAfterMinutes ?? 0) * 60_000),
    };
  }

  function occupancyOf(
    facts: ServiceFacts | undefined,
    hold: Pick<Hold, 'start' | 'end' | 'staffMemberId' | 'resourceIds'>,
    holdExpiresAt?: Date | null,
  ) {
    const { start, end } = heldSpan(facts, hold.start, hold.end);
    const rows: OccupancyInput[] = [];
    const base = { start, end, doubleBooked: false, ...(holdExpiresAt ? { holdExpiresAt } : {}) };
    if (hold.staffMemberId) rows.push({ ...base, holderId: hold.staffMemberId, holderKind: 'STAFF' });
    for (const resourceId of hold.resourceIds)
      rows.push({ ...base, holderId: resourceId, holderKind: 'RESOURCE' });
    return rows;
  }

  type BusyFields = Pick<
    BookingRow,
    | 'id'
    | 'status'
    | 'serviceType'
    | 'totalParticipants'
    | 'staffMemberId'
    | 'resourceIds'
    | 'startDate'
    | 'endDate'
    | 'sessionKey'
    | 'scheduleId'
    | 'holdExpiresAt'
  >;

  /** What a booking puts in the availability engine's busy ledger (nothing unless it holds its slot). */
  function busyEntriesOf(ctx: RequestContext, row: BusyFields, facts: ServiceFacts | undefined): BusyEntry[] {
    if (!holdsSlot(row.status)) return [];
    const base = {
      siteId: ctx.site.id,
      bookingId: row.id,
      participants: row.totalParticipants,
      expiresAt: row.holdExpiresAt,
    };
    if (row.serviceType === 'APPOINTMENT') {
      const { start, end } = heldSpan(facts, row.startDate, row.endDate);
      return [
        ...(row.staffMemberId ? [{ ...base, staffMemberId: row.staffMemberId, start, end }] : []),
        ...row.resourceIds.map((resourceId) => ({ ...base, resourceId, start, end })),
      ];
    }
    return [
      {
        ...base,
        sessionId: row.serviceType === 'CLASS' ? row.sessionKey : null,
        scheduleId: row.serviceType === 'COURSE' ? row.scheduleId : null,
        start: row.startDate,
        end: row.endDate,
      },
    ];
  }

  async function writeBusy(ctx: RequestContext, row: BookingRow, facts: ServiceFacts | undefined, tx: Tx) {
    const entries = busyEntriesOf(ctx, row, facts);
    if (entries.length > 0) await recordBusy(tx, entries);
  }

  async function waitlistCapacityOf(facts: ServiceFacts): Promise<number> {
    const waitlist = facts.policy.waitlistPolicy;
    return waitlist.enabled ? (waitlist.capacity ?? 0) : 0;
  }

  /** Takes spots of a class session or course under the session row's lock, or puts the booking on the waitlist. */
  async function takeSpots(
    ctx: RequestContext,
    facts: ServiceFacts,
    key: { sessionKey: string; capacity: number; start: Date },
    participants: number,
    overbookAllowed: boolean,
    tx: Tx,
  ): Promise<{ waitlisted: boolean; overbooked: boolean }> {
    const spotKey = { siteId: ctx.site.id, scheduleId: facts.row.scheduleId, sessionKey: key.sessionKey };
    const waitlistCapacity = await waitlistCapacityOf(facts);
    let spots = await repository.lockSpots(spotKey, { capacity: key.capacity, waitlistCapacity }, tx);
    if (spots.booked + participants > spots.capacity && (await parts.reclaimSession(ctx, spotKey, tx)) > 0)
      spots = (await repository.lockExistingSpots(spotKey, tx))!;
    if (spots.booked + participants <= spots.capacity) {
      await repository.adjustSpots(spotKey, { booked: participants, waitlisted: 0 }, tx);
      return { waitlisted: false, overbooked: false };
    }
    if (overbookAllowed) {
      await repository.adjustSpots(spotKey, { booked: participants, waitlisted: 0 }, tx);
      return { waitlisted: false, overbooked: true };
    }
    if (waitlistCapacity > 0 && spots.waitlisted + participants <= waitlistCapacity) {
      await repository.adjustSpots(spotKey, { booked: 0, waitlisted: participants }, tx);
      return { waitlisted: true, overbooked: false };
    }
    if (waitlistCapacity > 0) {
      throw new AppError(
        409,
        bookingErrorCodes.waitlistFull,
        `The session of service ${facts.row.id} and its waitlist are full`,
        {
          data: { serviceId: facts.row.id, startDate: iso(key.start) },
        },
      );
    }
    throw lifecycleErrors.sessionFull(facts.row.id, iso(key.start));
  }

  /** Gives back what a booking holds (staff time, resources, spots) and promotes the waitlist. */
  async function releaseHold(ctx: RequestContext, row: BookingRow, tx: Tx): Promise<BookingRow[]> {
    await repository.deleteOccupancy(ctx.site.id, row.id, tx);
    await removeBusy(tx, ctx.site.id, row.id);
    if (!row.sessionKey) return [];
    const spotKey = { siteId: ctx.site.id, scheduleId: row.scheduleId, sessionKey: row.sessionKey };
    const spots = await repository.lockExistingSpots(spotKey, tx);
    if (!spots) return [];
    const waiting = row.status === 'WAITING_LIST';
    await repository.adjustSpots(
      spotKey,
      { booked: waiting ? 0 : -row.totalParticipants, waitlisted: waiting ? -row.totalParticipants : 0 },
      tx,
    );
    return waiting ? [] : promoteWaitlist(ctx, spotKey, tx);
  }

  /**
   * Moves waiting bookings into freed spots, strictly first in first served: when the first in line
   * does not fit, nobody behind it jumps ahead.
   */
  async function promoteWaitlist(
    ctx: RequestContext,
    spotKey: { siteId: string; scheduleId: string; sessionKey: string },
    tx: Tx,
  ): Promise<BookingRow[]> {
    const spots = await repository.lockExistingSpots(spotKey, tx);
    if (!spots || spots.waitlisted === 0) return [];
    let free = spots.capacity - spots.booked;
    const promoted: BookingRow[] = [];
    for (const waiting of await repository.waitlistOf(spotKey, tx)) {
      if (waiting.totalParticipants > free) break;
      const result = transition(waiting.status, 'promote');
      if (!result.ok) continue;
      const updated = await repository.update(ctx.site.id, waiting.id, { status: result.to }, tx);
      await repository.adjustSpots(
        spotKey,
        { booked: waiting.totalParticipants, waitlisted: -waiting.totalParticipants },
        tx,
      );
      await writeBusy(ctx, updated, undefined, tx);
      free -= waiting.totalParticipants;
      promoted.push(updated);
      await afterChange(ctx, tx, {
        event: bookingEventNames.confirmed,
        row: updated,
        mail: 'confirmation',
        notifyCustomer: true,
      });
    }
    return promoted;
  }

  /** Finds and holds an appointment slot; the client's end date and staff choice are re-derived here. */
  async function holdAppointment(
    ctx: RequestContext,
    facts: ServiceFacts,
    slot: NonNullable<CreateBookingRequest['booking']['bookedEntity']['slot']>,
    options: { skipAvailability: boolean; skipPolicy: boolean; excludeBookingId?: string },
    tx: Tx,
  ): Promise<Omit<Hold, 'waitlisted'>> {
    const start = parseInstant(slot.startDate, 'booking.bookedEntity.slot.startDate');
    const now = ctx.now().getTime();
    if (start <= now && !options.skipAvailability) throw lifecycleErrors.inThePast(slot.startDate);
    const wanted = slot.resource?.id ?? null;
    const check = await slots.checkAppointment(
      {
        siteId: ctx.site.id,
        timeZone: ctx.site.timezone,
        facts,
        start,
        now,
        staffMemberId: wanted,
        excludeBookingId: options.excludeBookingId,
      },
      tx,
    );
    if (!check) {
      if (!options.skipAvailability)
        throw lifecycleErrors.slotUnavailable(facts.row.id, new Date(start).toISOString());
      const staffMemberId = wanted ?? facts.row.staffMemberIds[0] ?? null;
      return {
        start: new Date(start),
        end: new Date(start + facts.row.durationMinutes * 60_000),
        staffMemberId,
        resourceIds: [],
        sessionKey: null,
        overbooked: false,
      };
    }
    checkPolicy(ctx, facts, check.violations, options.skipPolicy);
    const staffMemberId = wanted ?? check.staffMemberIds[0] ?? null;
    const member = check.staff.find((candidate) => candidate.id === staffMemberId);
    return {
      start: new Date(check.start),
      end: new Date(check.end),
      staffMemberId,
      resourceIds: check.resourceIds,
      sessionKey: null,
      overbooked: false,
      staleHolds: check.staleHolds,
      staff: member ? { name: member.name, email: member.email } : undefined,
    };
  }

  async function findSession(
    ctx: RequestContext,
    facts: ServiceFacts,
    slot: { startDate: string; sessionId?: string | null; eventId?: string | null },
    options: { skipAvailability: boolean; skipPolicy: boolean },
    tx: Tx,
  ) {
    const start = parseInstant(slot.startDate, 'booking.bookedEntity.slot.startDate');
    const now = ctx.now().getTime();
    if (start <= now && !options.skipAvailability) throw lifecycleErrors.inThePast(slot.startDate);
    const session = await slots.findClassSession(
      {
        siteId: ctx.site.id,
        timeZone: ctx.site.timezone,
        facts,
        start,
        sessionId: slot.sessionId ?? slot.eventId,
      },
      tx,
    );
    if (!session) throw lifecycleErrors.slotUnavailable(facts.row.id, new Date(start).toISOString());
    checkPolicy(ctx, facts, policyViolations(session.start, now, facts.input.policy), options.skipPolicy);
    return session;
  }

  async function holdFor(
    ctx: RequestContext,
    facts: ServiceFacts,
    request: CreateBookingRequest,
    participants: number,
    tx: Tx,
  ): Promise<Hold> {
    const business = isBusinessCaller(ctx);
    const flow = request.flowControlSettings;
    const skipAvailability = business && flow?.skipAvailabilityValidation === true;
    const skipPolicy =
      business && (flow?.skipAvailabilityValidation === true || flow?.ignoreBookingWindow === true);
    const { slot, schedule } = request.booking.bookedEntity;
    if (facts.type === 'APPOINTMENT') {
      if (!slot)
        throw invalidField('booking.bookedEntity.slot', 'an appointment is booked by slot', 'REQUIRED_FIELD');
      const hold = await holdAppointment(ctx, facts, slot, { skipAvailability, skipPolicy }, tx);
      return { ...hold, waitlisted: false };
    }
    if (facts.type === 'CLASS') {
      if (!slot)
        throw invalidField(
          'booking.bookedEntity.slot',
          'a class session is booked by slot',
          'REQUIRED_FIELD',
        );
      const session = await findSession(ctx, facts, slot, { skipAvailability, skipPolicy }, tx);
      const taken = await takeSpots(
        ctx,
        facts,
        { sessionKey: session.id, capacity: session.capacity, start: new Date(session.start) },
        participants,
        skipAvailability,
        tx,
      );
      return {
        start: new Date(session.start),
        end: new Date(session.end),
        staffMemberId: session.staffMemberId,
        resourceIds: [],
        sessionKey: session.id,
        ...taken,
      };
    }
    if (!schedule && !slot) {
      throw invalidField('booking.bookedEntity.schedule', 'a course is booked by schedule', 'REQUIRED_FIELD');
    }
    const course = await slots.courseSpanOf(
      { siteId: ctx.site.id, timeZone: ctx.site.timezone, facts, now: ctx.now().getTime() },
      tx,
    );
    if (course.firstSessionStart === null || course.lastSessionEnd === null) {
      throw lifecycleErrors.serviceNotBookable(facts.row.id, 'the course has no sessions');
    }
    checkPolicy(ctx, facts, course.violations, skipPolicy);
    const start = new Date(course.firstSessionStart);
    const taken = await takeSpots(
      ctx,
      facts,
      { sessionKey: 'COURSE', capacity: facts.input.capacity, start },
      participants,
      skipAvailability,
      tx,
    );
    return {
      start,
      end: new Date(course.lastSessionEnd),
      staffMemberId: null,
      resourceIds: [],
      sessionKey: 'COURSE',
      ...taken,
    };
  }

  /**
   * Moves a class booking's spots to another session (or changes their number), locking both session
   * rows in key order so two bookings swapping sessions cannot deadlock.
   */
  async function moveSpots(
    ctx: RequestContext,
    facts: ServiceFacts,
    row: BookingRow,
    target: { sessionKey: string; capacity: number; start: Date },
    participants: number,
    overbookAllowed: boolean,
    tx: Tx,
  ): Promise<void> {
    const from = row.sessionKey!;
    const keyOf = (sessionKey: string) => ({ siteId: ctx.site.id, scheduleId: row.scheduleId, sessionKey });
    const waitlistCapacity = await waitlistCapacityOf(facts);
    const order = [from, target.sessionKey].sort();
    for (const sessionKey of new Set(order)) {
      if (sessionKey === target.sessionKey) {
        await repository.lockSpots(keyOf(sessionKey), { capacity: target.capacity, waitlistCapacity }, tx);
      } else {
        await repository.lockExistingSpots(keyOf(sessionKey), tx);
      }
    }
    await repository.adjustSpots(keyOf(from), { booked: -row.totalParticipants, waitlisted: 0 }, tx);
    const spots = await repository.lockExistingSpots(keyOf(target.sessionKey), tx);
    if (spots && spots.booked + participants > spots.capacity && !overbookAllowed) {
      throw lifecycleErrors.sessionFull(facts.row.id, iso(target.start));
    }
    await repository.adjustSpots(keyOf(target.sessionKey), { booked: participants, waitlisted: 0 }, tx);
    if (from !== target.sessionKey || participants < row.totalParticipants)
      await promoteWaitlist(ctx, keyOf(from), tx);
  }

  return {
    insertOccupancySafely,
    occupancyOf,
    busyEntriesOf,
    writeBusy,
    releaseHold,
    promoteWaitlist,
    holdAppointment,
    findSession,
    holdFor,
    moveSpots,
  };
}

export type BookingHolds = ReturnType<typeof createBookingHolds>;
