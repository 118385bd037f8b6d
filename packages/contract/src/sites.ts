import { z } from 'zod';
import { revisionSchema, timeZoneSchema } from './common.ts';
import { currencyCodeSchema } from './money.ts';

/**
 * A site: one business hosted by this deployment. Every other entity belongs to exactly one.
 * @example {"id":"…","name":"Studio Nord","timezone":"Europe/Berlin","currency":"EUR","locale":"de-DE"}
 */
export const siteSchema = z.object({
  id: z.uuid(),
  name: z.string().min(1).max(200),
  timezone: timeZoneSchema,
  currency: currencyCodeSchema,
  locale: z.string().min(2).max(35),
  revision: z.string(),
  createdDate: z.iso.datetime(),
  updatedDate: z.iso.datetime(),
});
export type Site = z.infer<typeof siteSchema>;

export const updateSiteRequestSchema = z.object({
  site: siteSchema.pick({ name: true, timezone: true, currency: true, locale: true }).partial().extend({
    revision: revisionSchema.optional(),
  }),
});
export type UpdateSiteRequest = z.infer<typeof updateSiteRequestSchema>;

export const siteResponseSchema = z.object({ site: siteSchema });
export type SiteResponse = z.infer<typeof siteResponseSchema>;
