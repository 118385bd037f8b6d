import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import { createSitesModule } from '../modules/sites/index.ts';

/** Demo data for a fresh install; each module adds its part here. Safe to run twice. */
export async function seedDemoData(deps: { database: Database; config: Config }): Promise<void> {
  const sites = createSitesModule(deps);
  const site = await sites.service.ensureDefaultSite();
  console.log(`Seeded site "${site.name}" (${site.id}).`);
}
