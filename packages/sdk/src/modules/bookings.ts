import { defineModule } from '../client.ts';
import { addOnCalls } from './bookings/add-ons.ts';
import { attendanceCalls } from './bookings/attendance.ts';
import { availabilityCalls } from './bookings/availability.ts';
import { bookingCalls } from './bookings/bookings.ts';
import { bookingStatusCalls } from './bookings/booking-status.ts';
import { catalogCalls } from './bookings/catalog.ts';
import { externalCalendarCalls } from './bookings/external-calendars.ts';
import { guestSelfServiceCalls } from './bookings/guest-self-service.ts';
import { optionCalls } from './bookings/options.ts';
import { policyCalls } from './bookings/policies.ts';
import { serviceCalls } from './bookings/services.ts';
import { staffCalls } from './bookings/staff.ts';

export * from './bookings/add-ons.ts';
export * from './bookings/attendance.ts';
export * from './bookings/availability.ts';
export * from './bookings/bookings.ts';
export * from './bookings/booking-status.ts';
export * from './bookings/catalog.ts';
export * from './bookings/external-calendars.ts';
export * from './bookings/guest-self-service.ts';
export * from './bookings/options.ts';
export * from './bookings/policies.ts';
export * from './bookings/services.ts';
export * from './bookings/staff.ts';

/**
 * Every bookings call in one module: services, staff, categories and resources, policies, options and
 * prices, availability and time slots, bookings and their lifecycle. The parts are also modules of their
 * own (`services`, `staffMembers`, `availability`, `bookingsLifecycle`...) for apps that need only one.
 * @example
 * const client = createClient({ baseUrl, auth: OAuthStrategy({ clientId }), modules: { bookings } });
 * const { items } = await client.bookings.queryServices().eq('type', 'CLASS').find();
 * const { timeSlots } = await client.bookings.listAvailabilityTimeSlots({ serviceId: items[0].id, timeZone: 'Europe/London' });
 */
export const bookings = defineModule({
  ...serviceCalls,
  ...staffCalls,
  ...catalogCalls,
  ...externalCalendarCalls,
  ...policyCalls,
  ...optionCalls,
  ...availabilityCalls,
  ...bookingCalls,
  ...guestSelfServiceCalls,
  ...attendanceCalls,
  ...addOnCalls,
  ...bookingStatusCalls,
});
