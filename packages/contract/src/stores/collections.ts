import { z } from 'zod';
import { offsetPagingMetadataSchema, querySchema } from '../query.ts';
import { storesMediaSchema } from './products-v1.ts';

/** Store collections (`@wix/stores` collections v1 writes and v2 reads). */

export const collectionInputSchema = z.object({
  id: z.string().optional(),
  name: z.string().trim().min(1).max(50).optional(),
  description: z.string().max(600).nullish(),
  slug: z.string().trim().min(1).max(100).optional(),
  visible: z.boolean().nullish(),
});
export const createCollectionRequestSchema = z.object({
  collection: collectionInputSchema.extend({ name: z.string().trim().min(1).max(50) }),
});
export const updateCollectionRequestSchema = z.object({ collection: collectionInputSchema });

export const collectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  media: storesMediaSchema,
  numberOfProducts: z.number().int(),
  description: z.string().nullable(),
  slug: z.string(),
  visible: z.boolean(),
});
export type StoresCollection = z.infer<typeof collectionSchema>;
export const collectionResponseSchema = z.object({ collection: collectionSchema });

export const collectionProductIdsRequestSchema = z.object({
  productIds: z.array(z.uuid()).min(1).max(1000),
});

export const queryCollectionsRequestSchema = z.object({ query: querySchema.optional() });
export const queryCollectionsResponseSchema = z.object({
  collections: z.array(collectionSchema),
  metadata: offsetPagingMetadataSchema,
  totalResults: z.number().int(),
});
