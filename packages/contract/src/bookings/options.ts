import { z } from 'zod';
import { revisionSchema } from '../common.ts';
import { moneyOutSchema, moneySchema } from '../money.ts';
import { offsetPagingMetadataSchema } from '../query.ts';
import { fieldMaskSchema, offsetQuerySchema } from './common.ts';

export const serviceOptionTypes = ['CUSTOM', 'STAFF_MEMBER', 'DURATION'] as const;

export const serviceOptionSchema = z.object({
  id: z.uuid(),
  type: z.enum(serviceOptionTypes),
  customData: z
    .object({
      name: z.string().min(1).max(200),
      choices: z.array(z.string().min(1).max(200)).max(100).optional(),
    })
    .optional(),
  durationData: z.object({ name: z.string().max(200).nullish() }).optional(),
});

export const serviceChoiceSchema = z.object({
  optionId: z.uuid(),
  custom: z.string().max(200).optional(),
  staffMemberId: z.uuid().optional(),
  duration: z
    .object({ minutes: z.number().int().min(1).max(10080), name: z.string().max(200).nullish() })
    .optional(),
});
export type ServiceChoice = z.infer<typeof serviceChoiceSchema>;

/**
 * The options of a service (a staff member, a duration, a custom choice) and a price per combination.
 * @example {"serviceId":"…","options":{"values":[{"id":"…","type":"DURATION"}]},"variants":{"values":[{"choices":[{"optionId":"…","duration":{"minutes":30}}],"price":{"value":"30.00","currency":"USD"}}]}}
 */
export const serviceOptionsAndVariantsInputSchema = z.object({
  id: z.string().nullish(),
  serviceId: z.uuid().nullish(),
  revision: revisionSchema.nullish(),
  options: z.object({ values: z.array(serviceOptionSchema).max(10) }).optional(),
  variants: z
    .object({
      values: z
        .array(z.object({ choices: z.array(serviceChoiceSchema).min(1).max(10), price: moneySchema }))
        .max(500),
    })
    .optional(),
});
export const serviceOptionsAndVariantsSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  options: z.object({ values: z.array(serviceOptionSchema) }),
  variants: z.object({
    values: z.array(z.object({ choices: z.array(serviceChoiceSchema), price: moneyOutSchema })),
  }),
  minPrice: moneyOutSchema.optional(),
  maxPrice: moneyOutSchema.optional(),
  revision: z.string(),
});
export const serviceOptionsAndVariantsResponseSchema = z.object({
  serviceOptionsAndVariants: serviceOptionsAndVariantsSchema,
});
export const serviceVariantsByServiceResponseSchema = z.object({
  serviceVariants: serviceOptionsAndVariantsSchema,
});
export const createServiceOptionsAndVariantsRequestSchema = z.object({
  serviceOptionsAndVariants: serviceOptionsAndVariantsInputSchema.extend({ serviceId: z.uuid() }),
});
export const updateServiceOptionsAndVariantsRequestSchema = z.object({
  serviceOptionsAndVariants: serviceOptionsAndVariantsInputSchema,
  mask: fieldMaskSchema.optional(),
});
export const cloneServiceOptionsAndVariantsRequestSchema = z.object({ targetServiceId: z.uuid() });
export const queryServiceOptionsAndVariantsRequestSchema = z.object({ query: offsetQuerySchema.default({}) });
export const queryServiceOptionsAndVariantsResponseSchema = z.object({
  serviceOptionsAndVariantsList: z.array(serviceOptionsAndVariantsSchema),
  pagingMetadata: offsetPagingMetadataSchema,
});

/** One service in a price request: its choices and how many people, per choice set or in total. */
export const bookingLineItemSchema = z.object({
  serviceId: z.uuid(),
  resourceId: z.uuid().nullish(),
  choices: z.array(serviceChoiceSchema).max(10).optional(),
  numberOfParticipants: z.number().int().min(1).max(1000).nullish(),
  serviceChoices: z
    .array(
      z.object({
        numberOfParticipants: z.number().int().min(1).max(1000),
        choices: z.array(serviceChoiceSchema).max(10),
      }),
    )
    .max(50)
    .optional(),
});
export const previewPriceRequestSchema = z.object({
  bookingLineItems: z.array(bookingLineItemSchema).min(1).max(20),
});
export const calculatePriceRequestSchema = z.object({
  booking: z.object({
    bookedEntity: z.object({
      slot: z.object({ serviceId: z.uuid(), resource: z.object({ id: z.uuid().nullish() }).optional() }),
    }),
    totalParticipants: z.number().int().min(1).max(1000).optional(),
    participantsChoices: z
      .object({
        serviceChoices: z
          .array(
            z.object({
              numberOfParticipants: z.number().int().min(1).max(1000),
              choices: z.array(serviceChoiceSchema).max(10),
            }),
          )
          .max(50),
      })
      .optional(),
  }),
});

/**
 * A computed price in the site's currency. The amounts are JSON numbers, as the official pricing client
 * declares them (the server computes them with decimals and rounds to the currency's places first).
 * @example {"calculatedPrice":90,"currency":"USD","deposit":null,"bookingLineItems":[{"serviceId":"…","numberOfParticipants":2,"pricePerParticipant":45}]}
 */
export const priceInfoSchema = z.object({
  calculatedPrice: z.number().optional(),
  priceDescription: z.string().optional(),
  currency: z.string(),
  deposit: z.number().nullable(),
  bookingLineItems: z.array(
    z.object({
      serviceId: z.string(),
      resourceId: z.string().nullish(),
      choices: z.array(serviceChoiceSchema).optional(),
      numberOfParticipants: z.number().int(),
      pricePerParticipant: z.number().nullable(),
    }),
  ),
});
export const priceInfoResponseSchema = z.object({ priceInfo: priceInfoSchema });
