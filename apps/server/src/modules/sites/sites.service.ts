import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  sitesErrorCodes,
  type CreateSiteRequest,
  type OperatorUpdateSiteRequest,
  type Site,
  type UpdateSiteRequest,
} from '@atrium/contract/sites';
import type { Config } from '../../platform/config.ts';
import type { OperatorContext, RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { badRequest, conflict, forbidden, notFound, staleRevision } from '../../platform/errors/app-error.ts';
import type { SitesRepository, SiteWithHosts } from './sites.repository.ts';

export function toWireSite(row: SiteWithHosts): Site {
  return {
    id: row.id,
    name: row.name,
    timezone: row.timezone,
    currency: row.currency,
    locale: row.locale,
    status: row.status,
    hosts: row.hosts,
    branding: { accentColor: row.branding?.accentColor ?? null, logoUrl: row.branding?.logoUrl ?? null },
    revision: String(row.revision),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

/**
 * Every request reads its site (by credential or by host), so found sites are kept in memory. Any change
 * of a site or a host, by any process, drops them all when the database announces it (row-changes.ts);
 * this process's own changes drop them at once. While the announcements are not heard, entries live
 * `unheardTtlMs`. Misses by id are never kept: a site created elsewhere is found on the next request.
 * Host misses are kept (every request to localhost asks).
 */
const heardTtlMs = 60_000;
const unheardTtlMs = 2_000;
const defaultSiteKey = '\u0000default';
const operatorKeyPattern = /^atrop_([0-9a-f-]{36})_([A-Za-z0-9_-]{43})$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Runs inside a site's settings change: `ctx.site` is the site as changed, `before` as it was. */
export type SiteSettingsListener = (ctx: RequestContext, before: Site, tx: Tx) => Promise<void>;

export function createSitesService(deps: {
  database: Database;
  repository: SitesRepository;
  config: Config;
}) {
  const { database, repository, config } = deps;
  const cache = new Map<string, { site: Site | undefined; expires: number }>();
  // A load that a change overtook may hold the old row: it is answered but not kept.
  let generation = 0;
  const forgetAll = () => {
    generation += 1;
    cache.clear();
  };
  database.rowChanges.subscribe({
    changed: (table) => {
      if (table === 'sites' || table === 'site_hosts') forgetAll();
    },
    lost: forgetAll,
  });
  async function cached(
    key: string,
    load: () => Promise<SiteWithHosts | undefined>,
    keepMiss = false,
  ): Promise<Site | undefined> {
    const now = performance.now();
    const hit = cache.get(key);
    if (hit && hit.expires > now) return hit.site;
    const started = generation;
    const row = await load();
    if (!row && !keepMiss) {
      cache.delete(key);
      return undefined;
    }
    const site = row ? toWireSite(row) : undefined;
    if (started !== generation) return site;
    const ttl = database.rowChanges.listening ? heardTtlMs : unheardTtlMs;
    cache.set(key, { site, expires: now + ttl });
    return site;
  }

  /** Two changes that claim one host at once: the loser is told as if it had come second. */
  async function claimingHosts<T>(hosts: string[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw conflict(sitesErrorCodes.hostTaken, `Host ${hosts.join(', ')} already belongs to another site`, {
        hosts,
      });
    }
  }

  async function assertHostsFree(hosts: string[], siteId: string | undefined, executor: Executor) {
    const unique = [...new Set(hosts)];
    if (unique.length !== hosts.length) throw badRequest('INVALID_REQUEST', 'A host name is listed twice');
    const taken = await repository.hostsClaimedElsewhere(unique, siteId, executor);
    if (taken.length > 0)
      throw conflict(sitesErrorCodes.hostTaken, `Host ${taken.join(', ')} already belongs to another site`, {
        hosts: taken,
      });
  }

  async function requireSite(siteId: string, executor: Executor = database.db): Promise<SiteWithHosts> {
    const row = await repository.findById(siteId, executor);
    if (!row) throw notFound('Site', siteId);
    return row;
  }

  const settingsListeners: SiteSettingsListener[] = [];

  return {
    /**
     * `listener` runs inside every change of a site's settings, in its transaction (a failure undoes the
     * change): the modules whose rows depend on a setting (bookings on the time zone) follow it there.
     */
    onSettingsChange(listener: SiteSettingsListener): void {
      settingsListeners.push(listener);
    },

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

    /**
     * The site a request's host name belongs to; hosts no site claims (localhost, a bare address) belong
     * to the default site. `claimed` says whether a site named the host itself.
     */
    async siteForHost(host: string): Promise<{ site: Site; claimed: boolean }> {
      const claimedBy = host
        ? await cached(`host:${host}`, () => repository.findByHost(host), true)
        : undefined;
      if (claimedBy) return { site: claimedBy, claimed: true };
      return { site: await this.getDefaultSite(), claimed: false };
    },

    async createSite(input: CreateSiteRequest['site']): Promise<Site> {
      const hosts = input.hosts ?? [];
      const row = await claimingHosts(hosts, () =>
        database.transaction(async (tx) => {
          await assertHostsFree(hosts, undefined, tx);
          const inserted = await repository.insert(
            {
              name: input.name,
              timezone: input.timezone ?? config.DEFAULT_SITE_TIMEZONE,
              currency: input.currency ?? config.DEFAULT_SITE_CURRENCY,
              locale: input.locale ?? config.DEFAULT_SITE_LOCALE,
            },
            tx,
          );
          await repository.replaceHosts(inserted.id, hosts, tx);
          return { ...inserted, hosts };
        }),
      );
      forgetAll();
      return toWireSite(row);
    },

    async listSites(_ctx: OperatorContext): Promise<Site[]> {
      return (await repository.list()).map(toWireSite);
    },

    async getSite(_ctx: OperatorContext, siteId: string): Promise<Site> {
      return toWireSite(await requireSite(siteId));
    },

    /** The operator's change of any site: settings and host names. */
    async changeSite(
      _ctx: OperatorContext,
      siteId: string,
      change: OperatorUpdateSiteRequest['site'],
    ): Promise<Site> {
      const { revision, hosts, ...fields } = change;
      const row = await claimingHosts(hosts ?? [], () =>
        database.transaction(async (tx) => {
          const current = await requireSite(siteId, tx);
          const expected = revision === undefined ? current.revision : Number(revision);
          if (hosts) await assertHostsFree(hosts, siteId, tx);
          const updated = await repository.updateAtRevision(siteId, expected, fields, tx);
          if (!updated) throw staleRevision('Site', siteId, expected, current.revision);
          if (hosts) await repository.replaceHosts(siteId, hosts, tx);
          return { ...updated, hosts: hosts ?? current.hosts };
        }),
      );
      forgetAll();
      return toWireSite(row);
    },

    /** Every credential of the site stops working at once, and its pages say it is unavailable. */
    async setSiteStatus(_ctx: OperatorContext, siteId: string, status: Site['status']): Promise<Site> {
      const current = await requireSite(siteId);
      if (status === 'DISABLED' && current.isDefault)
        throw conflict(
          sitesErrorCodes.defaultSiteRequired,
          `Site ${siteId} is the default site (hosts no site claims fall back to it) and cannot be disabled`,
        );
      const updated = await repository.setStatus(siteId, status);
      if (!updated) throw notFound('Site', siteId);
      forgetAll();
      return toWireSite({ ...updated, hosts: current.hosts });
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
      const { revision: _revision, branding, ...fields } = change;
      const site = await database.transaction(async (tx) => {
        const updated = await repository.updateAtRevision(
          ctx.site.id,
          expected,
          {
            ...fields,
            ...(branding
              ? {
                  branding: {
                    accentColor:
                      branding.accentColor === undefined
                        ? (current.branding?.accentColor ?? null)
                        : branding.accentColor,
                    logoUrl:
                      branding.logoUrl === undefined ? (current.branding?.logoUrl ?? null) : branding.logoUrl,
                  },
                }
              : {}),
          },
          tx,
        );
        if (!updated) throw staleRevision('Site', ctx.site.id, expected, current.revision);
        const after = toWireSite({ ...updated, hosts: current.hosts });
        for (const listener of settingsListeners) {
          await listener({ ...ctx, site: after }, toWireSite(current), tx);
        }
        return after;
      });
      forgetAll();
      return site;
    },

    /** A new operator key; the secret is shown once (the CLI prints it). */
    async createOperatorKey(name: string): Promise<{ id: string; key: string }> {
      const secret = randomBytes(32).toString('base64url');
      const row = await repository.insertOperatorKey(name, sha256(secret));
      return { id: row.id, key: `atrop_${row.id}_${secret}` };
    },

    /** The key's id when `key` is a live operator key. */
    async verifyOperatorKey(key: string): Promise<string | undefined> {
      const match = operatorKeyPattern.exec(key);
      if (!match) return undefined;
      const row = await repository.findActiveOperatorKey(match[1]!).catch(() => undefined);
      // Compare even when the key is unknown, so a miss and a wrong secret take the same time.
      const matches = sameSecret(sha256(match[2]!), row?.secretHash ?? sha256('no key'));
      if (!row || !matches) return undefined;
      void repository.touchOperatorKey(row.id).catch(() => undefined);
      return row.id;
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
