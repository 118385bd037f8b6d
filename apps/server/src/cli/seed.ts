import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import { createSitesModule } from '../modules/sites/index.ts';
import { createIdentityModule } from '../modules/identity/index.ts';
import { createMailModule } from '../platform/mail/index.ts';
import { createBookingsCatalogueModule } from '../modules/bookings/index.ts';
import { seedBookingsCatalogue } from '../modules/bookings/catalogue-seed.ts';
import { seedDataCollections } from '../modules/data/data-seed.ts';
import { createStoresModule } from '../modules/stores/index.ts';
import { seedStoreCatalog } from '../modules/stores/stores-seed.ts';
import { createHoldsService } from '../platform/holds/holds.service.ts';
import { createQueryRunner } from '../platform/query/run-query.ts';
import { loadOrCreateSecret } from '../platform/secrets/secrets.ts';
import type { EventBus } from '../platform/bus/types.ts';
import { secretSealerFor } from '../platform/secrets/sealing.ts';
import { seedDemoBookings } from './seed-bookings.ts';
import type { Site } from '@atrium/contract/sites';
import type { RequestContext } from '../platform/context.ts';
import pino from 'pino';

/**
 * Demo data for a fresh install (or for `site`, a site made with create-site); each module adds its
 * part here. Safe to run twice.
 */
export async function seedDemoData(
  deps: { database: Database; config: Config },
  only?: { site: Site },
): Promise<void> {
  const sites = createSitesModule(deps);
  const site = only?.site ?? (await sites.service.ensureDefaultSite());
  console.log(`Seeded site "${site.name}" (${site.id}).`);
  const identity = await seedIdentities(deps, site.id, sites.service);
  const seededCatalog = await seedBookingsCatalogue(
    createBookingsCatalogueModule({ ...deps, dashboardUsers: identity.dashboardUsers }),
    site,
  );
  console.log(
    seededCatalog
      ? 'Seeded the yoga studio catalogue (3 teachers, an appointment, a class, a course).'
      : 'Bookings catalogue exists (left alone).',
  );
  if (seededCatalog && !only && site.name === deps.config.DEFAULT_SITE_NAME) {
    // The demo catalogue is a yoga studio: name the site after it unless the owner named it already.
    await sites.service.updateSite(seedContext(site), { name: 'Lotus Yoga Studio' });
  }
  if (seededCatalog) {
    const { apiKey, key } = await identity.staff.createOwnerApiKey(
      site.id,
      'Demo data seeding (revoked after use)',
    );
    const made = await seedDemoBookings({
      ...deps,
      apiKey: { key, revoke: () => identity.staff.revokeApiKey(seedContext(site), apiKey.id) },
    });
    console.log(`Seeded ${made} demo bookings (the last four weeks and the coming week).`);
  }
  const seededShop = await seedStoreCatalog(
    await storesForSeeding(deps, sites.service.findSite),
    seedContext(site),
  );
  console.log(
    seededShop
      ? 'Seeded the studio shop (12 products with options, photos and stock; 3 collections).'
      : 'Store products exist (left alone).',
  );
  const seededData = await seedDataCollections(deps.database, site, secretSealerFor(deps.config));
  console.log(
    seededData
      ? 'Seeded data collections "Posts" (4 blog posts) and "Team" (3 authors).'
      : 'Data collections "Posts"/"Team" exist (left alone).',
  );
}

/** The store module as the seed uses it: no event bus (a fresh install has no subscribers yet). */
async function storesForSeeding(
  deps: { database: Database; config: Config },
  findSite: ReturnType<typeof createSitesModule>['service']['findSite'],
) {
  const noEvents = { emit: async () => 'seed', emitMany: async () => [] } as unknown as EventBus;
  return createStoresModule({
    database: deps.database,
    events: noEvents,
    queries: createQueryRunner({
      cursorKey: await loadOrCreateSecret(deps.database, 'cursor', secretSealerFor(deps.config)),
    }),
    holds: createHoldsService({ database: deps.database, events: noEvents }),
    findSite,
  });
}

export const demoOwner = { email: 'owner@example.com', password: 'atrium-demo-owner' };
export const demoMember = { email: 'member@example.com', password: 'atrium-demo-member' };

/** A demo owner (dashboard sign-in) and a demo member (site sign-in), with their passwords printed. */
async function seedIdentities(
  deps: { database: Database; config: Config },
  siteId: string,
  sitesService: ReturnType<typeof createSitesModule>['service'],
) {
  const mail = createMailModule(deps);
  const identity = createIdentityModule({
    ...deps,
    mail: mail.service,
    findSite: sitesService.findSite,
  });
  const client = await identity.ensureSiteClient(siteId);
  const owner = await identity.staff.ensureOwner(siteId, demoOwner.email, demoOwner.password, {
    firstName: 'Demo',
    lastName: 'Owner',
  });
  console.log(
    owner.created
      ? `Demo owner ${demoOwner.email} / ${demoOwner.password} (dashboard sign-in).`
      : `Demo owner ${demoOwner.email} exists (password unchanged).`,
  );
  const member = await identity.members.seedMember(siteId, demoMember.email, demoMember.password, {
    firstName: 'Demo',
    lastName: 'Member',
  });
  console.log(
    member
      ? `Demo member ${demoMember.email} / ${demoMember.password} (site sign-in).`
      : `Demo member ${demoMember.email} exists (password unchanged).`,
  );
  console.log(`OAuth clientId of the site: ${client.id}`);
  return identity;
}

export function seedContext(site: Site): RequestContext {
  return {
    requestId: 'seed',
    site,
    caller: { identityType: 'WIX_USER', role: 'OWNER', identityId: 'seed' },
    log: pino({ level: 'silent' }),
    now: () => new Date(),
  };
}
