// Every module's tables, gathered for drizzle (typed queries) and drizzle-kit (migrations).
import * as sitesTables from '../../modules/sites/sites.tables.ts';
import * as secretsTables from '../secrets/secrets.tables.ts';

export const schema = { ...sitesTables, ...secretsTables };
