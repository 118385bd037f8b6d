import { z } from 'zod';
import { cursorPagingMetadataSchema, cursorPagingSchema, sortingSchema } from '../query.ts';

/**
 * Wire shapes of availability: the availability calendar (`/bookings/v1/availability/*`,
 * `/bookings/v2/availability/schedule/{id}`) and time slots (`/bookings/v2/time-slots*`,
 * `/bookings/v2/multi-service-time-slots*`), following the official client's declarations.
 * Time-zone names are checked by the server (a clear 400 names the field).
 */

const localDateTime = z
  .string()
  .max(30)
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?$/,
    'must be a local date-time such as 2026-01-30T13:30:00',
  );

const idList = z.union([
  z.string().min(1).max(100),
  z.array(z.string().min(1).max(100)).max(100),
  z.object({ $in: z.array(z.string().min(1).max(100)).max(100) }),
  z.object({ $eq: z.string().min(1).max(100) }),
]);

const dateFilter = z.union([
  z.string().max(40),
  z.object({ $gte: z.string().max(40) }),
  z.object({ $lte: z.string().max(40) }),
]);

export const policyViolationsFilterSchema = z.object({
  tooEarlyToBook: z.boolean().nullish(),
  tooLateToBook: z.boolean().nullish(),
  bookOnlineDisabled: z.boolean().nullish(),
});

/**
 * Query Availability: slots of one or more services between two dates.
 * @example {"query":{"filter":{"serviceId":["3b2e…"],"startDate":"2026-06-01T00:00:00","endDate":"2026-06-08T00:00:00"}},"timezone":"Europe/London","slotsPerDay":5}
 */
export const queryAvailabilityRequestSchema = z.object({
  query: z.object({
    filter: z.object({
      serviceId: idList,
      startDate: dateFilter,
      endDate: dateFilter,
      staffMemberId: idList.nullish(),
      resourceId: idList.nullish(),
      bookable: z.boolean().nullish(),
    }),
    // Slots sort by start time only, so clients send the order alone: the shared item, its field optional.
    sort: z
      .array(sortingSchema.partial({ fieldName: true }))
      .max(5)
      .optional(),
  }),
  timezone: z.string().max(100).nullish(),
  slotsPerDay: z.number().int().min(1).max(1000).nullish(),
});
export type QueryAvailabilityRequest = z.infer<typeof queryAvailabilityRequestSchema>;

const violationsSchema = z.object({
  tooEarlyToBook: z.boolean().nullish(),
  tooLateToBook: z.boolean().nullish(),
  bookOnlineDisabled: z.boolean().nullish(),
});

const calendarLocationSchema = z.object({
  id: z.string().nullish(),
  name: z.string().nullish(),
  formattedAddress: z.string().nullish(),
  locationType: z.enum(['UNDEFINED', 'OWNER_BUSINESS', 'OWNER_CUSTOM', 'CUSTOM']),
});

const slotResourceSchema = z.object({ id: z.string().nullish(), name: z.string().nullish() });

export const nestedTimeSlotSchema = z.object({
  serviceId: z.string(),
  start: z.string(),
  end: z.string(),
  resource: slotResourceSchema.optional(),
  scheduleId: z.string(),
});

export const calendarSlotSchema = z.object({
  sessionId: z.string().nullish(),
  eventId: z.string().nullish(),
  serviceId: z.string(),
  scheduleId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  timezone: z.string(),
  resource: slotResourceSchema.optional(),
  location: calendarLocationSchema,
  nestedTimeSlots: z.array(nestedTimeSlotSchema).optional(),
});

/** One slot of the availability calendar with its spots. */
export const slotAvailabilitySchema = z.object({
  slot: calendarSlotSchema,
  bookable: z.boolean(),
  totalSpots: z.number().int(),
  openSpots: z.number().int(),
  /** Class and course slots whose policy keeps a waiting list: its size and the places left on it. */
  waitingList: z.object({ totalSpots: z.number().int(), openSpots: z.number().int() }).optional(),
  bookingPolicyViolations: violationsSchema,
  locked: z.boolean(),
});
export type SlotAvailability = z.infer<typeof slotAvailabilitySchema>;

export const queryAvailabilityResponseSchema = z.object({
  availabilityEntries: z.array(slotAvailabilitySchema),
});

export const scheduleAvailabilityResponseSchema = z.object({
  availability: z.object({
    totalSpots: z.number().int(),
    openSpots: z.number().int(),
    bookingPolicyViolations: violationsSchema,
  }),
  bookingPolicySettings: z.object({ maxParticipantsPerBooking: z.number().int().nullish() }),
});

const calendarLocationFilterSchema = z.object({
  id: z.string().nullish(),
  name: z.string().nullish(),
  locationType: z.enum(['UNDEFINED', 'OWNER_BUSINESS', 'OWNER_CUSTOM', 'CUSTOM']).nullish(),
});

/**
 * Multi-slot availability: back-to-back slots for several services.
 * @example {"from":"2026-06-01T00:00:00","to":"2026-06-08T00:00:00","timeZone":"UTC","slots":[{"serviceId":"…"},{"serviceId":"…"}]}
 */
export const multiSlotAvailabilityRequestSchema = z.object({
  from: localDateTime,
  to: localDateTime,
  timeZone: z.string().max(100).nullish(),
  bookable: z.boolean().nullish(),
  bookingPolicyViolations: policyViolationsFilterSchema.nullish(),
  location: calendarLocationFilterSchema.nullish(),
  slots: z
    .array(
      z.object({
        serviceId: z.string().min(1).max(100),
        resourcesFilter: z
          .object({ resourceIds: z.array(z.string().max(100)).max(100).optional() })
          .nullish(),
      }),
    )
    .min(1)
    .max(6),
  slotsPerDay: z.number().int().min(1).max(1000).nullish(),
  cursorPaging: cursorPagingSchema.nullish(),
});

export const multiSlotAvailabilityResponseSchema = z.object({
  slots: z.array(slotAvailabilitySchema),
  cursorPagingMetadata: cursorPagingMetadataSchema,
});

const timeSlotLocationSchema = z.object({
  id: z.string().nullish(),
  name: z.string().nullish(),
  formattedAddress: z.string().nullish(),
  locationType: z.enum(['BUSINESS', 'CUSTOM', 'CUSTOMER']).nullish(),
});

const availableResourcesSchema = z.object({
  resourceTypeId: z.string().nullish(),
  resources: z.array(z.object({ id: z.string(), name: z.string().nullish() })),
  hasMoreAvailableResources: z.boolean(),
});

const resourceTypeFilterSchema = z.object({
  resourceTypeId: z.string().max(100).nullish(),
  resourceIds: z.array(z.string().max(100)).max(135).nullish(),
});

export const timeSlotSchema = z.object({
  serviceId: z.string().nullish(),
  localStartDate: z.string(),
  localEndDate: z.string(),
  bookable: z.boolean(),
  location: timeSlotLocationSchema.optional(),
  eventInfo: z
    .object({
      eventId: z.string().nullish(),
      eventTitle: z.string().nullish(),
      /** When the policy keeps a waiting list: its size and the places left on it. */
      waitingList: z
        .object({ totalCapacity: z.number().int(), remainingCapacity: z.number().int() })
        .optional(),
    })
    .optional(),
  totalCapacity: z.number().int(),
  remainingCapacity: z.number().int(),
  bookableCapacity: z.number().int(),
  bookingPolicyViolations: violationsSchema.extend({ earliestBookingDate: z.string().nullish() }),
  availableResources: z.array(availableResourcesSchema),
  nestedTimeSlots: z.array(
    z.object({
      serviceId: z.string(),
      localStartDate: z.string(),
      localEndDate: z.string(),
      availableResources: z.array(availableResourcesSchema),
      scheduleId: z.string().nullish(),
    }),
  ),
  nonBookableReasons: z.object({
    noRemainingCapacity: z.boolean(),
    violatesBookingPolicy: z.boolean(),
    reservedForWaitingList: z.boolean(),
    eventCancelled: z.boolean(),
  }),
  scheduleId: z.string().nullish(),
});
export type TimeSlot = z.infer<typeof timeSlotSchema>;

const listCommon = {
  fromLocalDate: localDateTime.nullish(),
  toLocalDate: localDateTime.nullish(),
  timeZone: z.string().max(150).nullish(),
  bookable: z.boolean().nullish(),
  bookingPolicyViolations: policyViolationsFilterSchema.nullish(),
  timeSlotsPerDay: z.number().int().min(1).max(1000).nullish(),
  cursorPaging: cursorPagingSchema.nullish(),
};

/**
 * List Availability Time Slots of an appointment service, by local date range.
 * @example {"serviceId":"…","fromLocalDate":"2026-06-01T00:00:00","toLocalDate":"2026-06-08T00:00:00","timeZone":"America/New_York"}
 */
/**
 * What the customer chose that changes a slot's length: a duration (a DURATION variant) and add-ons, whose
 * minutes are added. Slots are then computed for that length.
 * @example {"durationInMinutes":90,"addOnIds":["wax"]}
 */
export const customerChoicesSchema = z.object({
  durationInMinutes: z.number().int().min(1).max(1440).nullish(),
  addOnIds: z.array(z.string().min(1).max(100)).max(20).nullish(),
});

export const listTimeSlotsRequestSchema = z.object({
  serviceId: z.string().max(100).nullish(),
  customerChoices: customerChoicesSchema.nullish(),
  ...listCommon,
  locations: z.array(timeSlotLocationSchema).max(5).nullish(),
  includeResourceTypeIds: z.array(z.string().max(100)).max(100).nullish(),
  resourceTypes: z.array(resourceTypeFilterSchema).max(8).nullish(),
});
export type ListTimeSlotsRequest = z.infer<typeof listTimeSlotsRequestSchema>;

export const listTimeSlotsResponseSchema = z.object({
  timeSlots: z.array(timeSlotSchema),
  timeZone: z.string(),
  cursorPagingMetadata: cursorPagingMetadataSchema,
});

export const getTimeSlotRequestSchema = z.object({
  serviceId: z.string().min(1).max(100),
  customerChoices: customerChoicesSchema.nullish(),
  localStartDate: localDateTime,
  localEndDate: localDateTime,
  timeZone: z.string().max(150).nullish(),
  location: timeSlotLocationSchema.nullish(),
  includeResourceTypeIds: z.array(z.string().max(100)).max(100).nullish(),
  resourceTypes: z.array(resourceTypeFilterSchema).max(8).nullish(),
});

export const getTimeSlotResponseSchema = z.object({ timeSlot: timeSlotSchema, timeZone: z.string() });

/** List Event Time Slots: sessions of classes and courses. */
export const listEventTimeSlotsRequestSchema = z.object({
  fromLocalDate: localDateTime.nullish(),
  toLocalDate: localDateTime.nullish(),
  timeZone: z.string().max(150).nullish(),
  serviceIds: z.array(z.string().max(100)).max(100).nullish(),
  includeNonBookable: z.boolean().nullish(),
  minBookableCapacity: z.number().int().min(1).nullish(),
  maxSlotsPerDay: z.number().int().min(1).max(1000).nullish(),
  cursorPaging: cursorPagingSchema.nullish(),
  bookingPolicyViolations: policyViolationsFilterSchema.nullish(),
});

export const listEventTimeSlotsResponseSchema = z.object({
  timeSlots: z.array(timeSlotSchema),
  timeZone: z.string(),
  pagingMetadata: cursorPagingMetadataSchema,
});

const multiServiceEntrySchema = z.object({
  serviceId: z.string().min(1).max(100),
  customerChoices: customerChoicesSchema.nullish(),
  includeResourceTypeIds: z.array(z.string().max(100)).max(100).nullish(),
  resourceTypes: z.array(resourceTypeFilterSchema).max(8).nullish(),
});

/** List Multi-Service Availability Time Slots: back-to-back sequences of 2 to 40 services. */
export const listMultiServiceTimeSlotsRequestSchema = z.object({
  services: z.array(multiServiceEntrySchema).max(40).nullish(),
  ...listCommon,
  location: timeSlotLocationSchema.nullish(),
});

export const getMultiServiceTimeSlotRequestSchema = z.object({
  services: z.array(multiServiceEntrySchema).min(2).max(40),
  localStartDate: localDateTime,
  localEndDate: localDateTime,
  timeZone: z.string().max(150).nullish(),
  location: timeSlotLocationSchema.nullish(),
});

export const availabilityErrorCodes = {
  serviceNotFound: 'SERVICE_NOT_FOUND',
  scheduleNotFound: 'FAILED_RESOLVING_SCHEDULE',
  slotNotFound: 'SLOT_NOT_FOUND',
  invalidTimeZone: 'INVALID_TIME_ZONE',
  invalidDateRange: 'INVALID_DATE_RANGE',
  dateRangeTooLong: 'DATE_RANGE_TOO_LONG',
  missingArguments: 'MISSING_ARGUMENTS',
  notAppointmentService: 'SERVICE_NOT_APPOINTMENT_BASED',
  endOptionsNotSupported: 'END_OPTIONS_NOT_SUPPORTED',
  /** The availability calendar would answer more slots than one answer carries: narrow the query. */
  tooManySlots: 'TOO_MANY_SLOTS',
} as const;

/** The resource type id under which the contract's clients list staff members. */
export const staffResourceTypeId = '1cd44cf8-756f-41c3-bd90-3e2ffcaf1155';
