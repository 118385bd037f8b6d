import type { FastifyBaseLogger } from 'fastify';
import {
  bookingEventNames,
  type CreateBookingRequest,
  type PaymentStatus,
} from '@atrium/contract/bookings/lifecycle';
import type { Site } from '@atrium/contract/sites';
import type { RequestContext } from '../../../platform/context.ts';
import type { Database, Tx } from '../../../platform/db/database.ts';
import { invalidField } from '../../../platform/errors/app-error.ts';
import { transition } from './booking-state.ts';
import type { BookingChanges, BookingsRepository, OccupancyInput } from './bookings.repository.ts';
import type { BookingRow } from './bookings.tables.ts';
import type { BookingMailKind } from './notifications.ts';
import { extendBusy, keepBusy, type ServiceFacts } from './slot-check.ts';

/** The cron job that declines bookings whose payment hold expired (every minute). */
export const paymentHoldSweepName = 'bookings.expire-payment-holds';

/** Who declines a booking whose payment hold expired (its history entry names this app). */
const sweeper = { identityType: 'APP', identityId: 'atrium.payment-holds' } as const;

/**
 * How a new booking pays: the option the customer chose among what the service accepts, the payment
 * status (only the business, or its checkout, declares a payment made), and whether the booking waits
 * for an online payment, which makes it hold its slot only until its payment hold expires.
 */
export function paymentOf(business: boolean, facts: ServiceFacts, request: CreateBookingRequest) {
  const option = request.booking.selectedPaymentOption ?? 'OFFLINE';
  const flow = request.flowControlSettings;
  const options = (
    facts.row.doc.payment as { options?: Record<string, boolean | null | undefined> } | undefined
  )?.options;
  if (options && !(business && flow?.skipSelectedPaymentOptionValidation)) {
    const allowed: Record<string, boolean> = {
      OFFLINE: options.inPerson !== false,
      ONLINE: options.online === true || options.deposit === true,
      MEMBERSHIP: options.pricingPlan === true,
      MEMBERSHIP_OFFLINE: options.pricingPlan === true,
      UNKNOWN_SELECTED_PAYMENT_OPTION: business,
    };
    if (!allowed[option]) {
      throw invalidField(
        'booking.selectedPaymentOption',
        `service ${facts.row.id} does not accept ${option}`,
      );
    }
  }
  if (option === 'UNKNOWN_SELECTED_PAYMENT_OPTION' && !business) {
    throw invalidField(
      'booking.selectedPaymentOption',
      'customers choose how they pay: OFFLINE, ONLINE or MEMBERSHIP',
    );
  }
  const noFee = facts.row.rateType === 'NO_FEE';
  const defaultStatus: PaymentStatus = noFee ? 'EXEMPT' : option === 'MEMBERSHIP' ? 'PAID' : 'NOT_PAID';
  const paymentStatus = business ? (request.booking.paymentStatus ?? defaultStatus) : defaultStatus;
  const awaitingPayment =
    option === 'ONLINE' && !noFee && paymentStatus !== 'PAID' && paymentStatus !== 'EXEMPT';
  return { option, paymentStatus, awaitingPayment };
}

export interface PaymentHoldsDeps {
  database: Database;
  repository: BookingsRepository;
  /** How long a booking waiting for online payment holds its slot (BOOKINGS_PAYMENT_HOLD_MINUTES). */
  holdMinutes: number;
  findSite: (siteId: string) => Promise<Site | undefined>;
  log: FastifyBaseLogger;
  /** The bookings service's own steps, so a hold is freed exactly as a decline frees it. */
  releaseHold: (ctx: RequestContext, row: BookingRow, tx: Tx) => Promise<BookingRow[]>;
  afterChange: (
    ctx: RequestContext,
    tx: Tx,
    change: { event: string; row: BookingRow; mail?: BookingMailKind; notifyCustomer: boolean },
  ) => Promise<void>;
  /** The staff and resource time a booking occupies (its slot with the service's buffers). */
  occupancyOf: (ctx: RequestContext, row: BookingRow, tx: Tx) => Promise<OccupancyInput[]>;
}

/**
 * Payment holds of bookings (commerce.md, "Holds"): a booking created for online payment holds its slot
 * or class spots until `hold_expires_at`. Past it the hold no longer counts (availability and the slot
 * check compare it with their clock; the next booking deletes the stale occupancy), the sweep declines
 * the booking, and confirming or paying in time commits it.
 */
export function createPaymentHolds(deps: PaymentHoldsDeps) {
  const { repository } = deps;

  function sweeperContext(site: Site, now: Date, log: FastifyBaseLogger): RequestContext {
    return {
      requestId: `${paymentHoldSweepName}:${now.toISOString()}`,
      site,
      caller: sweeper,
      log,
      now: () => now,
    };
  }

  /** Declines one booking whose hold expired, freeing what it held, inside the caller's transaction. */
  async function expire(ctx: RequestContext, row: BookingRow, tx: Tx): Promise<void> {
    const next = transition(row.status, 'decline');
    if (!next.ok) return;
    await deps.releaseHold(ctx, row, tx);
    const updated = await repository.update(ctx.site.id, row.id, { status: next.to }, tx);
    await deps.afterChange(ctx, tx, {
      event: bookingEventNames.declined,
      row: updated,
      mail: 'declined',
      notifyCustomer: true,
    });
  }

  return {
    /** Until when a new booking holds its slot; undefined when it does not wait for a payment. */
    expiryFor(ctx: RequestContext, status: BookingRow['status'], awaitingPayment: boolean): Date | undefined {
      if (!awaitingPayment || status !== 'CREATED') return undefined;
      return new Date(ctx.now().getTime() + deps.holdMinutes * 60_000);
    },

    /**
     * A class session looks full: bookings of it whose payment hold expired are declined now, under the
     * session row's lock the caller holds, so their spots count no longer. Returns how many.
     */
    async reclaimSession(
      ctx: RequestContext,
      key: { siteId: string; scheduleId: string; sessionKey: string },
      tx: Tx,
    ): Promise<number> {
      const now = ctx.now();
      const stale = await repository.lockExpiredHolds(now, key, 100, tx);
      const system = sweeperContext(ctx.site, now, ctx.log);
      for (const row of stale) await expire(system, row, tx);
      return stale.length;
    },

    /**
     * Confirming (or a payment recorded) commits the hold: it no longer expires. A hold that already
     * expired takes its time again if still free: a lost race on the EXCLUDE constraint fails the
     * transaction, which answers 409 SLOT_NOT_AVAILABLE. Class spots of a booking still CREATED were never
     * given back (reclaiming declines the booking), so they need no re-take.
     */
    async commit(ctx: RequestContext, row: BookingRow, tx: Tx): Promise<BookingChanges> {
      if (!row.holdExpiresAt) return {};
      if (row.holdExpiresAt <= ctx.now() && row.serviceType === 'APPOINTMENT' && !row.doubleBooked) {
        await repository.deleteOccupancy(ctx.site.id, row.id, tx);
        const rows = await deps.occupancyOf(ctx, row, tx);
        await repository.insertOccupancy(ctx.site.id, row.id, rows, tx, ctx.now());
      }
      await repository.clearHoldExpiry(ctx.site.id, row.id, tx);
      await keepBusy(tx, ctx.site.id, row.id);
      return { holdExpiresAt: null };
    },

    /**
     * A checkout holds CREATED bookings for its payment (commerce, `bookings-catalog-provider.ts`): each
     * hold lasts until at least `until`, never shortened. A hold that already expired (not yet declined)
     * takes its time again if still free, as a late payment does in `commit`: a lost race on the EXCLUDE
     * constraint fails the statement, so the caller runs this under a savepoint. Class spots of a booking
     * still CREATED were never given back, so they only need the later expiry.
     */
    async extend(ctx: RequestContext, rows: readonly BookingRow[], until: Date, tx: Tx): Promise<void> {
      const held = rows.filter((row) => row.status === 'CREATED' && row.holdExpiresAt);
      for (const row of held) {
        if (row.holdExpiresAt! > ctx.now() || row.serviceType !== 'APPOINTMENT' || row.doubleBooked) continue;
        await repository.deleteOccupancy(ctx.site.id, row.id, tx);
        const retaken = (await deps.occupancyOf(ctx, row, tx)).map((occupancy) => ({
          ...occupancy,
          holdExpiresAt: until,
        }));
        await repository.insertOccupancy(ctx.site.id, row.id, retaken, tx, ctx.now());
      }
      const ids = held.map((row) => row.id);
      await repository.extendHoldExpiry(ctx.site.id, ids, until, tx);
      await extendBusy(tx, ctx.site.id, ids, until);
    },

    /**
     * The sweep: declines every booking still waiting for a payment whose hold expired by `now`, a
     * batch per transaction, rows another sweep holds skipped. Returns how many it declined.
     */
    async expireDue(now: Date): Promise<number> {
      const batchSize = 100;
      let declined = 0;
      // Sites are read before the transactions (on the embedded database a read inside one would wait).
      for (const siteId of await repository.sitesWithExpiredHolds(now)) {
        const site = await deps.findSite(siteId);
        if (!site) continue;
        const ctx = sweeperContext(site, now, deps.log);
        for (;;) {
          const count = await deps.database.transaction(async (tx) => {
            const rows = await repository.lockExpiredHolds(now, { siteId }, batchSize, tx);
            for (const row of rows) await expire(ctx, row, tx);
            return rows.length;
          });
          declined += count;
          if (count < batchSize) break;
        }
      }
      return declined;
    },
  };
}

export type PaymentHolds = ReturnType<typeof createPaymentHolds>;
