import { z } from 'zod';
import { revisionSchema } from '../common.ts';
import { moneySchema } from '../money.ts';
import { cursorPagingMetadataSchema } from '../query.ts';
import { cursorQuerySchema, extendedFieldsSchema, fieldMaskSchema } from './common.ts';

const minutes = z.number().int().min(0).max(525600);

/**
 * The rules of booking a service: how early and how late, cancellation and reschedule windows,
 * participants per booking and the waitlist.
 * @example {"name":"Default","limitEarlyBookingPolicy":{"enabled":true,"earliestBookingInMinutes":43200},"cancellationPolicy":{"enabled":true,"limitLatestCancellation":true,"latestCancellationInMinutes":1440}}
 */
export const bookingPolicyInputSchema = z.object({
  id: z.string().nullish(),
  revision: revisionSchema.nullish(),
  name: z.string().trim().min(1).max(400).nullish(),
  customPolicyDescription: z
    .object({ enabled: z.boolean().optional(), description: z.string().max(2500).optional() })
    .optional(),
  limitEarlyBookingPolicy: z
    .object({ enabled: z.boolean().optional(), earliestBookingInMinutes: minutes.optional() })
    .optional(),
  limitLateBookingPolicy: z
    .object({ enabled: z.boolean().optional(), latestBookingInMinutes: minutes.optional() })
    .optional(),
  bookAfterStartPolicy: z.object({ enabled: z.boolean().optional() }).optional(),
  cancellationPolicy: z
    .object({
      enabled: z.boolean().optional(),
      limitLatestCancellation: z.boolean().optional(),
      latestCancellationInMinutes: minutes.optional(),
      allowAnonymous: z.boolean().nullish(),
    })
    .optional(),
  reschedulePolicy: z
    .object({
      enabled: z.boolean().optional(),
      limitLatestReschedule: z.boolean().optional(),
      latestRescheduleInMinutes: minutes.optional(),
      allowAnonymous: z.boolean().nullish(),
    })
    .optional(),
  waitlistPolicy: z
    .object({
      enabled: z.boolean().optional(),
      capacity: z.number().int().min(1).max(10000).optional(),
      reservationTimeInMinutes: z.number().int().min(1).max(1440).optional(),
    })
    .optional(),
  participantsPolicy: z
    .object({ maxParticipantsPerBooking: z.number().int().min(1).max(1000).optional() })
    .optional(),
  resourcesPolicy: z
    .object({ enabled: z.boolean().optional(), autoAssignAllowed: z.boolean().optional() })
    .optional(),
  cancellationFeePolicy: z
    .object({
      enabled: z.boolean().optional(),
      cancellationWindows: z
        .array(
          z.object({
            amount: moneySchema.optional(),
            percentage: z
              .string()
              .regex(/^\d{1,3}(\.\d{1,2})?$/)
              .optional(),
            startInMinutes: minutes.nullish(),
          }),
        )
        .max(10)
        .optional(),
      autoCollectFeeEnabled: z.boolean().nullish(),
    })
    .optional(),
  saveCreditCardPolicy: z.object({ enabled: z.boolean().optional() }).optional(),
  extendedFields: extendedFieldsSchema.optional(),
});
export type BookingPolicyInput = z.infer<typeof bookingPolicyInputSchema>;

export const bookingPolicySchema = bookingPolicyInputSchema
  .omit({ revision: true, id: true, name: true })
  .extend({
    id: z.string(),
    name: z.string().nullish(),
    revision: z.string(),
    default: z.boolean(),
    createdDate: z.string(),
    updatedDate: z.string(),
  });
export type BookingPolicy = z.infer<typeof bookingPolicySchema>;

export const bookingPolicyResponseSchema = z.object({ bookingPolicy: bookingPolicySchema });
export const createBookingPolicyRequestSchema = z.object({ bookingPolicy: bookingPolicyInputSchema });
export const updateBookingPolicyRequestSchema = z.object({
  bookingPolicy: bookingPolicyInputSchema,
  mask: fieldMaskSchema.optional(),
  fieldMask: fieldMaskSchema.optional(),
});
export const strictestBookingPolicyRequestSchema = z.object({
  bookingPolicyIds: z.array(z.uuid()).min(1).max(100),
});
/** The strictest combination of several policies, for a booking of several services; it has no identity of its own. */
export const strictestBookingPolicyResponseSchema = z.object({
  bookingPolicy: bookingPolicySchema.partial({
    id: true,
    revision: true,
    default: true,
    createdDate: true,
    updatedDate: true,
  }),
});
export const setDefaultBookingPolicyResponseSchema = z.object({
  currentDefaultBookingPolicy: bookingPolicySchema,
  previousDefaultBookingPolicy: bookingPolicySchema.optional(),
});
export const queryBookingPoliciesRequestSchema = z.object({ query: cursorQuerySchema.default({}) });
export const queryBookingPoliciesResponseSchema = z.object({
  bookingPolicies: z.array(bookingPolicySchema),
  pagingMetadata: cursorPagingMetadataSchema,
});
