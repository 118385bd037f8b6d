import { z } from 'zod';
import { revisionSchema } from '../common.ts';

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
