import type { Interval } from './intervals.ts';

/**
 * The engine's input: plain data, no I/O. The loader (availability.repository.ts) builds it from the
 * catalogue's tables; tests and the benchmark build it by hand.
 */

export type Weekday = 'MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT' | 'SUN';
export const weekdays: readonly Weekday[] = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

/** One weekly opening: local `HH:mm` in the owner's time zone; `end` may be `24:00`. */
export interface WeeklyRange {
  weekday: Weekday;
  start: string;
  end: string;
}

export interface BookingPolicyLimits {
  /** Booking opens this many minutes before a slot starts (earlier is "too early"); null: no limit. */
  earliestBookingInMinutes: number | null;
  /** Booking closes this many minutes before a slot starts (later is "too late"); null: at the start. */
  latestBookingInMinutes: number | null;
  /** Online booking switched off: every slot is listed but none is bookable. */
  bookOnlineDisabled: boolean;
  /** Courses: whether a customer may still enrol once the first session has started. */
  bookAfterStartEnabled: boolean;
}

export const openPolicy: BookingPolicyLimits = {
  earliestBookingInMinutes: null,
  latestBookingInMinutes: null,
  bookOnlineDisabled: false,
  bookAfterStartEnabled: false,
};

export type ServiceType = 'APPOINTMENT' | 'CLASS' | 'COURSE';

export interface SlotLocation {
  id?: string | null;
  name?: string | null;
  formattedAddress?: string | null;
  /** Wire vocabulary of the time-slots calls: BUSINESS, CUSTOM, CUSTOMER. */
  locationType: 'BUSINESS' | 'CUSTOM' | 'CUSTOMER';
}

/** A group of interchangeable resources (rooms, chairs) of which a slot needs one. */
export interface ResourcePool {
  resourceTypeId: string;
  resourceIds: string[];
}

export interface ServiceInput {
  id: string;
  scheduleId: string;
  type: ServiceType;
  name?: string;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** Grid step in minutes, anchored at local midnight; default chosen by `defaultGridMinutes`. */
  slotIntervalMinutes?: number | null;
  /** Participants per class session or course (appointments: one per staff member). */
  capacity: number;
  staffMemberIds: string[];
  resourcePools: ResourcePool[];
  locations: SlotLocation[];
  policy: BookingPolicyLimits;
}

export interface StaffInput {
  id: string;
  name: string;
  /** Time zone of the staff member's working hours; the business's when absent. */
  timeZone?: string | null;
  /** Own working hours; null means the business hours (a new staff member works them until given their own). */
  workingHours: WeeklyRange[] | null;
  timeOff: Interval[];
}

export interface ResourceInput {
  id: string;
  name: string;
  resourceTypeId: string;
}

export type BusySource = 'BOOKING' | 'BLOCKED' | 'EXTERNAL_CALENDAR' | 'TIME_OFF';

/**
 * Time someone or something is taken. With neither `staffMemberId` nor `resourceId` it blocks the whole
 * business (a holiday closure).
 */
export interface BusyInterval extends Interval {
  staffMemberId?: string | null;
  resourceId?: string | null;
  source?: BusySource;
}

export interface BusinessInput {
  timeZone: string;
  hours: WeeklyRange[];
}

/** A weekly class or course session in the business time zone. */
export interface RecurringSessionRule {
  id: string;
  weekday: Weekday;
  /** Local `HH:mm`. */
  startTime: string;
  durationMinutes: number;
  /** Overrides the service capacity for these sessions. */
  capacity?: number | null;
  staffMemberId?: string | null;
  /** First and last local date (`YYYY-MM-DD`, inclusive) the rule applies; open-ended when absent. */
  validFrom?: string | null;
  validUntil?: string | null;
}

/** A session not from a rule, or an exception to one (same id as the occurrence it replaces). */
export interface SingleSession extends Interval {
  id: string;
  capacity?: number | null;
  staffMemberId?: string | null;
  cancelled?: boolean;
}

export interface PolicyViolations {
  tooEarlyToBook: boolean;
  tooLateToBook: boolean;
  bookOnlineDisabled: boolean;
  /** When too early: the first instant at which it can be booked. */
  earliestBookingDate: number | null;
}

export interface AvailableResources {
  resourceTypeId: string;
  resourceIds: string[];
}

/** One bookable start for an appointment service. */
export interface AppointmentSlot extends Interval {
  serviceId: string;
  scheduleId: string;
  /** Free staff members who give the service, in input order. */
  staffMemberIds: string[];
  /** One entry per resource pool the service needs, listing its free resources. */
  availableResources: AvailableResources[];
  totalStaff: number;
  violations: PolicyViolations;
  bookable: boolean;
}

export interface SessionSlot extends Interval {
  serviceId: string;
  scheduleId: string;
  sessionId: string;
  staffMemberId: string | null;
  totalSpots: number;
  openSpots: number;
  violations: PolicyViolations;
  bookable: boolean;
}

export interface AppointmentAvailabilityInput {
  business: BusinessInput;
  service: ServiceInput;
  staff: StaffInput[];
  resources: ResourceInput[];
  busy: BusyInterval[];
  /** Slots whose start lies in `[window.start, window.end)` are returned. */
  window: Interval;
  now: number;
  /** Only these staff members (a customer's choice); all of the service's when absent. */
  staffMemberIds?: string[] | null;
}

export interface SessionAvailabilityInput {
  business: BusinessInput;
  service: ServiceInput;
  rules: RecurringSessionRule[];
  sessions: SingleSession[];
  /** Participants booked per session id (classes). */
  bookedBySession: ReadonlyMap<string, number>;
  /** Participants enrolled in the whole course (courses). */
  enrolled: number;
  window: Interval;
  now: number;
  staffMemberIds?: string[] | null;
}
