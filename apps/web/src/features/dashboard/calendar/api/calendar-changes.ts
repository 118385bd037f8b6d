import type { Booking, Service, TimeOff, TimeSlot } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { admin } from '../../shared/api/admin-client.ts';
import { bookingsKey } from '../../shared/api/bookings.ts';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { blockedTimeKey } from './blocked-time.ts';

type Created = Awaited<ReturnType<typeof admin.bookings.createBooking>>;
type ContactDetails = NonNullable<Parameters<typeof admin.bookings.createBooking>[0]['contactDetails']>;

export interface Move {
  booking: WithDates<Booking>;
  start: Date;
  end: Date;
  /** Past the availability and reschedule rules: the owner insisted after a conflict. */
  force: boolean;
}

/** Moves a booking to a new time, keeping its service, staff member and location. */
export function useRescheduleBooking(options: ActionOptions<unknown, Move> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: ({ booking, start, end, force }) => {
      const slot = booking.bookedEntity.slot!;
      return admin.bookings.rescheduleBooking(booking.id, {
        revision: booking.revision,
        slot: {
          serviceId: slot.serviceId,
          scheduleId: slot.scheduleId,
          startDate: start.toISOString(),
          endDate: end.toISOString(),
          timezone: slot.timezone,
          ...(slot.resource ? { resource: slot.resource } : {}),
          ...(slot.location ? { location: slot.location } : {}),
        },
        ...(force
          ? { flowControlSettings: { skipAvailabilityValidation: true, ignoreReschedulePolicy: true } }
          : {}),
      });
    },
    invalidates: [bookingsKey],
  });
}

interface Guest {
  contact: ContactDetails;
  participants: number;
  /** Email the customer a confirmation. */
  notify: boolean;
}

/**
 * The business books an appointment itself at `start`: no approval step, and only an explicit insist
 * (`force`) skips the availability checks.
 */
export function useBookSlot(
  options: ActionOptions<
    Created,
    Guest & { serviceId: string; staffId: string; start: Date; force: boolean }
  > = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ serviceId, staffId, start, contact, participants, notify, force }) =>
      admin.bookings.createBooking(
        {
          bookedEntity: { slot: { serviceId, startDate: start.toISOString(), resource: { id: staffId } } },
          contactDetails: contact,
          totalParticipants: participants,
        },
        {
          participantNotification: { notifyParticipants: notify },
          flowControlSettings: {
            skipBusinessConfirmation: true,
            ...(force ? { skipAvailabilityValidation: true } : {}),
          },
        },
      ),
    invalidates: [bookingsKey],
  });
}

/**
 * Books a customer into one class session, or enrols them in a course, through the same create call as
 * the site. A full session with room on its waitlist takes them onto the waitlist, as the server decides.
 */
export function useAddParticipant(
  options: ActionOptions<Created, Guest & { service: WithDates<Service>; session: TimeSlot }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ service, session, contact, participants, notify }) => {
      const eventId = session.eventInfo?.eventId ?? undefined;
      return admin.bookings.createBooking(
        {
          bookedEntity:
            service.type === 'COURSE'
              ? { schedule: { serviceId: service.id, scheduleId: service.schedule.id } }
              : {
                  slot: {
                    serviceId: service.id,
                    // The session's local time in the browser's zone, which the sessions were listed in.
                    startDate: new Date(session.localStartDate).toISOString(),
                    ...(eventId ? { sessionId: eventId, eventId } : {}),
                  },
                },
          contactDetails: contact,
          totalParticipants: participants,
        },
        {
          participantNotification: { notifyParticipants: notify },
          // The business adds people itself: no approval step, and its own booking window does not bind it
          // (a walk-in just before class). Capacity still does: a full session goes to the waitlist or fails.
          flowControlSettings: { skipBusinessConfirmation: true, ignoreBookingWindow: true },
        },
      );
    },
    invalidates: [bookingsKey],
  });
}

/** Blocks a staff member's time (time off, which removes their availability). */
export function useBlockTime(
  options: ActionOptions<
    unknown,
    { staffId: string; timeOff: Parameters<typeof admin.bookings.addTimeOff>[1] }
  > = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ staffId, timeOff }) => admin.bookings.addTimeOff(staffId, timeOff),
    invalidates: [blockedTimeKey],
  });
}

export function useUnblockTime(options: ActionOptions<unknown, TimeOff> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (block) => admin.bookings.deleteTimeOff(block.staffMemberId, block.id),
    invalidates: [blockedTimeKey],
  });
}
