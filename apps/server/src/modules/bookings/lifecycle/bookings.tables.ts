import { sql } from 'drizzle-orm';
import { timestampColumns } from '../../../platform/db/columns.ts';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The bookings lifecycle: bookings, the time they hold, class spots, multi-service groups, attendance,
// fees and booking forms. Every key leads with site_id (platform.md, tenancy). The no-double-booking
// rule lives in the database: an EXCLUDE constraint on bookings_occupancy (custom migration
// bookings_occupancy_exclusion) and row locks on bookings_session_spots.

const timestamps = timestampColumns();

export const bookingStatusValues = [
  'CREATED',
  'CONFIRMED',
  'CANCELED',
  'PENDING',
  'DECLINED',
  'WAITING_LIST',
] as const;

export const bookings = pgTable(
  'bookings_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    /** APPOINTMENT, CLASS or COURSE, copied from the service when booked. */
    serviceType: text('service_type').notNull(),
    title: text('title'),
    status: text('status', { enum: bookingStatusValues }).notNull(),
    paymentStatus: text('payment_status').notNull().default('UNDEFINED'),
    selectedPaymentOption: text('selected_payment_option')
      .notNull()
      .default('UNKNOWN_SELECTED_PAYMENT_OPTION'),
    revision: integer('revision').notNull().default(1),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }).notNull(),
    timezone: text('timezone').notNull(),
    /** The staff member giving an appointment (or teaching the class session). */
    staffMemberId: uuid('staff_member_id'),
    resourceIds: uuid('resource_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Class session id (availability engine's occurrence id); `COURSE` for a course enrolment. */
    sessionKey: text('session_key'),
    location: jsonb('location').$type<Record<string, unknown>>(),
    contactDetails: jsonb('contact_details').$type<Record<string, unknown>>(),
    totalParticipants: integer('total_participants').notNull().default(1),
    participantsChoices: jsonb('participants_choices').$type<Record<string, unknown>>(),
    formId: uuid('form_id'),
    formSubmission: jsonb('form_submission').$type<Record<string, unknown>>(),
    formSubmissionId: text('form_submission_id'),
    externalUserId: text('external_user_id'),
    extendedFields: jsonb('extended_fields').$type<Record<string, Record<string, unknown>>>(),
    doubleBooked: boolean('double_booked').notNull().default(false),
    sendSmsReminder: boolean('send_sms_reminder').notNull().default(false),
    multiServiceBookingId: uuid('multi_service_booking_id'),
    multiServiceBookingType: text('multi_service_booking_type'),
    /** Who made it: identity type and id (customers may act only on their own bookings). */
    createdByType: text('created_by_type').notNull(),
    createdById: text('created_by_id'),
    actor: text('actor').notNull(),
    platform: text('platform').notNull().default('WEB'),
    canceledDate: timestamp('canceled_date', { withTimezone: true, mode: 'date' }),
    /** The start the reminder went out for; a reschedule makes the booking due for one again. */
    remindedStartDate: timestamp('reminded_start_date', { withTimezone: true, mode: 'date' }),
    /**
     * Until when a booking waiting for online payment holds its slot (payment-holds.ts); null once paid
     * or confirmed. A DECLINED booking that still has it was declined because the hold expired.
     */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    index('bookings_bookings_site_start_idx').on(table.siteId, table.startDate),
    // What the reminder sweep reads: confirmed bookings not yet reminded for their start, by start.
    index('bookings_bookings_reminder_due_idx')
      .on(table.startDate)
      .where(
        sql`${table.status} = 'CONFIRMED' AND ${table.remindedStartDate} IS DISTINCT FROM ${table.startDate}`,
      ),
    index('bookings_bookings_site_created_idx').on(table.siteId, table.createdDate),
    index('bookings_bookings_session_idx').on(table.siteId, table.scheduleId, table.sessionKey, table.status),
    index('bookings_bookings_staff_idx').on(table.siteId, table.staffMemberId, table.startDate),
    index('bookings_bookings_msb_idx').on(table.siteId, table.multiServiceBookingId),
    // What the payment-hold sweep reads: bookings still waiting for a payment, by hold expiry.
    index('bookings_bookings_hold_due_idx')
      .on(table.holdExpiresAt)
      .where(sql`${table.status} = 'CREATED' AND ${table.holdExpiresAt} IS NOT NULL`),
    check('bookings_bookings_participants_positive', sql`${table.totalParticipants} > 0`),
    check('bookings_bookings_dates_valid', sql`${table.endDate} > ${table.startDate}`),
  ],
);
export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = typeof bookings.$inferInsert;

/**
 * The time a booking holds a staff member or resource: one row per holder. The custom migration adds
 * `EXCLUDE USING gist (site_id WITH =, holder_id WITH =, tstzrange(start_date, end_date) WITH &&)
 * WHERE (active AND NOT double_booked)`, so two overlapping active holds can never both commit, whichever
 * process writes them. `end_date` includes the service's buffer after the session.
 */
export const bookingOccupancy = pgTable(
  'bookings_occupancy',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    holderId: uuid('holder_id').notNull(),
    /** STAFF or RESOURCE. */
    holderKind: text('holder_kind').notNull(),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }).notNull(),
    active: boolean('active').notNull().default(true),
    doubleBooked: boolean('double_booked').notNull().default(false),
    /** The booking's payment hold: past it the row no longer counts and the next booking deletes it. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('bookings_occupancy_booking_idx').on(table.bookingId),
    index('bookings_occupancy_holder_idx').on(table.siteId, table.holderId, table.startDate),
    check('bookings_occupancy_valid', sql`${table.endDate} > ${table.startDate}`),
  ],
);
export type OccupancyRow = typeof bookingOccupancy.$inferSelect;

/**
 * Spots of one class session (or a whole course, session_key `COURSE`). Every booking that takes or gives
 * back spots locks this row first (SELECT ... FOR UPDATE), so capacity holds across processes.
 */
export const bookingSessionSpots = pgTable(
  'bookings_session_spots',
  {
    siteId: uuid('site_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    sessionKey: text('session_key').notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
    waitlistCapacity: integer('waitlist_capacity').notNull().default(0),
    waitlisted: integer('waitlisted').notNull().default(0),
    updatedDate: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.scheduleId, table.sessionKey] }),
    check('bookings_session_spots_nonnegative', sql`${table.booked} >= 0 AND ${table.waitlisted} >= 0`),
  ],
);
export type SessionSpotsRow = typeof bookingSessionSpots.$inferSelect;

export const multiServiceBookings = pgTable(
  'bookings_multi_service_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    type: text('type').notNull(),
    revision: integer('revision').notNull().default(1),
    createdById: text('created_by_id'),
    ...timestamps,
  },
  (table) => [index('bookings_multi_service_bookings_site_idx').on(table.siteId, table.createdDate)],
);
export type MultiServiceBookingRow = typeof multiServiceBookings.$inferSelect;

export const bookingAttendance = pgTable(
  'bookings_attendance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    sessionKey: text('session_key'),
    status: text('status').notNull(),
    numberOfAttendees: integer('number_of_attendees').notNull().default(0),
    revision: integer('revision').notNull().default(1),
    ...timestamps,
  },
  (table) => [uniqueIndex('bookings_attendance_booking_idx').on(table.siteId, table.bookingId)],
);
export type AttendanceRow = typeof bookingAttendance.$inferSelect;

export const bookingFees = pgTable(
  'bookings_booking_fees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    trigger: text('trigger').notNull(),
    status: text('status').notNull(),
    amount: numeric('amount', { precision: 21, scale: 6 }).notNull(),
    currency: text('currency').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bookings_booking_fees_booking_trigger_idx').on(table.siteId, table.bookingId, table.trigger),
  ],
);
export type BookingFeeRow = typeof bookingFees.$inferSelect;

/** The fields a booking form asks for; a service names its form (service.form.id). */
export const bookingForms = pgTable(
  'bookings_booking_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    fields: jsonb('fields').notNull().$type<
      Array<{
        name: string;
        label?: string | null;
        type: string;
        required: boolean;
        maxLength?: number | null;
      }>
    >(),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('bookings_booking_forms_site_idx').on(table.siteId)],
);
export type BookingFormRow = typeof bookingForms.$inferSelect;
