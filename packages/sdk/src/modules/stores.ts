import { defineModule } from '../client.ts';
import { brandCalls } from './stores/brands.ts';
import { customizationCalls } from './stores/customizations.ts';
import { infoSectionCalls } from './stores/info-sections.ts';
import { ribbonCalls } from './stores/ribbons.ts';

export * from './stores/brands.ts';
export * from './stores/collections.ts';
export * from './stores/customizations.ts';
export * from './stores/info-sections.ts';
export * from './stores/inventory.ts';
export * from './stores/products-v1.ts';
export * from './stores/ribbons.ts';

/**
 * The store catalog's calls in one module. The catalog v3 labels and building blocks products refer to
 * (brands, ribbons, customizations, info sections) are also modules of their own.
 * @example
 * const client = createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { stores } });
 * const brand = await client.stores.getOrCreateBrand('Acme');
 */
export const stores = defineModule({
  ...brandCalls,
  ...ribbonCalls,
  ...customizationCalls,
  ...infoSectionCalls,
});

export const storesBrands = defineModule(brandCalls);
export const storesRibbons = defineModule(ribbonCalls);
export const storesCustomizations = defineModule(customizationCalls);
export const storesInfoSections = defineModule(infoSectionCalls);
