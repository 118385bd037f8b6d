import { sql } from 'drizzle-orm';
import { timestampColumns } from '../../platform/db/columns.ts';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The bookings catalogue: what a business offers and who gives it. Every key leads with site_id
// (platform.md, tenancy). Besides the catalogue's own repositories, only availability's repository reads
// them (for the engine and the lifecycle's slot check), and the lifecycle's catalog repository (a booking's
// service name and prices for commerce). The file is "catalogue" so as not to collide with
// the store catalog; the tables keep their names.

const timestamps = timestampColumns();

export const bookingServices = pgTable(
  'bookings_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    defaultCapacity: integer('default_capacity').notNull().default(1),
    hidden: boolean('hidden').notNull().default(false),
    categoryId: uuid('category_id'),
    formId: uuid('form_id'),
    bookingPolicyId: uuid('booking_policy_id').notNull(),
    rateType: text('rate_type').notNull(),
    /** Fixed price, or the lowest variant price for VARIED; null for CUSTOM and NO_FEE. */
    price: numeric('price', { precision: 21, scale: 6 }),
    currency: text('currency').notNull(),
    onlineBookingEnabled: boolean('online_booking_enabled').notNull().default(true),
    requireManualApproval: boolean('require_manual_approval').notNull().default(false),
    /** Slot length in minutes (first of schedule.availabilityConstraints.durations). */
    durationMinutes: integer('duration_minutes').notNull().default(60),
    /** Buffer after each session (availabilityConstraints.timeBetweenSessions). */
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    /** Buffer before each session (availabilityConstraints.timeBeforeSessions). */
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    scheduleId: uuid('schedule_id').notNull().defaultRandom(),
    firstSessionStart: timestamp('first_session_start', { withTimezone: true, mode: 'date' }),
    lastSessionEnd: timestamp('last_session_end', { withTimezone: true, mode: 'date' }),
    staffMemberIds: uuid('staff_member_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The rest of the wire entity (media, payment, locations, add-on groups ...), validated on write. */
    doc: jsonb('doc').notNull().$type<Record<string, unknown>>(),
    revision: integer('revision').notNull().default(1),
    ...timestamps,
    /** Deleted services stay for the bookings that name them; every catalogue read skips them. */
    deletedDate: timestamp('deleted_date', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('bookings_services_site_idx').on(table.siteId, table.sortOrder, table.createdDate),
    uniqueIndex('bookings_services_schedule_idx').on(table.siteId, table.scheduleId),
    index('bookings_services_staff_idx').using('gin', table.staffMemberIds),
    check('bookings_services_duration_positive', sql`${table.durationMinutes} > 0`),
  ],
);
export type ServiceRow = typeof bookingServices.$inferSelect;

export const bookingServiceSlugs = pgTable(
  'bookings_service_slugs',
  {
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => bookingServices.id, { onDelete: 'cascade' }),
    custom: boolean('custom').notNull().default(false),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.name] }),
    index('bookings_service_slugs_service_idx').on(table.serviceId),
  ],
);
export type SlugRow = typeof bookingServiceSlugs.$inferSelect;

export const bookingCategories = pgTable(
  'bookings_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    extendedFields: jsonb('extended_fields').$type<Record<string, unknown>>(),
    revision: integer('revision').notNull().default(1),
    ...timestamps,
  },
  (table) => [index('bookings_categories_site_idx').on(table.siteId, table.sortOrder)],
);
export type CategoryRow = typeof bookingCategories.$inferSelect;

export const bookingPolicies = pgTable(
  'bookings_booking_policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name'),
    isDefault: boolean('is_default').notNull().default(false),
    /** The sub-policies as the wire entity has them. */
    doc: jsonb('doc').notNull().$type<Record<string, unknown>>(),
    revision: integer('revision').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    index('bookings_booking_policies_site_idx').on(table.siteId, table.createdDate),
    uniqueIndex('bookings_booking_policies_one_default')
      .on(table.siteId)
      .where(sql`${table.isDefault}`),
  ],
);
export type PolicyRow = typeof bookingPolicies.$inferSelect;

export const bookingStaffMembers = pgTable(
  'bookings_staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    description: text('description'),
    mainMedia: jsonb('main_media').$type<Record<string, unknown>>(),
    tags: jsonb('tags').$type<Record<string, unknown>>(),
    extendedFields: jsonb('extended_fields').$type<Record<string, unknown>>(),
    /** True until the staff member is given working hours of their own: they work the business hours. */
    usesDefaultWorkingHours: boolean('uses_default_working_hours').notNull().default(true),
    /**
     * Connection to a dashboard user (Connect Staff Member To User): the email invited, CONNECTED, PENDING or
     * DISCONNECTED as stored (PENDING reads as CONNECTED once a user with that email exists, EXPIRED after
     * 30 days), and the user's identity id once connected. All null when never connected.
     */
    userConnectionEmail: text('user_connection_email'),
    userConnectionStatus: text('user_connection_status'),
    userConnectionDate: timestamp('user_connection_date', { withTimezone: true, mode: 'date' }),
    userId: text('user_id'),
    /** False: kept on the staff but out of booking flows (Set Service Provider); true by default. */
    serviceProvider: boolean('service_provider').notNull().default(true),
    /**
     * Set while the staff member is in the trash bin (deleted, restorable until purged); every reader but
     * the trash bin's leaves such rows out. `servicesBeforeDelete` are the services they gave, given back
     * on restore.
     */
    deletedDate: timestamp('deleted_date', { withTimezone: true, mode: 'date' }),
    servicesBeforeDelete: uuid('services_before_delete').array(),
    revision: integer('revision').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    index('bookings_staff_members_site_idx').on(table.siteId, table.createdDate),
    // The purge scans every site's trash bin by deletion date.
    index('bookings_staff_members_deleted_idx')
      .on(table.deletedDate)
      .where(sql`${table.deletedDate} is not null`),
  ],
);
export type StaffRow = typeof bookingStaffMembers.$inferSelect;

/** Own working hours of a staff member: minutes since local midnight, ISO weekday (1 = Monday). */
export const bookingStaffWorkingHours = pgTable(
  'bookings_staff_working_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    staffMemberId: uuid('staff_member_id')
      .notNull()
      .references(() => bookingStaffMembers.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (table) => [
    index('bookings_staff_working_hours_staff_idx').on(table.siteId, table.staffMemberId),
    check(
      'bookings_staff_working_hours_valid',
      sql`${table.weekday} BETWEEN 1 AND 7 AND ${table.startMinute} >= 0 AND ${table.endMinute} <= 1440 AND ${table.endMinute} > ${table.startMinute}`,
    ),
  ],
);
export type WorkingHoursRow = typeof bookingStaffWorkingHours.$inferSelect;

export const bookingStaffTimeOff = pgTable(
  'bookings_staff_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    staffMemberId: uuid('staff_member_id')
      .notNull()
      .references(() => bookingStaffMembers.id, { onDelete: 'cascade' }),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }).notNull(),
    title: text('title'),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('bookings_staff_time_off_staff_idx').on(table.siteId, table.staffMemberId, table.startDate),
    check('bookings_staff_time_off_valid', sql`${table.endDate} > ${table.startDate}`),
  ],
);
export type TimeOffRow = typeof bookingStaffTimeOff.$inferSelect;

/** Per-site bookings settings; absent row = defaults (Mon-Fri 09:00-17:00 in the site's time zone). */
export const bookingSettings = pgTable('bookings_settings', {
  siteId: uuid('site_id').primaryKey(),
  /** [{weekday: 1..7, startMinute, endMinute}] */
  businessHours: jsonb('business_hours')
    .notNull()
    .$type<Array<{ weekday: number; startMinute: number; endMinute: number }>>(),
  revision: integer('revision').notNull().default(1),
  ...timestamps,
});
export type SettingsRow = typeof bookingSettings.$inferSelect;

export const bookingResourceTypes = pgTable(
  'bookings_resource_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    extendedFields: jsonb('extended_fields').$type<Record<string, unknown>>(),
    revision: integer('revision').notNull().default(1),
    ...timestamps,
  },
  (table) => [index('bookings_resource_types_site_idx').on(table.siteId, table.createdDate)],
);
export type ResourceTypeRow = typeof bookingResourceTypes.$inferSelect;

export const bookingResources = pgTable(
  'bookings_resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    typeId: uuid('type_id')
      .notNull()
      .references(() => bookingResourceTypes.id, { onDelete: 'restrict' }),
    /** The schedule that holds this resource's bookings (availability engine). */
    scheduleId: uuid('schedule_id').notNull().defaultRandom(),
    locationOptions: jsonb('location_options').$type<Record<string, unknown>>(),
    extendedFields: jsonb('extended_fields').$type<Record<string, unknown>>(),
    revision: integer('revision').notNull().default(1),
    ...timestamps,
  },
  (table) => [index('bookings_resources_type_idx').on(table.siteId, table.typeId)],
);
export type ResourceRow = typeof bookingResources.$inferSelect;

export const bookingServiceOptions = pgTable(
  'bookings_service_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => bookingServices.id, { onDelete: 'cascade' }),
    options: jsonb('options').notNull().$type<Array<Record<string, unknown>>>(),
    variants: jsonb('variants').notNull().$type<Array<Record<string, unknown>>>(),
    revision: integer('revision').notNull().default(1),
    ...timestamps,
  },
  (table) => [uniqueIndex('bookings_service_options_service_idx').on(table.siteId, table.serviceId)],
);
export type ServiceOptionsRow = typeof bookingServiceOptions.$inferSelect;

/** Weekly sessions of a CLASS or COURSE, in the site's time zone; the availability engine expands them. */
export const bookingRecurringSessions = pgTable(
  'bookings_recurring_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => bookingServices.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id').notNull(),
    weekday: smallint('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    capacity: integer('capacity').notNull(),
    staffMemberId: uuid('staff_member_id'),
    /** Local dates, inclusive; open-ended when end_date is null. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    ...timestamps,
  },
  (table) => [
    index('bookings_recurring_sessions_schedule_idx').on(table.siteId, table.scheduleId),
    check(
      'bookings_recurring_sessions_valid',
      sql`${table.weekday} BETWEEN 1 AND 7 AND ${table.durationMinutes} > 0 AND ${table.capacity} > 0`,
    ),
  ],
);
export type RecurringSessionRow = typeof bookingRecurringSessions.$inferSelect;

/** One-off sessions of a CLASS or COURSE. */
export const bookingSessions = pgTable(
  'bookings_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => bookingServices.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id').notNull(),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }).notNull(),
    capacity: integer('capacity').notNull(),
    staffMemberId: uuid('staff_member_id'),
    /**
     * Set on an exception to a weekly rule: the occurrence's id (`<ruleId>_<YYYYMMDDTHHmmss local>`) that
     * this row replaces. With `cancelled` the occurrence does not take place.
     */
    occurrenceId: text('occurrence_id'),
    cancelled: boolean('cancelled').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('bookings_sessions_schedule_idx').on(table.siteId, table.scheduleId, table.startDate),
    uniqueIndex('bookings_sessions_occurrence_idx')
      .on(table.siteId, table.occurrenceId)
      .where(sql`${table.occurrenceId} IS NOT NULL`),
    check('bookings_sessions_valid', sql`${table.endDate} > ${table.startDate} AND ${table.capacity} > 0`),
  ],
);
export type SessionRow = typeof bookingSessions.$inferSelect;
