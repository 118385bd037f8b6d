import {
  guestSelfServiceErrorCodes,
  type guestRescheduleRequestSchema,
} from '@atrium/contract/bookings/guest-self-service';
import { bookingErrorCodes } from '@atrium/contract/bookings/lifecycle';
import type { Service } from '@atrium/contract/bookings/services';
import type { z } from 'zod';
import type { Executor } from '../../../platform/db/database.ts';
import type { RequestContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { BookingsRepository } from './bookings.repository.ts';
import type { BookingsService } from './bookings.service.ts';
import type { BookingRow } from './bookings.tables.ts';
import type { ExtendedBookingsService } from './extended-bookings.service.ts';
import { lifecycleErrors } from './lifecycle.errors.ts';
import type { MultiServiceBookingsService } from './multi-service.service.ts';
import type { SlotChecker } from './slot-check.ts';
import type { GuestTokenKind, GuestTokens } from './guest-tokens.ts';

type GuestRescheduleRequest = z.infer<typeof guestRescheduleRequestSchema>;

const invalidToken = () =>
  new AppError(404, guestSelfServiceErrorCodes.invalidToken, 'The link is invalid or has expired');

/**
 * Guest self-service (`/bookings/v1/anonymous-bookings`, the official client's anonymous booking actions):
 * the business asks for a token that opens exactly one booking (or one multi-service booking); whoever
 * holds it acts as that booking's customer, under the customer's rules (the policy's windows, no
 * business-only checks), and as nobody else: the token is the only thing that opens the booking, it
 * never names or reaches another one, and it stops working when it expires or the booking has ended.
 *
 * Tokens are signed, not stored (guest-tokens.ts); asking for one is a read (the official client's call
 * is a GET) and writes nothing.
 */
export function createGuestSelfService(deps: {
  db: Executor;
  /** Guest tokens, signed with the deployment's key (platform secrets, sealed). */
  tokens: GuestTokens;
  repository: BookingsRepository;
  bookings: BookingsService;
  multiService: MultiServiceBookingsService;
  extended: ExtendedBookingsService;
  slots: SlotChecker;
  /** The service of a booking as the catalogue shows it to customers. */
  serviceOf: (ctx: RequestContext, serviceId: string) => Promise<Service>;
}) {
  const { repository } = deps;

  const issue = (ctx: RequestContext, kind: GuestTokenKind, targetId: string) =>
    deps.tokens.issue(ctx.site.id, ctx.now(), kind, targetId);

  /** The token's target, or INVALID_TOKEN whatever the reason (forged, another site's, other kind, expired). */
  async function open(ctx: RequestContext, kind: GuestTokenKind, token: string): Promise<string> {
    const targetId = await deps.tokens.open(ctx.site.id, ctx.now(), kind, token);
    if (!targetId) throw invalidToken();
    return targetId;
  }

  /** The caller as the customer of exactly these ids, whoever presented the token. */
  function asGuest(ctx: RequestContext, ids: readonly string[]): RequestContext {
    return {
      requestId: ctx.requestId,
      site: ctx.site,
      log: ctx.log,
      now: () => ctx.now(),
      caller: { identityType: 'ANONYMOUS_VISITOR', openedByToken: ids },
    };
  }

  async function openBooking(ctx: RequestContext, token: string) {
    const id = await open(ctx, 'BOOKING', token);
    const row = await repository.findById(ctx.site.id, id);
    // A booking that has ended closes its link, whatever the token's own expiry.
    if (!row || row.endDate.getTime() <= ctx.now().getTime()) throw invalidToken();
    return { row, guest: asGuest(ctx, [row.id]) };
  }

  async function openMultiService(ctx: RequestContext, token: string) {
    const id = await open(ctx, 'MULTI_SERVICE_BOOKING', token);
    const rows = await repository.bookingsOfMultiService(ctx.site.id, [id]);
    const lastEnd = Math.max(...rows.map((row) => row.endDate.getTime()));
    if (rows.length === 0 || lastEnd <= ctx.now().getTime()) throw invalidToken();
    return { id, rows, guest: asGuest(ctx, [id, ...rows.map((row) => row.id)]) };
  }

  /** The customer's allowed actions, and the policy's consent to guests doing them (allowAnonymous). */
  async function allowedFor(guest: RequestContext, rows: readonly BookingRow[]) {
    const allowed = await deps.extended.allowedActions(guest, rows);
    let cancel = true;
    let reschedule = true;
    for (const row of rows) {
      const facts = await deps.slots.loadService(guest.site.id, row.serviceId, deps.db);
      const actions = allowed.get(row.id);
      cancel &&= actions?.cancel === true && facts?.policy.cancellationPolicy.allowAnonymous === true;
      reschedule &&= actions?.reschedule === true && facts?.policy.reschedulePolicy.allowAnonymous === true;
    }
    return { cancel, reschedule };
  }

  /** The policy's refusals under the codes the client declares for the guest calls. */
  function refusedAs(code: string, message: string) {
    return (error: unknown): never => {
      if (
        error instanceof AppError &&
        ((error.code === bookingErrorCodes.bookingPolicyViolation &&
          (error.options.data as { policy?: string } | undefined)?.policy !== 'BOOKING') ||
          error.code.startsWith('BOOKING_CANNOT_'))
      ) {
        throw new AppError(409, code, message, { data: error.options.data });
      }
      throw error;
    };
  }

  return {
    async bookingToken(ctx: RequestContext, bookingId: string): Promise<string> {
      const row = await repository.findById(ctx.site.id, bookingId);
      if (!row) throw lifecycleErrors.bookingNotFound(bookingId);
      return issue(ctx, 'BOOKING', row.id);
    },

    async multiServiceBookingToken(ctx: RequestContext, multiServiceBookingId: string): Promise<string> {
      const msb = await repository.findMultiService(ctx.site.id, multiServiceBookingId);
      if (!msb) throw lifecycleErrors.multiServiceBookingNotFound(multiServiceBookingId);
      return issue(ctx, 'MULTI_SERVICE_BOOKING', msb.id);
    },

    /**
     * The booking, what the guest may do, and its fee as it stands: the one recorded, else what
     * cancelling now would cost (PREVIEW), so the guest sees it before canceling.
     */
    async getBooking(ctx: RequestContext, token: string) {
      const { row, guest } = await openBooking(ctx, token);
      const fees = await deps.extended.feesFor(guest, [row]);
      return {
        booking: await deps.bookings.get(guest, row.id),
        allowedAnonymousActions: await allowedFor(guest, [row]),
        bookingFee: fees.get(row.id) ?? null,
      };
    },

    async getService(ctx: RequestContext, token: string) {
      const { row, guest } = await openBooking(ctx, token);
      return { service: await deps.serviceOf(guest, row.serviceId) };
    },

    async cancelBooking(ctx: RequestContext, token: string, revision: string | null | undefined) {
      const { row, guest } = await openBooking(ctx, token);
      const cannot = () =>
        new AppError(
          409,
          guestSelfServiceErrorCodes.bookingCannotBeCancelled,
          `Booking ${row.id} cannot be canceled online: contact the business`,
          { data: { bookingId: row.id } },
        );
      if (!(await allowedFor(guest, [row])).cancel) throw cannot();
      const booking = await deps.bookings
        .cancel(guest, row.id, { revision })
        .catch(refusedAs(guestSelfServiceErrorCodes.bookingCannotBeCancelled, cannot().message));
      return { booking };
    },

    async rescheduleBooking(ctx: RequestContext, token: string, request: GuestRescheduleRequest) {
      const { row, guest } = await openBooking(ctx, token);
      const message = `Booking ${row.id} cannot be rescheduled online: contact the business`;
      if (!(await allowedFor(guest, [row])).reschedule) {
        throw new AppError(409, guestSelfServiceErrorCodes.reschedulingNotAllowed, message, {
          data: { bookingId: row.id },
        });
      }
      const booking = await deps.bookings
        .reschedule(guest, row.id, { slot: request.slot, revision: request.revision })
        .catch(refusedAs(guestSelfServiceErrorCodes.reschedulingNotAllowed, message));
      return { booking };
    },

    async getMultiServiceBooking(ctx: RequestContext, token: string) {
      const { id, rows, guest } = await openMultiService(ctx, token);
      const fees = await deps.extended.feesFor(guest, rows);
      return {
        multiServiceBooking: await deps.multiService.get(guest, id),
        allowedAnonymousActions: await allowedFor(guest, rows),
        bookingFees: [...fees.values()],
      };
    },

    async cancelMultiServiceBooking(ctx: RequestContext, token: string) {
      const { id, rows, guest } = await openMultiService(ctx, token);
      const message = `Multi-service booking ${id} cannot be canceled online: contact the business`;
      if (!(await allowedFor(guest, rows)).cancel) {
        throw new AppError(409, guestSelfServiceErrorCodes.bookingCannotBeCancelled, message, {
          data: { multiServiceBookingId: id },
        });
      }
      const multiServiceBooking = await deps.multiService
        .changeStatus(guest, id, 'cancel', {})
        .catch(refusedAs(guestSelfServiceErrorCodes.bookingCannotBeCancelled, message));
      return { multiServiceBooking };
    },
  };
}

export type GuestSelfService = ReturnType<typeof createGuestSelfService>;
