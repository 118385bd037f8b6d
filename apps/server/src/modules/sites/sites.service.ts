import type { Site, UpdateSiteRequest } from '@atrium/contract/sites';
import type { Config } from '../../platform/config.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/db/database.ts';
import { forbidden, notFound, staleRevision } from '../../platform/errors/app-error.ts';
import type { SitesRepository } from './sites.repository.ts';
import type { SiteRow } from './sites.tables.ts';

export function toWireSite(row: SiteRow): Site {
  return {
    id: row.id,
    name: row.name,
    timezone: row.timezone,
    currency: row.currency,
    locale: row.locale,
    revision: String(row.revision),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

/**
 * Every request reads its site (the authenticators resolve it), so found sites are kept for a short
 * while. This process's own changes drop the entry at once; another process's change shows within the
 * TTL. Misses are never kept: a site created elsewhere is found on the next request.
 */
const siteCacheTtlMs = 2_000;
const defaultSiteKey = '\u0000default';

export function createSitesService(deps: { repository: SitesRepository; config: Config }) {
  const { repository, config } = deps;
  const cache = new Map<string, { site: Site; expires: number }>();
  async function cached(key: string, load: () => Promise<SiteRow | undefined>): Promise<Site | undefined> {
    const now = performance.now();
    const hit = cache.get(key);
    if (hit && hit.expires > now) return hit.site;
    const row = await load();
    if (!row) {
      cache.delete(key);
      return undefined;
    }
    const site = toWireSite(row);
    cache.set(key, { site, expires: now + siteCacheTtlMs });
    return site;
  }
  return {
    /** First start creates the default site from configuration. */
    async ensureDefaultSite(): Promise<Site> {
      const existing = await repository.findDefault();
      if (existing) return toWireSite(existing);
      const created = await repository.insertDefaultIfMissing({
        name: config.DEFAULT_SITE_NAME,
        timezone: config.DEFAULT_SITE_TIMEZONE,
        currency: config.DEFAULT_SITE_CURRENCY,
        locale: config.DEFAULT_SITE_LOCALE,
      });
      return toWireSite(created);
    },

    async hasDefaultSite(): Promise<boolean> {
      return (await repository.findDefault()) !== undefined;
    },

    /** `executor`: read inside the caller's transaction on a miss (on PGlite the pool waits for it). */
    async findSite(siteId: string, executor?: Executor): Promise<Site | undefined> {
      return cached(siteId, () => repository.findById(siteId, executor));
    },

    async getDefaultSite(): Promise<Site> {
      const site = await cached(defaultSiteKey, () => repository.findDefault());
      if (!site) throw notFound('Default site');
      return site;
    },

    async createSite(input: {
      name: string;
      timezone: string;
      currency: string;
      locale: string;
    }): Promise<Site> {
      return toWireSite(await repository.insert(input));
    },

    async updateSite(ctx: RequestContext, change: UpdateSiteRequest['site']): Promise<Site> {
      if (
        ctx.caller.identityType !== 'WIX_USER' ||
        (ctx.caller.role !== 'OWNER' && ctx.caller.role !== 'ADMIN')
      ) {
        throw forbidden('Only the owner or an admin can change site settings');
      }
      const current = await repository.findById(ctx.site.id);
      if (!current) throw notFound('Site', ctx.site.id);
      const expected = change.revision === undefined ? current.revision : Number(change.revision);
      const { revision: _revision, ...fields } = change;
      const updated = await repository.updateAtRevision(ctx.site.id, expected, fields);
      if (!updated) throw staleRevision('Site', ctx.site.id, expected, current.revision);
      cache.clear();
      return toWireSite(updated);
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
