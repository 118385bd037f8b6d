import { z } from 'zod';
import { bulkActionMetadataSchema, itemMetadataSchema } from '../bulk.ts';
import { revisionSchema } from '../common.ts';
import { paymentStatuses } from './lifecycle.ts';

/**
 * Confirm or decline several bookings in one call (the dashboard's bulk actions; an addition to the spec,
 * whose bulk confirmOrDecline decides by itself and leaves a booking that needs approval PENDING). Each
 * booking changes on its own: one refusal (stale revision, wrong status) does not undo the others.
 * The answer is the spec's bulk booking answer (`results`, `bulkActionMetadata`).
 * @example {"details":[{"bookingId":"…","revision":"2"},{"bookingId":"…"}],"returnEntity":false}
 */
export const bulkBookingStatusRequestSchema = z.object({
  details: z
    .array(
      z.object({
        bookingId: z.uuid(),
        revision: revisionSchema.nullish(),
      }),
    )
    .min(1)
    .max(100),
  returnEntity: z.boolean().nullish(),
});
export type BulkBookingStatusRequest = z.input<typeof bulkBookingStatusRequestSchema>;

/**
 * Bulk cancel as the official client sends it: `bookings.bookingsInfo[]` (recurring cancellation by group
 * is not built: there are no recurring booking groups). Each booking is cancelled on its own.
 * @example {"bookings":{"bookingsInfo":[{"bookingId":"…","revision":"2"}]},"returnFullEntity":true}
 */
export const bulkCancelBookingsRequestSchema = z.object({
  bookings: z
    .object({
      bookingsInfo: z
        .array(z.object({ bookingId: z.uuid(), revision: revisionSchema.nullish() }))
        .min(1)
        .max(100),
    })
    .nullish(),
  recurringCancellation: z.record(z.string(), z.unknown()).nullish(),
  returnFullEntity: z.boolean().nullish(),
});

/** @example {"bookingIds":["…","…"]} */
export const bulkCalculateAllowedActionsRequestSchema = z.object({
  bookingIds: z.array(z.uuid()).min(1).max(100),
});
export const bulkCalculateAllowedActionsResponseSchema = z.object({
  results: z.array(
    z.object({
      itemMetadata: itemMetadataSchema,
      item: z.object({ cancel: z.boolean(), reschedule: z.boolean() }).optional(),
    }),
  ),
  bulkActionMetadata: bulkActionMetadataSchema,
});

/** Mark a CREATED booking PENDING (business): it then waits for the business's approval. */
export const markBookingAsPendingRequestSchema = z.object({
  revision: revisionSchema.nullish(),
  paymentStatus: z.enum(paymentStatuses).nullish(),
});

export const bulkBookingErrorCodes = { missingCancellationInfo: 'MISSING_CANCELLATION_INFO' } as const;
