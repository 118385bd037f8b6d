import { defineModule } from '../client.ts';
import { brandCalls } from './stores/brands.ts';
import { customizationCalls } from './stores/customizations.ts';
import { infoSectionCalls } from './stores/info-sections.ts';
import { inventoryItemV3Calls } from './stores/inventory-items-v3.ts';
import { productV3Calls } from './stores/products-v3.ts';
import { ribbonCalls } from './stores/ribbons.ts';

export * from './stores/brands.ts';
export * from './stores/collections.ts';
export * from './stores/customizations.ts';
export * from './stores/info-sections.ts';
export * from './stores/inventory-items-v3.ts';
export * from './stores/inventory.ts';
export * from './stores/products-v1.ts';
export * from './stores/products-v3.ts';
export * from './stores/ribbons.ts';

/**
 * The store catalog v3 calls in one module, named as the official `@wix/stores` v3 clients name them:
 * products and inventory items, and the labels and building blocks products refer to (brands, ribbons,
 * customizations, info sections). Each family is also a module of its own; catalog v1 (products,
 * collections, inventory) is in `storesProducts`, `storesCollections` and `storesInventory` only, since
 * its calls share names with v3's.
 * @example
 * const client = createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { stores } });
 * const brand = await client.stores.getOrCreateBrand('Acme');
 * const mug = await client.stores.createProduct({ name: 'Mug', productType: 'PHYSICAL', brand: { id: brand.id }, variantsInfo: { variants: [{ price: { actualPrice: { amount: '12' } } }] } });
 */
export const stores = defineModule({
  ...productV3Calls,
  ...inventoryItemV3Calls,
  ...brandCalls,
  ...ribbonCalls,
  ...customizationCalls,
  ...infoSectionCalls,
});

export const storesProductsV3 = defineModule(productV3Calls);
export const storesInventoryItemsV3 = defineModule(inventoryItemV3Calls);
export const storesBrands = defineModule(brandCalls);
export const storesRibbons = defineModule(ribbonCalls);
export const storesCustomizations = defineModule(customizationCalls);
export const storesInfoSections = defineModule(infoSectionCalls);
