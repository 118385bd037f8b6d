// Every module's tables, gathered for drizzle (typed queries) and drizzle-kit (migrations).
import * as sitesTables from '../../modules/sites/sites.tables.ts';
import * as secretsTables from '../secrets/secrets.tables.ts';
import * as eventsTables from '../events/events.tables.ts';
import * as identityTables from '../../modules/identity/identity.tables.ts';
import * as mailTables from '../mail/mail.tables.ts';
import * as dataTables from '../../modules/data/data.tables.ts';
import * as dataJobsTables from '../../modules/data/jobs/data-jobs.tables.ts';
import * as availabilityTables from '../../modules/bookings/availability/availability.tables.ts';
import * as bookingsCatalogTables from '../../modules/bookings/catalog.tables.ts';
import * as bookingsLifecycleTables from '../../modules/bookings/lifecycle/bookings.tables.ts';
import * as bookingsExternalCalendarsTables from '../../modules/bookings/external-calendars/external-calendars.tables.ts';

export const schema = {
  ...sitesTables,
  ...secretsTables,
  ...eventsTables,
  ...identityTables,
  ...mailTables,
  ...dataTables,
  ...dataJobsTables,
  ...availabilityTables,
  ...bookingsCatalogTables,
  ...bookingsLifecycleTables,
  ...bookingsExternalCalendarsTables,
};
