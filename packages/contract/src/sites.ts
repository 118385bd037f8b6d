import { z } from 'zod';
import { idSchema, revisionSchema, timeZoneSchema } from './common.ts';
import { currencyCodeSchema } from './money.ts';

/** `ACTIVE` serves its pages and credentials; `DISABLED` refuses every credential and shows no page. */
export const siteStatusSchema = z.enum(['ACTIVE', 'DISABLED']);
export type SiteStatus = z.infer<typeof siteStatusSchema>;

/**
 * A host name a site is served under, lower case and without a port (`shop.example.com`).
 * @example "shop.example.com"
 */
export const hostNameSchema = z
  .string()
  .max(253)
  .transform((value) => value.trim().toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
        'must be a host name such as shop.example.com, without scheme, port or path',
      ),
  );

/**
 * A site: one business hosted by this deployment. Every other entity belongs to exactly one.
 * `hosts`: the addresses it is served under, the first one is used in links (mails, iCal feeds, OAuth).
 * @example {"id":"…","name":"Studio Nord","timezone":"Europe/Berlin","currency":"EUR","locale":"de-DE","status":"ACTIVE","hosts":["nord.example.com"]}
 */
/**
 * How the site's mails look: the colour of their header and buttons (`#rrggbb`) and a logo shown
 * instead of the site's name (an https image). Null: the defaults.
 */
export const siteBrandingSchema = z.object({
  accentColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour as #rrggbb')
    .nullable(),
  logoUrl: z
    .url({ protocol: /^https$/, error: 'An https address of an image' })
    .max(2000)
    .nullable(),
});
export type SiteBranding = z.infer<typeof siteBrandingSchema>;

/** The colour of a site's mails without one of its own. */
export const defaultAccentColor = '#0f766e';

/** Black or white text on a `#rrggbb` background, whichever has the higher contrast (WCAG luminance). */
export function textColorOn(background: string): '#111827' | '#ffffff' {
  const channel = (offset: number) => {
    const value = parseInt(background.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#111827' : '#ffffff';
}

export const siteSchema = z.object({
  id: z.uuid(),
  name: z.string().min(1).max(200),
  timezone: timeZoneSchema,
  currency: currencyCodeSchema,
  locale: z.string().min(2).max(35),
  status: siteStatusSchema,
  hosts: z.array(z.string()),
  branding: siteBrandingSchema,
  revision: z.string(),
  createdDate: z.iso.datetime(),
  updatedDate: z.iso.datetime(),
});
export type Site = z.infer<typeof siteSchema>;

export const updateSiteRequestSchema = z.object({
  site: siteSchema.pick({ name: true, timezone: true, currency: true, locale: true }).partial().extend({
    /** The fields given replace the stored ones; null restores a default. */
    branding: siteBrandingSchema.partial().optional(),
    revision: revisionSchema.optional(),
  }),
});
export type UpdateSiteRequest = z.infer<typeof updateSiteRequestSchema>;

export const siteResponseSchema = z.object({ site: siteSchema });
export type SiteResponse = z.infer<typeof siteResponseSchema>;

const siteHostsSchema = z.array(hostNameSchema).max(20);

/**
 * Operator API: a new site. Unset settings take the deployment's defaults (DEFAULT_SITE_*).
 * @example {"site":{"name":"Studio Nord","timezone":"Europe/Berlin","currency":"EUR","locale":"de-DE","hosts":["nord.example.com"]}}
 */
export const createSiteRequestSchema = z.object({
  site: siteSchema
    .pick({ name: true, timezone: true, currency: true, locale: true })
    .partial({ timezone: true, currency: true, locale: true })
    .extend({ hosts: siteHostsSchema.optional() }),
});
export type CreateSiteRequest = z.infer<typeof createSiteRequestSchema>;

/**
 * Operator API: change a site's settings or host names (`hosts` replaces the list). Status changes go
 * through `disable` and `enable`.
 * @example {"site":{"hosts":["nord.example.com","www.nord.example.com"],"revision":"2"}}
 */
export const operatorUpdateSiteRequestSchema = z.object({
  site: siteSchema
    .pick({ name: true, timezone: true, currency: true, locale: true })
    .partial()
    .extend({ hosts: siteHostsSchema.optional(), revision: revisionSchema.optional() }),
});
export type OperatorUpdateSiteRequest = z.infer<typeof operatorUpdateSiteRequestSchema>;

/** A site as the operator sees it: with the OAuth client id its web app and headless clients use. */
export const operatorSiteSchema = z.object({ site: siteSchema, clientId: idSchema });
export type OperatorSite = z.infer<typeof operatorSiteSchema>;

export const operatorSiteResponseSchema = operatorSiteSchema;
export const listSitesResponseSchema = z.object({ sites: z.array(operatorSiteSchema) });
export type ListSitesResponse = z.infer<typeof listSitesResponseSchema>;

export const siteIdParamsSchema = z.object({ siteId: idSchema });

export const sitesErrorCodes = {
  /** The site was disabled by the operator: its credentials and pages are refused. */
  siteUnavailable: 'SITE_UNAVAILABLE',
  /** Another site already answers to this host name. */
  hostTaken: 'HOST_TAKEN',
  /** The default site cannot be disabled: hosts no site claims fall back to it. */
  defaultSiteRequired: 'DEFAULT_SITE_REQUIRED',
} as const;
