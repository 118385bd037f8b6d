import { createClient } from '@atrium/sdk';
import {
  storesBrands,
  storesCollections,
  storesInventory,
  storesProducts,
  storesRibbons,
} from '@atrium/sdk/modules/stores';
import { staffAuth } from '../../../../lib/atrium-client.ts';

/**
 * The store screens' own client: the dashboard session with the store modules, which only these lazy
 * pages load. Only this folder's hooks call it.
 */
export const store = createClient({
  baseUrl: '',
  auth: staffAuth,
  modules: {
    products: storesProducts,
    collections: storesCollections,
    inventory: storesInventory,
    brands: storesBrands,
    ribbons: storesRibbons,
  },
});
