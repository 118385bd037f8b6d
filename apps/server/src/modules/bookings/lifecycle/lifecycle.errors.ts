import { bookingErrorCodes } from '@atrium/contract/bookings/lifecycle';
import type { FieldViolation } from '@atrium/contract/errors';
import { AppError, conflict, forbidden, notFound } from '../../../platform/errors/app-error.ts';
import type { BookingAction } from './booking-state.ts';
import { illegalTransitionCode } from './booking-state.ts';
import type { BookingStatus } from '@atrium/contract/bookings/lifecycle';

/** The lifecycle's error factories; codes are in the contract so clients can branch on them. */
export const lifecycleErrors = {
  bookingNotFound: (id: string) => notFound('Booking', id, bookingErrorCodes.bookingNotFound),
  serviceNotFound: (id: string) => notFound('Service', id, bookingErrorCodes.serviceNotFound),
  multiServiceBookingNotFound: (id: string) =>
    notFound('Multi-service booking', id, bookingErrorCodes.multiServiceBookingNotFound),
  illegalTransition: (id: string, action: BookingAction, from: BookingStatus) =>
    conflict(illegalTransitionCode(action, from), `Booking ${id} is ${from}: it cannot ${action}`, {
      bookingId: id,
      status: from,
      action,
    }),
  slotUnavailable: (serviceId: string, start: string) =>
    conflict(
      bookingErrorCodes.slotUnavailable,
      `The slot of service ${serviceId} at ${start} is not available`,
      {
        serviceId,
        startDate: start,
      },
    ),
  sessionFull: (serviceId: string, start: string) =>
    conflict(
      bookingErrorCodes.sessionFull,
      `The session of service ${serviceId} at ${start} has no open spots`,
      {
        serviceId,
        startDate: start,
      },
    ),
  policyViolation: (serviceId: string, reason: string) =>
    new AppError(
      400,
      bookingErrorCodes.bookingPolicyViolation,
      `Service ${serviceId} cannot be booked now: ${reason}`,
      {
        data: { serviceId, reason, policy: 'BOOKING' },
      },
    ),
  inThePast: (start: string) =>
    new AppError(400, bookingErrorCodes.slotInThePast, `The slot at ${start} has already started`, {
      data: { startDate: start },
    }),
  tooManyParticipants: (max: number, asked: number) =>
    new AppError(
      400,
      bookingErrorCodes.tooManyParticipants,
      `At most ${max} participants per booking, not ${asked}`,
      { data: { maxParticipantsPerBooking: max, totalParticipants: asked } },
    ),
  // The official client declares BOOKING_POLICY_VIOLATION for cancel and reschedule; `policy` tells which.
  customerWindowClosed: (id: string, what: 'cancel' | 'reschedule') =>
    conflict(
      bookingErrorCodes.bookingPolicyViolation,
      `Booking ${id} can no longer be ${what === 'cancel' ? 'canceled' : 'rescheduled'} by the customer under the booking policy`,
      { bookingId: id, policy: what === 'cancel' ? 'CANCELLATION' : 'RESCHEDULE' },
    ),
  /** A stale revision of one booking of a multi-service booking (the client's code on those calls). */
  multiServiceRevisionMismatch: (id: string, current: number, given: string) =>
    conflict(
      bookingErrorCodes.bookingRevisionMismatch,
      `Booking ${id} has revision ${current}, not ${given}`,
      { id, currentRevision: String(current) },
    ),
  // The official client's rule: a booking keeps its service (a class moves only between its own
  // sessions) and a course enrolment is never rescheduled.
  rescheduleToOtherService: (id: string, serviceId: string, wanted: string) =>
    new AppError(
      400,
      bookingErrorCodes.rescheduleToOtherService,
      `Booking ${id} is for service ${serviceId}: it cannot move to a slot of service ${wanted}; cancel it and book the other service`,
      { data: { bookingId: id, serviceId, requestedServiceId: wanted } },
    ),
  rescheduleCourse: (id: string) =>
    new AppError(
      400,
      bookingErrorCodes.rescheduleCourse,
      `Booking ${id} is a course enrolment: courses cannot be rescheduled; cancel it instead`,
      { data: { bookingId: id } },
    ),
  notYourBooking: (id: string) => forbidden(`Booking ${id} belongs to another customer`),
  businessOnly: (what: string) => forbidden(`Only the business may ${what}`),
  formInvalid: (violations: FieldViolation[]) =>
    new AppError(400, bookingErrorCodes.formSubmissionInvalid, describe(violations), {
      fieldViolations: violations,
    }),
  serviceNotBookable: (serviceId: string, reason: string) =>
    new AppError(
      400,
      bookingErrorCodes.serviceNotBookable,
      `Service ${serviceId} cannot be booked: ${reason}`,
      {
        data: { serviceId },
      },
    ),
};

function describe(violations: FieldViolation[]): string {
  const first = violations[0];
  return first ? `Invalid ${first.field}: ${first.description}` : 'Invalid form submission';
}

/** PostgreSQL codes that mean "someone else holds this slot": exclusion, deadlock, serialization. */
export function isSlotConflict(error: unknown): boolean {
  const code = databaseCode(error);
  return code === '23P01' || code === '40P01' || code === '40001';
}

export function databaseCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
