import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../../platform/db/database.ts';
import type { EventBus } from '../../../platform/bus/types.ts';
import type { Site } from '@atrium/contract/sites';
import type { MailService } from '../../../platform/mail/mail.service.ts';
import type { Config } from '../../../platform/config.ts';
import type { RateLimiter } from '../../../platform/rate-limit/rate-limiter.ts';
import { loadOrCreateSecret } from '../../../platform/secrets/secrets.ts';
import type { SecretSealer } from '../../../platform/secrets/sealing.ts';
import { attendanceFeesRoutes } from './attendance-fees.routes.ts';
import { createAttendanceFeesService } from './attendance-fees.service.ts';
import { createAttendanceRepository } from './attendance.repository.ts';
import { registerBookingCreateLimits } from './booking-create-limits.ts';
import { createBookingHistoryRepository } from './booking-history.repository.ts';
import { bookingHistoryRoutes } from './booking-history.routes.ts';
import { createBookingHistoryService } from './booking-history.service.ts';
import { createBookingsCatalogProvider } from './bookings-catalog-provider.ts';
import { createBookingsCatalogRepository } from './bookings-catalog.repository.ts';
import { createBookingsRepository } from './bookings.repository.ts';
import { bulkBookingStatusRoutes } from './bulk-booking-status.routes.ts';
import { createBulkBookingStatusService } from './bulk-booking-status.service.ts';
import { lifecycleRoutes } from './bookings.routes.ts';
import { createBookingsService, reminderSweepName } from './bookings.service.ts';
import { paymentHoldSweepName } from './payment-holds.ts';
import { createExtendedBookingsRepository } from './extended-bookings.repository.ts';
import { createExtendedBookingsService } from './extended-bookings.service.ts';
import { createGuestSelfService } from './guest-self-service.ts';
import { guestSelfServiceRoutes } from './guest-self-service.routes.ts';
import { createGuestTokens, guestBookingPagePath } from './guest-tokens.ts';
import { siteAddressFor } from '../../../platform/http/site-address.ts';
import { createMultiServiceBookingsService } from './multi-service.service.ts';
import { createRecordingSmsSender, type SmsSender } from './notifications.ts';
import { createSlotChecker } from './slot-check.ts';
import { createGuestBookingsRepository } from './guest-bookings.repository.ts';
import {
  identityEvents,
  type MemberEmailVerifiedEvent,
  type MemberSignedInEvent,
} from '../../identity/index.ts';
import { createAvailabilityRepository } from '../availability/index.ts';
import type { BookingRow } from './bookings.tables.ts';
import type { Service } from '@atrium/contract/bookings/services';
import type { RequestContext } from '../../../platform/context.ts';

/** A booking as another part of bookings sees it (external calendars' feeds). */
export type HeldBooking = Pick<
  BookingRow,
  | 'id'
  | 'revision'
  | 'status'
  | 'title'
  | 'contactDetails'
  | 'startDate'
  | 'endDate'
  | 'createdDate'
  | 'updatedDate'
>;

/** A staff member's bookings that hold their time (booking-state.ts, `holdsSlot`) and end after `since`. */
export type SlotHoldingBookingsOf = (
  siteId: string,
  staffMemberId: string,
  since: Date,
  limit: number,
) => Promise<HeldBooking[]>;

export interface BookingsLifecycleDeps {
  database: Database;
  events: EventBus;
  mail?: MailService;
  /** SMS reminders; the default only records what it would send (no SMS provider is configured). */
  sms?: SmsSender;
  /** Minutes before a confirmed booking's start that its reminder goes out (default 24 hours). */
  reminderLeadMinutes?: number;
  /** A site by id (reminders name the business); `executor` reads it inside the caller's transaction. */
  findSite: (siteId: string, executor?: Executor) => Promise<Site | undefined>;
  /** Counts customers' booking creation (booking-create-limits.ts). */
  rateLimiter: RateLimiter;
  config: Pick<
    Config,
    | 'BOOKING_CREATE_RATE_LIMIT_PER_VISITOR'
    | 'BOOKING_CREATE_RATE_LIMIT_PER_IP'
    | 'BOOKINGS_PAYMENT_HOLD_MINUTES'
    | 'PUBLIC_URL'
    | 'PORT'
  >;
  /** Where system work (the payment-hold sweep) logs. */
  log: FastifyBaseLogger;
  /** Seals the deployment's secrets (guest tokens' signing key). */
  sealer: SecretSealer;
  /** A service as the catalogue shows it to the caller (guest self-service shows the booking's). */
  serviceOf: (ctx: RequestContext, serviceId: string) => Promise<Service>;
}

/**
 * The bookings lifecycle (bookings, multi-service bookings, extended bookings, attendance, fees,
 * notifications). Build it while the app is built: it defines the reminder sweep on the event bus.
 */
export function createBookingsLifecycleModule(deps: BookingsLifecycleDeps) {
  const repository = createBookingsRepository(deps.database.db);
  const slots = createSlotChecker({
    availability: createAvailabilityRepository(deps.database.db),
    bookings: repository,
  });
  let guestKey: Promise<Buffer> | undefined;
  const guestTokenKey = () =>
    (guestKey ??= loadOrCreateSecret(deps.database, 'bookings-guest-tokens', deps.sealer));
  const tokens = createGuestTokens(guestTokenKey);
  const siteAddress = siteAddressFor(deps.config);
  const recorder = deps.sms ? undefined : createRecordingSmsSender();
  const sms = deps.sms ?? recorder!;
  const bookings = createBookingsService({
    database: deps.database,
    repository,
    slots,
    events: deps.events,
    mail: deps.mail,
    sms,
    reminderLeadMinutes: deps.reminderLeadMinutes ?? 24 * 60,
    paymentHoldMinutes: deps.config.BOOKINGS_PAYMENT_HOLD_MINUTES,
    findSite: deps.findSite,
    log: deps.log,
    guestLinkOf: async (site, bookingId, now) => {
      const token = await tokens.issue(site.id, now, 'BOOKING', bookingId);
      return { url: `${siteAddress(site)}${guestBookingPagePath(token)}`, token };
    },
  });
  const multiService = createMultiServiceBookingsService({ repository, bookings, events: deps.events });
  const extended = createExtendedBookingsService({
    database: deps.database,
    repository,
    extendedRepository: createExtendedBookingsRepository(deps.database.db),
    bookings,
    slots,
  });
  const history = createBookingHistoryService({
    history: createBookingHistoryRepository(deps.database.db),
    bookings: repository,
  });
  const attendanceFees = createAttendanceFeesService({
    attendance: createAttendanceRepository(deps.database.db),
    repository,
    extended,
  });
  const guests = createGuestSelfService({
    db: deps.database.db,
    tokens,
    repository,
    bookings,
    multiService,
    extended,
    slots,
    serviceOf: deps.serviceOf,
  });
  deps.events.cron(reminderSweepName, '* * * * *', async () => {
    await bookings.sendDueReminders(new Date());
  });
  deps.events.cron(paymentHoldSweepName, '* * * * *', async () => {
    await bookings.expireDueHolds(new Date());
  });
  // What a visitor booked becomes theirs as a member: from the visitor credential they signed in with,
  // and, once they prove their address, every guest booking made under it.
  const guestBookings = createGuestBookingsRepository(deps.database.db);
  deps.events.subscribe<MemberSignedInEvent>(
    identityEvents.memberSignedIn,
    'bookings.hand-over-visitor-bookings',
    async (event, tx) => {
      await guestBookings.handOver(
        event.siteId,
        event.data.memberId,
        { visitorId: event.data.visitorId },
        tx,
      );
    },
  );
  deps.events.subscribe<MemberEmailVerifiedEvent>(
    identityEvents.memberEmailVerified,
    'bookings.hand-over-guest-bookings',
    async (event, tx) => {
      await guestBookings.handOver(event.siteId, event.data.memberId, { email: event.data.email }, tx);
    },
  );
  const catalog = createBookingsCatalogProvider({
    repository,
    catalog: createBookingsCatalogRepository(deps.database.db),
    bookings,
    findSite: deps.findSite,
    log: deps.log,
  });
  const slotHoldingBookingsOf: SlotHoldingBookingsOf = (siteId, staffMemberId, since, limit) =>
    repository.slotHoldingOfStaff(siteId, staffMemberId, since, limit);
  return {
    bookings,
    multiService,
    slotHoldingBookingsOf,
    /** Participants waiting per class session, or per course under its schedule id (availability shows them). */
    waitlistedOf: (siteId: string, scheduleIds: readonly string[]) =>
      repository.waitlistedOf(siteId, scheduleIds),
    extended,
    /** Bookings as commerce sells them (bookings-catalog-provider.ts), under `bookingsAppId`. */
    catalog,
    sms,
    /** What the default adapter recorded (empty with a real SMS adapter). */
    sentSms: recorder?.sent ?? [],
    routes: async (app: FastifyInstance) => {
      // Read before any request: a change's mails sign their guest link inside its transaction, where a
      // read of its own would wait for the embedded database's one connection.
      await guestTokenKey();
      registerBookingCreateLimits(app, deps.rateLimiter, {
        perVisitor: deps.config.BOOKING_CREATE_RATE_LIMIT_PER_VISITOR,
        perIp: deps.config.BOOKING_CREATE_RATE_LIMIT_PER_IP,
      });
      await app.register(lifecycleRoutes, { bookings, multiService, extended });
      await app.register(bookingHistoryRoutes, { history });
      await app.register(guestSelfServiceRoutes, { guests });
      await app.register(attendanceFeesRoutes, { service: attendanceFees });
      await app.register(bulkBookingStatusRoutes, {
        bulk: createBulkBookingStatusService({ bookings, repository, extended }),
      });
    },
  };
}

export type BookingsLifecycleModule = ReturnType<typeof createBookingsLifecycleModule>;
