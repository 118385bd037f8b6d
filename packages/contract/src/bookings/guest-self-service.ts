import { z } from 'zod';
import { revisionSchema } from '../common.ts';
import {
  bookedSlotInputSchema,
  bookingFeeSchema,
  bookingSchema,
  multiServiceBookingSchema,
} from './lifecycle.ts';
import { serviceSchema } from './services.ts';

/**
 * Guest self-service (the official client's anonymous booking actions, `/v1/anonymous-bookings` and
 * `/v1/anonymous-multi-service-bookings`): the business asks for a token that opens one booking (or one
 * multi-service booking), and whoever holds it views, cancels or reschedules that booking without an
 * account, within the booking policy. Tokens expire, and stop working once the booking has ended.
 */

/** Codes the official client declares for these calls. */
export const guestSelfServiceErrorCodes = {
  invalidToken: 'INVALID_TOKEN',
  bookingCannotBeCancelled: 'BOOKING_CANNOT_BE_CANCELLED',
  reschedulingNotAllowed: 'RESCHEDULING_NOT_ALLOWED',
} as const;

/** A guest token: opaque, URL-safe, at least 32 characters. @example {"token":"bgt_Xn3..."} */
export const guestTokenResponseSchema = z.object({ token: z.string() });

/** What the holder of a token may do now. @example {"cancel":true,"reschedule":false} */
export const allowedAnonymousActionsSchema = z.object({ cancel: z.boolean(), reschedule: z.boolean() });

export const guestBookingResponseSchema = z.object({
  booking: bookingSchema,
  allowedAnonymousActions: allowedAnonymousActionsSchema,
  /**
   * The booking's fee as it stands: the one recorded (a late cancellation, a no-show), else what canceling
   * now would cost (status PREVIEW); null when the policy charges nothing. Atrium's addition: the client
   * ignores it.
   */
  bookingFee: bookingFeeSchema.nullable(),
});

export const guestServiceResponseSchema = z.object({ service: serviceSchema });

/** `revision` is the booking's current one (a stale revision is a 409 REVISION_MISMATCH). */
export const guestCancelRequestSchema = z.object({ revision: revisionSchema.nullish() });

export const guestRescheduleRequestSchema = z.object({
  slot: bookedSlotInputSchema,
  revision: revisionSchema.nullish(),
});

export const guestMultiServiceBookingResponseSchema = z.object({
  multiServiceBooking: multiServiceBookingSchema,
  allowedAnonymousActions: allowedAnonymousActionsSchema,
  /** The fees of its bookings as they stand (as `bookingFee` above), one per booking that has one. */
  bookingFees: z.array(bookingFeeSchema),
});

export const guestMultiServiceCancelResponseSchema = z.object({
  multiServiceBooking: multiServiceBookingSchema,
});

export type GuestBookingResponse = z.infer<typeof guestBookingResponseSchema>;
export type GuestMultiServiceBookingResponse = z.infer<typeof guestMultiServiceBookingResponseSchema>;
export type AllowedAnonymousActions = z.infer<typeof allowedAnonymousActionsSchema>;
