import type {
  SlotAvailability,
  TimeSlot,
  getMultiServiceTimeSlotRequestSchema,
  getTimeSlotRequestSchema,
  getTimeSlotResponseSchema,
  listEventTimeSlotsRequestSchema,
  listEventTimeSlotsResponseSchema,
  listMultiServiceTimeSlotsRequestSchema,
  listTimeSlotsRequestSchema,
  listTimeSlotsResponseSchema,
  multiSlotAvailabilityRequestSchema,
  multiSlotAvailabilityResponseSchema,
  queryAvailabilityRequestSchema,
  queryAvailabilityResponseSchema,
  scheduleAvailabilityResponseSchema,
} from '@atrium/contract/bookings/availability';
import type { z } from 'zod';
import { defineModule, type ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { segment, send } from './shared.ts';

export type { SlotAvailability, TimeSlot };
export type AvailabilityQuery = z.input<typeof queryAvailabilityRequestSchema>;
export type MultiSlotQuery = z.input<typeof multiSlotAvailabilityRequestSchema>;
export type TimeSlotsQuery = z.input<typeof listTimeSlotsRequestSchema>;
export type TimeSlotQuery = z.input<typeof getTimeSlotRequestSchema>;
export type EventTimeSlotsQuery = z.input<typeof listEventTimeSlotsRequestSchema>;
export type MultiServiceTimeSlotsQuery = z.input<typeof listMultiServiceTimeSlotsRequestSchema>;
export type MultiServiceTimeSlotQuery = z.input<typeof getMultiServiceTimeSlotRequestSchema>;
export type TimeSlotsPage = z.infer<typeof listTimeSlotsResponseSchema>;
export type EventTimeSlotsPage = z.infer<typeof listEventTimeSlotsResponseSchema>;
export type TimeSlotAnswer = z.infer<typeof getTimeSlotResponseSchema>;

// Time slots carry local dates (`localStartDate`) that must stay strings; they name no revived field.
export const availabilityCalls = {
  /**
   * `POST /bookings/v1/availability/query`: slots of services between two instants, in `timezone`.
   * @example await client.bookings.queryAvailability({ query: { filter: { serviceId: [id], startDate: '2026-06-01T00:00:00Z', endDate: '2026-06-08T00:00:00Z' } }, timezone: 'Europe/London' })
   */
  queryAvailability:
    (context) =>
    async (request: AvailabilityQuery): Promise<WithDates<SlotAvailability>[]> =>
      (
        await send<z.infer<typeof queryAvailabilityResponseSchema>>(
          context,
          'POST',
          '/bookings/v1/availability/query',
          request,
        )
      ).availabilityEntries,

  /** `GET /bookings/v2/availability/schedule/{scheduleId}`: a course's spots and participants policy. */
  getScheduleAvailability: (context) => (scheduleId: string) =>
    send<z.infer<typeof scheduleAvailabilityResponseSchema>>(
      context,
      'GET',
      `/bookings/v2/availability/schedule/${segment(scheduleId)}`,
    ),

  /** `POST /bookings/v1/availability/multislot`: back-to-back slots for several services. */
  getMultiSlotAvailability: (context) => (request: MultiSlotQuery) =>
    send<z.infer<typeof multiSlotAvailabilityResponseSchema>>(
      context,
      'POST',
      '/bookings/v1/availability/multislot',
      request,
    ),

  /**
   * `POST /bookings/v2/time-slots`: slots of an appointment service by local dates, in `timeZone`.
   * @example await client.bookings.listAvailabilityTimeSlots({ serviceId, fromLocalDate: '2026-06-01T00:00:00', toLocalDate: '2026-06-02T00:00:00', timeZone: 'America/New_York' })
   */
  listAvailabilityTimeSlots: (context) => (request: TimeSlotsQuery) =>
    send<TimeSlotsPage>(context, 'POST', '/bookings/v2/time-slots', request) as Promise<TimeSlotsPage>,

  /** `POST /bookings/v2/time-slots/get`: one slot, with its staff members and resources. */
  getAvailabilityTimeSlot: (context) => (request: TimeSlotQuery) =>
    send<TimeSlotAnswer>(context, 'POST', '/bookings/v2/time-slots/get', request) as Promise<TimeSlotAnswer>,

  /**
   * `POST /bookings/v2/time-slots/end-options`: end times of a service with a duration range. Services here
   * have fixed durations, so this always fails with `END_OPTIONS_NOT_SUPPORTED` (400); it exists so clients
   * written for the contract get a clear answer.
   */
  listAvailabilityTimeSlotEndOptions:
    (context) =>
    async (request: Record<string, unknown> = {}): Promise<never> => {
      await send(context, 'POST', '/bookings/v2/time-slots/end-options', request);
      throw new Error('end options are not offered');
    },

  /** `POST /bookings/v2/time-slots/event`: sessions of classes and courses with their spots. */
  listEventTimeSlots: (context) => (request: EventTimeSlotsQuery) =>
    send<EventTimeSlotsPage>(
      context,
      'POST',
      '/bookings/v2/time-slots/event',
      request,
    ) as Promise<EventTimeSlotsPage>,

  /** `GET /bookings/v2/time-slots/event/{eventId}`: one session. */
  getEventTimeSlot:
    (context) =>
    (eventId: string, timeZone?: string): Promise<TimeSlotAnswer> =>
      context.request<TimeSlotAnswer>({
        method: 'GET',
        path: `/bookings/v2/time-slots/event/${segment(eventId)}`,
        ...(timeZone ? { query: { timeZone } } : {}),
      }) as Promise<TimeSlotAnswer>,

  /** `POST /bookings/v2/multi-service-time-slots`: sequences of services back to back. */
  listMultiServiceAvailabilityTimeSlots: (context) => (request: MultiServiceTimeSlotsQuery) =>
    send<TimeSlotsPage>(
      context,
      'POST',
      '/bookings/v2/multi-service-time-slots',
      request,
    ) as Promise<TimeSlotsPage>,

  /** `POST /bookings/v2/multi-service-time-slots/get`: one sequence. */
  getMultiServiceAvailabilityTimeSlot: (context) => (request: MultiServiceTimeSlotQuery) =>
    send<TimeSlotAnswer>(
      context,
      'POST',
      '/bookings/v2/multi-service-time-slots/get',
      request,
    ) as Promise<TimeSlotAnswer>,
} satisfies ModuleDefinition;

/** Availability calendar and time slots. */
export const availability = defineModule(availabilityCalls);
