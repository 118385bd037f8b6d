import type { Site, updateSiteRequestSchema, SiteResponse } from '@atrium/contract/sites';
import type { z } from 'zod';
import { defineModule } from '../client.ts';
import type { DateInput, WithDates } from '../dates.ts';

export type { Site };
export type SiteChange = DateInput<z.input<typeof updateSiteRequestSchema>['site']>;

/**
 * The caller's site settings.
 * @example
 * const client = createClient({ baseUrl, auth, modules: { sites } });
 * const site = await client.sites.getSite();
 * await client.sites.updateSite({ name: 'Studio Nord', revision: site.revision });
 */
export const sites = defineModule({
  /** `GET /sites/v1/site`: the site the credentials belong to. */
  getSite: (context) => async (): Promise<WithDates<Site>> =>
    (await context.request<SiteResponse>({ method: 'GET', path: '/sites/v1/site' })).site,

  /**
   * `PATCH /sites/v1/site`: changes the fields given. With `revision`, a stale copy fails with
   * ApplicationError code `REVISION_MISMATCH` (409).
   */
  updateSite:
    (context) =>
    async (change: SiteChange): Promise<WithDates<Site>> =>
      (
        await context.request<SiteResponse>({
          method: 'PATCH',
          path: '/sites/v1/site',
          body: { site: change },
        })
      ).site,
});
