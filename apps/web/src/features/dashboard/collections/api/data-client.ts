import { createClient } from '@atrium/sdk';
import {
  backups,
  collectionSchema,
  collections,
  dataPermissions,
  externalConnections,
  items,
  jobs,
} from '@atrium/sdk/modules/data';
import { staffAuth } from '../../../../lib/atrium-client.ts';

/**
 * The collections screens' own client: the dashboard session with the data modules, which only these lazy
 * pages load (the rest of the dashboard never pays for the data module's query and filter code).
 */
export const data = createClient({
  baseUrl: '',
  auth: staffAuth,
  modules: { collections, items, jobs, backups, collectionSchema, dataPermissions, externalConnections },
});
