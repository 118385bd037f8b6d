import type { BulkBookingStatusRequest } from '@atrium/contract/bookings/bulk-booking-status';
import type { bulkBookingResponseSchema } from '@atrium/contract/bookings/lifecycle';
import type { z } from 'zod';
import { defineModule, type ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { send } from './shared.ts';

export type BulkBookingStatusDetails = BulkBookingStatusRequest['details'];
export type BulkBookingStatusResult = WithDates<z.infer<typeof bulkBookingResponseSchema>>;

export const bulkBookingStatusCalls = {
  /**
   * `POST /bookings/v2/bulk/bookings/confirm` (business): confirms each booking on its own; a refused one
   * (stale revision, wrong status) is a failed item and leaves the others confirmed.
   * @example const { bulkActionMetadata } = await client.bookingBulkStatus.bulkConfirmBookings([{ bookingId, revision }]);
   */
  bulkConfirmBookings:
    (context) =>
    (
      details: BulkBookingStatusDetails,
      options: { returnEntity?: boolean } = {},
    ): Promise<BulkBookingStatusResult> =>
      send(context, 'POST', '/bookings/v2/bulk/bookings/confirm', { details, ...options }),

  /** `POST /bookings/v2/bulk/bookings/decline` (business): declines each booking on its own. */
  bulkDeclineBookings:
    (context) =>
    (
      details: BulkBookingStatusDetails,
      options: { returnEntity?: boolean } = {},
    ): Promise<BulkBookingStatusResult> =>
      send(context, 'POST', '/bookings/v2/bulk/bookings/decline', { details, ...options }),
} satisfies ModuleDefinition;

/** Bulk confirm and decline for dashboards, on their own so the public site does not ship them. */
export const bookingBulkStatus = defineModule(bulkBookingStatusCalls);
