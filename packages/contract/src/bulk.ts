import { z } from 'zod';

/**
 * The outcome of one item of a bulk call, at its index in the request.
 * @example {"id":"3b2e…","originalIndex":0,"success":false,"error":{"code":"NOT_FOUND","description":"…"}}
 */
export const itemMetadataSchema = z.object({
  id: z.string().nullable(),
  originalIndex: z.number().int(),
  success: z.boolean(),
  error: z
    .object({ code: z.string(), description: z.string(), data: z.record(z.string(), z.unknown()).optional() })
    .optional(),
});
export type ItemMetadata = z.infer<typeof itemMetadataSchema>;

/**
 * The totals of a bulk call. Bookings answer `undetailedFailures`; data collections do not.
 * @example {"totalSuccesses":2,"totalFailures":1,"undetailedFailures":0}
 */
export const bulkActionMetadataSchema = z.object({
  totalSuccesses: z.number().int(),
  totalFailures: z.number().int(),
  undetailedFailures: z.number().int().optional(),
});
export type BulkActionMetadata = z.infer<typeof bulkActionMetadataSchema>;
