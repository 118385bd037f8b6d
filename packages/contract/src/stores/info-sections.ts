import { z } from 'zod';
import { fieldMaskSchema } from '../bookings/common.ts';
import {
  requestedFieldsSchema,
  v3BulkDeleteResponseSchema,
  v3BulkIdsSchema,
  v3BulkResponseSchema,
  v3QueryRequestSchema,
  v3QueryResponseSchema,
  v3RevisionInputSchema,
  v3Text,
} from './v3-entities-common.ts';

/**
 * Catalog v3 info sections (`@wix/stores` infoSectionsV3): a titled rich-text block products share
 * (`Care instructions`, `Shipping`), identified by a `uniqueName` unique per site. Paths under
 * `/stores/v3/info-sections` and `/stores/v3/bulk/info-sections`.
 */

export const infoSectionLimits = { uniqueNameLength: 100, titleLength: 50, plainDescriptionLength: 16_000 };
export const infoSectionRequestedFields = ['ASSIGNED_PRODUCTS_COUNT'] as const;
export const infoSectionErrorCodes = {
  /** Another info section of the site has this `uniqueName` (409). */
  uniqueNameTaken: 'INFO_SECTION_UNIQUE_NAME_ALREADY_EXISTS',
} as const;

const fields = requestedFieldsSchema(infoSectionRequestedFields);

/**
 * Rich content (a Ricos document: `nodes`, `metadata`, `documentStyle`), kept as sent.
 * @example {"nodes":[{"type":"PARAGRAPH","id":"p1","nodes":[{"type":"TEXT","id":"","textData":{"text":"Hand wash only","decorations":[]}}]}]}
 */
export const richContentSchema = z.looseObject({
  nodes: z.array(z.record(z.string(), z.unknown())).max(10_000).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  documentStyle: z.record(z.string(), z.unknown()).optional(),
});
export type RichContent = z.infer<typeof richContentSchema>;

/**
 * An info section as the clients send it. `plainDescription` (HTML) becomes the rich `description` when
 * no `description` is given.
 * @example {"uniqueName":"care","title":"Care","plainDescription":"<p>Hand wash only</p>"}
 */
export const infoSectionInputSchema = z.object({
  id: z.string().nullish(),
  revision: v3RevisionInputSchema,
  uniqueName: v3Text(infoSectionLimits.uniqueNameLength).nullish(),
  title: v3Text(infoSectionLimits.titleLength).nullish(),
  description: richContentSchema.nullish(),
  plainDescription: z.string().max(infoSectionLimits.plainDescriptionLength).nullish(),
});
export type InfoSectionInput = z.input<typeof infoSectionInputSchema>;

/**
 * An info section. `assignedProductsCount` only when `fields` asks for `ASSIGNED_PRODUCTS_COUNT`.
 * @example {"id":"…","revision":"1","uniqueName":"care","title":"Care","description":{"nodes":[…]},"plainDescription":"<p>Hand wash only</p>"}
 */
export const infoSectionSchema = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  uniqueName: z.string(),
  title: z.string(),
  description: richContentSchema.optional(),
  plainDescription: z.string().optional(),
  assignedProductsCount: z.number().int().optional(),
});
export type InfoSection = z.infer<typeof infoSectionSchema>;

export const infoSectionResponseSchema = z.object({ infoSection: infoSectionSchema });
export const createInfoSectionRequestSchema = z.object({ infoSection: infoSectionInputSchema });
export const getInfoSectionQuerySchema = z.object({ fields });
export const updateInfoSectionRequestSchema = z.object({
  infoSection: infoSectionInputSchema,
  fieldMask: fieldMaskSchema.optional(),
  fields,
});
export const queryInfoSectionsRequestSchema = v3QueryRequestSchema(fields);
export const queryInfoSectionsResponseSchema = v3QueryResponseSchema('infoSections', infoSectionSchema);
/**
 * `get-or-create`: the info section of this `id` or `uniqueName`; one with `uniqueName` and `title` is
 * created when none has the name.
 */
export const getOrCreateInfoSectionRequestSchema = z.object({
  infoSection: infoSectionInputSchema.omit({ revision: true }),
  fields,
});

export const bulkCreateInfoSectionsRequestSchema = z.object({
  infoSections: z.array(infoSectionInputSchema).min(1).max(100),
  returnEntity: z.boolean().nullish(),
});
export const bulkUpdateInfoSectionsRequestSchema = z.object({
  infoSections: z
    .array(
      z.object({
        infoSection: infoSectionInputSchema.extend({ id: z.uuid() }),
        fieldMask: fieldMaskSchema.optional(),
      }),
    )
    .min(1)
    .max(100),
  returnEntity: z.boolean().nullish(),
  fields,
});
export const bulkGetOrCreateInfoSectionsRequestSchema = z.object({
  infoSections: z
    .array(infoSectionInputSchema.omit({ revision: true }))
    .min(1)
    .max(100),
  fields,
});
export const bulkDeleteInfoSectionsRequestSchema = z.object({ infoSectionIds: v3BulkIdsSchema });
export const bulkInfoSectionsResponseSchema = v3BulkResponseSchema('item', infoSectionSchema);
export const bulkDeleteInfoSectionsResponseSchema = v3BulkDeleteResponseSchema;
