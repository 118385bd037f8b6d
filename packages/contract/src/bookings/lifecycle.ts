import { z } from 'zod';
import { addressSchema } from '../address.ts';
import { revisionSchema, timeZoneSchema } from '../common.ts';
import { bulkActionMetadataSchema, itemMetadataSchema } from '../bulk.ts';
import { moneyOutSchema } from '../money.ts';

/**
 * Wire schemas of the bookings lifecycle: bookings, multi-service bookings, extended bookings,
 * attendance and booking fees. Shapes follow the official client's declarations
 * (`@wix/auto_sdk_bookings_bookings`, `..._extended-bookings`, `..._attendance`, `..._booking-fees`);
 * unknown keys are dropped, wrong types are a 400.
 */

export const bookingStatuses = [
  'CREATED',
  'CONFIRMED',
  'CANCELED',
  'PENDING',
  'DECLINED',
  'WAITING_LIST',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const paymentStatuses = [
  'UNDEFINED',
  'NOT_PAID',
  'PAID',
  'PARTIALLY_PAID',
  'REFUNDED',
  'EXEMPT',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const selectedPaymentOptions = [
  'UNKNOWN_SELECTED_PAYMENT_OPTION',
  'OFFLINE',
  'ONLINE',
  'MEMBERSHIP',
  'MEMBERSHIP_OFFLINE',
] as const;
export const actors = ['BUSINESS', 'CUSTOMER'] as const;
export const platforms = ['WEB', 'MOBILE_APP'] as const;
export const attendanceStatuses = ['NOT_SET', 'ATTENDED', 'NOT_ATTENDED'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];
export const multiServiceBookingTypes = [
  'SEQUENTIAL_BOOKINGS',
  'SEPARATE_BOOKINGS',
  'PARALLEL_BOOKINGS',
] as const;
export type MultiServiceBookingType = (typeof multiServiceBookingTypes)[number];
export const bookingFeeStatuses = ['PREVIEW', 'NOT_YET_APPLIED_TO_ORDER', 'APPLIED_TO_ORDER'] as const;
export const bookingFeeTriggers = ['NOT_ATTENDED', 'BOOKING_CANCELED'] as const;
export const bookingFormFieldTypes = ['SHORT_TEXT', 'LONG_TEXT', 'CHECK_BOX'] as const;

/** Error codes a client branches on. Illegal transitions are `BOOKING_CANNOT_<ACTION>_<STATUS>`. */
export const bookingErrorCodes = {
  slotUnavailable: 'SLOT_NOT_AVAILABLE',
  sessionFull: 'SESSION_CAPACITY_EXCEEDED',
  waitlistFull: 'WAITLIST_FULL',
  /**
   * A booking the policy refuses: booking too early or late, and a customer canceling or rescheduling past
   * the policy's cut-off (`data.policy` says which: BOOKING, CANCELLATION or RESCHEDULE), as the official
   * client declares for create, cancel and reschedule.
   */
  bookingPolicyViolation: 'BOOKING_POLICY_VIOLATION',
  /** A stale booking revision in a multi-service booking call (the client's code there). */
  bookingRevisionMismatch: 'BOOKING_REVISION_MISMATCH',
  /** Adding a booking that another multi-service booking holds. */
  bookingInOtherMultiServiceBooking: 'BOOKING_ALREADY_PART_OF_ANOTHER_MULTI_SERVICE_BOOKING',
  tooManyParticipants: 'TOO_MANY_PARTICIPANTS',
  slotInThePast: 'SLOT_IN_THE_PAST',
  serviceNotBookable: 'SERVICE_NOT_BOOKABLE',
  bookingNotFound: 'BOOKING_NOT_FOUND',
  serviceNotFound: 'SERVICE_NOT_FOUND',
  multiServiceBookingNotFound: 'MULTI_SERVICE_BOOKING_NOT_FOUND',
  multiServiceSlotsMismatch: 'MULTI_SERVICE_SLOTS_MISMATCH',
  formSubmissionInvalid: 'FORM_SUBMISSION_INVALID',
  rescheduleToOtherService: 'BOOKING_CANNOT_RESCHEDULE_TO_OTHER_SERVICE',
  rescheduleCourse: 'BOOKING_CANNOT_RESCHEDULE_COURSE',
} as const;

/** Event names, `<module>.<entity>.<past-tense verb>`; the payload is `{booking}` (and `previousBooking` on reschedule). */
export const bookingEventNames = {
  created: 'bookings.booking.created',
  confirmed: 'bookings.booking.confirmed',
  declined: 'bookings.booking.declined',
  canceled: 'bookings.booking.canceled',
  rescheduled: 'bookings.booking.rescheduled',
  participantsUpdated: 'bookings.booking.number_of_participants_updated',
  updated: 'bookings.booking.updated',
  multiServiceCreated: 'bookings.multi_service_booking.created',
  attendanceUpdated: 'bookings.attendance.updated',
} as const;

const isoDate = z.string().min(10).max(40);
const uuid = z.uuid();

/**
 * Who booked.
 * @example {"firstName":"Ada","lastName":"Lovelace","email":"ada@example.com","phone":"+44 20 7946 0000"}
 */
export const contactDetailsSchema = z.object({
  contactId: z.string().max(100).nullish(),
  firstName: z.string().trim().max(200).nullish(),
  lastName: z.string().trim().max(200).nullish(),
  email: z.email().max(254).nullish(),
  phone: z.string().max(50).nullish(),
  fullAddress: addressSchema.nullish(),
  timeZone: z.string().max(100).nullish(),
  countryCode: z.string().max(10).nullish(),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

export const bookingLocationSchema = z.object({
  id: z.string().max(100).nullish(),
  name: z.string().max(500).nullish(),
  formattedAddress: z.string().max(1000).nullish(),
  locationType: z
    .enum(['UNDEFINED', 'OWNER_BUSINESS', 'OWNER_CUSTOM', 'CUSTOM', 'BUSINESS', 'CUSTOMER'])
    .nullish(),
});

export const bookedResourceSchema = z.object({
  id: z.string().max(100).nullish(),
  name: z.string().max(200).nullish(),
  email: z.string().max(500).nullish(),
  scheduleId: z.string().max(100).nullish(),
  type: z.string().max(100).nullish(),
});

/** The slot a client asks for; the server re-checks it and fills in the end date. */
export const bookedSlotInputSchema = z.object({
  sessionId: z.string().max(250).nullish(),
  eventId: z.string().max(250).nullish(),
  serviceId: uuid,
  scheduleId: z.string().max(100).nullish(),
  startDate: isoDate,
  endDate: isoDate.nullish(),
  timezone: z.string().max(100).nullish(),
  resource: bookedResourceSchema.nullish(),
  location: bookingLocationSchema.nullish(),
});

export const bookedScheduleInputSchema = z.object({
  scheduleId: z.string().max(100).nullish(),
  serviceId: uuid,
  location: bookingLocationSchema.nullish(),
  timezone: z.string().max(100).nullish(),
});

const participantsChoicesSchema = z.object({
  serviceChoices: z
    .array(
      z.object({
        numberOfParticipants: z.number().int().min(1).max(1000).nullish(),
        choices: z.array(z.record(z.string(), z.unknown())).max(20).nullish(),
      }),
    )
    .max(20)
    .nullish(),
});

export const extendedFieldsSchema = z.object({
  namespaces: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
});

/**
 * A booking as a client writes it (create).
 * @example {"bookedEntity":{"slot":{"serviceId":"…","startDate":"2026-12-01T10:00:00.000Z","resource":{"id":"…"}}},"contactDetails":{"firstName":"Ada","email":"ada@example.com"},"totalParticipants":1}
 */
export const bookingInputSchema = z.object({
  bookedEntity: z.object({
    slot: bookedSlotInputSchema.nullish(),
    schedule: bookedScheduleInputSchema.nullish(),
  }),
  contactDetails: contactDetailsSchema.nullish(),
  totalParticipants: z.number().int().min(1).max(1000).nullish(),
  participantsChoices: participantsChoicesSchema.nullish(),
  selectedPaymentOption: z.enum(selectedPaymentOptions).nullish(),
  paymentStatus: z.enum(paymentStatuses).nullish(),
  status: z.enum(bookingStatuses).nullish(),
  externalUserId: z.string().max(200).nullish(),
  formSubmissionId: z.string().max(100).nullish(),
  extendedFields: extendedFieldsSchema.nullish(),
  platform: z.enum(platforms).nullish(),
  depositSelected: z.boolean().nullish(),
});
export type BookingInput = z.infer<typeof bookingInputSchema>;

export const participantNotificationSchema = z.object({
  notifyParticipants: z.boolean().nullish(),
  message: z.string().max(5000).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

/** Checks a business caller may skip; a customer sending any of them is refused. */
export const flowControlSettingsSchema = z.object({
  skipAvailabilityValidation: z.boolean().nullish(),
  skipBusinessConfirmation: z.boolean().nullish(),
  skipSelectedPaymentOptionValidation: z.boolean().nullish(),
  ignoreReschedulePolicy: z.boolean().nullish(),
  ignoreCancellationPolicy: z.boolean().nullish(),
  ignoreBookingWindow: z.boolean().nullish(),
  checkAvailabilityValidation: z.boolean().nullish(),
  withRefund: z.boolean().nullish(),
});
export type FlowControlSettings = z.infer<typeof flowControlSettingsSchema>;

/** Answers of the service's booking form, keyed by field name. */
export const formSubmissionSchema = z.record(z.string().max(200), z.unknown());

export const createBookingRequestSchema = z.object({
  booking: bookingInputSchema,
  participantNotification: participantNotificationSchema.nullish(),
  sendSmsReminder: z.boolean().nullish(),
  flowControlSettings: flowControlSettingsSchema.nullish(),
  formSubmission: formSubmissionSchema.nullish(),
});
export type CreateBookingRequest = z.infer<typeof createBookingRequestSchema>;

export const bulkCreateBookingRequestSchema = z.object({
  createBookingsInfo: z.array(createBookingRequestSchema).min(1).max(8),
  returnFullEntity: z.boolean().nullish(),
});

export const rescheduleBookingRequestSchema = z.object({
  slot: bookedSlotInputSchema,
  revision: revisionSchema.nullish(),
  participantNotification: participantNotificationSchema.nullish(),
  flowControlSettings: flowControlSettingsSchema.nullish(),
  totalParticipants: z.number().int().min(1).max(1000).nullish(),
  participantsChoices: participantsChoicesSchema.nullish(),
});

export const confirmBookingRequestSchema = z.object({
  revision: revisionSchema.nullish(),
  participantNotification: participantNotificationSchema.nullish(),
  sendSmsReminder: z.boolean().nullish(),
  paymentStatus: z.enum(paymentStatuses).nullish(),
  doubleBooked: z.boolean().nullish(),
  flowControlSettings: flowControlSettingsSchema.nullish(),
});

export const declineBookingRequestSchema = confirmBookingRequestSchema.omit({ sendSmsReminder: true });

export const cancelBookingRequestSchema = z.object({
  participantNotification: participantNotificationSchema.nullish(),
  flowControlSettings: flowControlSettingsSchema.nullish(),
  revision: revisionSchema.nullish(),
});

export const updateNumberOfParticipantsRequestSchema = z.object({
  revision: revisionSchema.nullish(),
  totalParticipants: z.number().int().min(1).max(1000).nullish(),
  participantsChoices: participantsChoicesSchema.nullish(),
});

export const setBookingSubmissionIdRequestSchema = z.object({ submissionId: z.string().min(1).max(100) });

export const updateExtendedFieldsRequestSchema = z.object({
  namespace: z.string().min(1).max(200),
  namespaceData: z.object({ data: z.record(z.string(), z.unknown()) }),
});

export const confirmOrDeclineRequestSchema = z.object({ paymentStatus: z.enum(paymentStatuses).nullish() });

export const bulkConfirmOrDeclineRequestSchema = z.object({
  details: z
    .array(z.object({ bookingId: uuid, paymentStatus: z.enum(paymentStatuses).nullish() }))
    .min(1)
    .max(100),
  returnEntity: z.boolean().nullish(),
});

const identificationSchema = z.object({
  anonymousVisitorId: z.string().optional(),
  memberId: z.string().optional(),
  wixUserId: z.string().optional(),
  appId: z.string().optional(),
});

/**
 * A booking as the server returns it.
 * @example {"id":"…","revision":"1","status":"CONFIRMED","bookedEntity":{"slot":{"serviceId":"…","startDate":"2026-12-01T10:00:00.000Z","endDate":"2026-12-01T11:00:00.000Z","timezone":"UTC"}},"totalParticipants":1}
 */
export const bookingSchema = z.object({
  id: z.string(),
  revision: z.string(),
  status: z.enum(bookingStatuses),
  paymentStatus: z.enum(paymentStatuses),
  selectedPaymentOption: z.enum(selectedPaymentOptions),
  bookedEntity: z.object({
    slot: z
      .object({
        sessionId: z.string().nullish(),
        eventId: z.string().nullish(),
        serviceId: z.string(),
        scheduleId: z.string(),
        startDate: z.string(),
        endDate: z.string(),
        timezone: z.string(),
        resource: bookedResourceSchema.nullish(),
        /**
         * Rooms and equipment the booking holds besides its staff member (the service's resource pools).
         * Atrium's own field: the official `resourceSelections` means how a resource type was chosen.
         */
        resources: z.array(z.object({ id: z.string() })).optional(),
        location: bookingLocationSchema.nullish(),
      })
      .optional(),
    schedule: z
      .object({
        scheduleId: z.string(),
        serviceId: z.string(),
        location: bookingLocationSchema.nullish(),
        timezone: z.string(),
        firstSessionStart: z.string().nullish(),
        lastSessionEnd: z.string().nullish(),
      })
      .optional(),
    title: z.string().nullish(),
    tags: z.array(z.string()),
  }),
  contactDetails: contactDetailsSchema.optional(),
  totalParticipants: z.number().int(),
  participantsChoices: participantsChoicesSchema.nullish(),
  startDate: z.string(),
  endDate: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  canceledDate: z.string().nullish(),
  createdBy: identificationSchema.optional(),
  externalUserId: z.string().nullish(),
  doubleBooked: z.boolean().optional(),
  formId: z.string().nullish(),
  formSubmissionId: z.string().nullish(),
  submissionId: z.string().nullish(),
  extendedFields: extendedFieldsSchema.optional(),
  multiServiceBookingInfo: z.object({ id: z.string(), type: z.enum(multiServiceBookingTypes) }).nullish(),
  sendSmsReminder: z.boolean().optional(),
  attendance: z.enum(attendanceStatuses).optional(),
  bookingSource: z.object({ actor: z.enum(actors), platform: z.enum(platforms) }).optional(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingResponseSchema = z.object({ booking: bookingSchema });

export const bulkBookingResponseSchema = z.object({
  results: z.array(z.object({ itemMetadata: itemMetadataSchema, item: bookingSchema.optional() })),
  bulkActionMetadata: bulkActionMetadataSchema,
});

// ---- Multi-service bookings ----

export const multiServiceBookingSchema = z.object({
  id: z.string(),
  type: z.enum(multiServiceBookingTypes),
  revision: z.string(),
  bookings: z.array(z.object({ booking: bookingSchema, bookingId: z.string() })),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export const multiServiceBookingResponseSchema = z.object({ multiServiceBooking: multiServiceBookingSchema });

export const createMultiServiceBookingRequestSchema = z.object({
  bookings: z.array(bookingInputSchema).min(2).max(8),
  multiServiceBookingType: z.enum(multiServiceBookingTypes).default('SEQUENTIAL_BOOKINGS'),
  participantNotification: participantNotificationSchema.nullish(),
  sendSmsReminder: z.boolean().nullish(),
  flowControlSettings: flowControlSettingsSchema.nullish(),
  formSubmission: formSubmissionSchema.nullish(),
  returnFullEntity: z.boolean().nullish(),
});

const bookingRevisionSchema = z.object({ bookingId: uuid, revision: revisionSchema.nullish() });

export const rescheduleMultiServiceBookingRequestSchema = z.object({
  rescheduleBookingsInfo: z
    .array(z.object({ bookingId: uuid, revision: revisionSchema.nullish(), slot: bookedSlotInputSchema }))
    .min(1)
    .max(8),
  participantNotification: participantNotificationSchema.nullish(),
  flowControlSettings: flowControlSettingsSchema.nullish(),
  returnFullEntity: z.boolean().nullish(),
});

export const multiServiceStatusChangeRequestSchema = z.object({
  bookingsRevision: z.array(bookingRevisionSchema).max(8).nullish(),
  participantNotification: participantNotificationSchema.nullish(),
  sendSmsReminder: z.boolean().nullish(),
  paymentStatus: z.enum(paymentStatuses).nullish(),
  doubleBooked: z.boolean().nullish(),
  flowControlSettings: flowControlSettingsSchema.nullish(),
  returnFullEntity: z.boolean().nullish(),
});

export const multiServiceAvailabilityResponseSchema = z.object({
  bookable: z.boolean(),
  totalCapacity: z.number().int().nullish(),
  remainingCapacity: z.number().int().nullish(),
  multiServiceBookingInfo: z.array(
    z.object({ bookingId: z.string(), bookable: z.boolean(), reason: z.string().nullish() }),
  ),
});

export const allowedActionsSchema = z.object({
  cancel: z.boolean(),
  reschedule: z.boolean(),
  confirm: z.boolean().optional(),
  decline: z.boolean().optional(),
  markAsPending: z.boolean().optional(),
  bookAnother: z.boolean().optional(),
});

export const getAllowedActionsRequestSchema = z.object({
  multiServiceBookingIds: z.array(uuid).min(1).max(100),
});
export const getAllowedActionsResponseSchema = z.object({
  results: z.array(z.object({ itemMetadata: itemMetadataSchema, item: allowedActionsSchema.optional() })),
  bulkActionMetadata: bulkActionMetadataSchema,
});

export const addBookingsToMultiServiceBookingRequestSchema = z.object({
  multiServiceBookingId: uuid,
  bookings: z.array(bookingRevisionSchema).min(1).max(8),
  returnFullEntity: z.boolean().nullish(),
});
export const removeBookingsFromMultiServiceBookingRequestSchema =
  addBookingsToMultiServiceBookingRequestSchema;
export const multiServiceBookingChangeResponseSchema = z.object({
  multiServiceBooking: multiServiceBookingSchema.optional(),
  results: z.array(z.object({ itemMetadata: itemMetadataSchema, item: bookingSchema.optional() })),
  bulkActionMetadata: bulkActionMetadataSchema,
});

// ---- Attendance and fees ----

/** @example {"bookingId":"…","status":"ATTENDED","numberOfAttendees":1} */
export const attendanceSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  sessionId: z.string().nullish(),
  status: z.enum(attendanceStatuses),
  numberOfAttendees: z.number().int(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export const setAttendanceRequestSchema = z.object({
  attendance: z.object({
    bookingId: uuid,
    status: z.enum(attendanceStatuses),
    numberOfAttendees: z.number().int().min(0).max(1000).nullish(),
    revision: revisionSchema.nullish(),
  }),
  participantNotification: participantNotificationSchema.nullish(),
});
export const attendanceResponseSchema = z.object({ attendance: attendanceSchema });
/**
 * Several attendances: `attendanceList` (Atrium's form) or `attendanceDetails: [{attendance}]` (what the
 * official attendance client sends); one of the two.
 */
export const bulkSetAttendanceRequestSchema = z
  .object({
    attendanceList: z.array(setAttendanceRequestSchema.shape.attendance).min(1).max(100).optional(),
    attendanceDetails: z
      .array(
        z.object({
          attendance: setAttendanceRequestSchema.shape.attendance,
          participantNotification: participantNotificationSchema.nullish(),
        }),
      )
      .min(1)
      .max(100)
      .optional(),
    returnFullEntity: z.boolean().nullish(),
  })
  .refine((body) => body.attendanceList !== undefined || body.attendanceDetails !== undefined, {
    message: 'Give attendanceList or attendanceDetails',
    path: ['attendanceList'],
  });
export const bulkAttendanceResponseSchema = z.object({
  results: z.array(z.object({ itemMetadata: itemMetadataSchema, item: attendanceSchema.optional() })),
  bulkActionMetadata: bulkActionMetadataSchema,
});
export const queryAttendanceRequestSchema = z.object({
  query: z
    .object({
      filter: z.record(z.string(), z.unknown()).nullish(),
      paging: z
        .object({
          limit: z.number().int().min(1).max(100).optional(),
          offset: z.number().int().min(0).optional(),
        })
        .nullish(),
    })
    .default({}),
});

/** @example {"bookingId":"…","status":"NOT_YET_APPLIED_TO_ORDER","trigger":"BOOKING_CANCELED","amount":{"value":"10.00","currency":"USD"}} */
export const bookingFeeSchema = z.object({
  id: z.string().nullish(),
  bookingId: z.string(),
  status: z.enum(bookingFeeStatuses),
  trigger: z.enum(bookingFeeTriggers),
  amount: moneyOutSchema,
  /** The same fee as the official booking-fees client reads it (`cancellationFee.price`). */
  cancellationFee: z
    .object({
      price: moneyOutSchema,
      status: z.enum(bookingFeeStatuses),
      trigger: z.enum(bookingFeeTriggers),
    })
    .optional(),
  createdDate: z.string().nullish(),
});
export const listBookingFeesRequestSchema = z.object({ bookingIds: z.array(uuid).min(1).max(100) });
export const listBookingFeesResponseSchema = z.object({ bookingFees: z.array(bookingFeeSchema) });
/** `GET /bookings/v1/booking-fees?bookingIds=…` (the official client's list call): one id or several. */
export const listBookingFeesQuerySchema = z.object({
  bookingIds: z.union([uuid, z.array(uuid).max(100)]).optional(),
});
export const applyBookingFeesRequestSchema = z.object({ bookingIds: z.array(uuid).min(1).max(100) });
export const collectBookingFeesRequestSchema = z.object({
  orderId: z.string().min(1).max(100),
  additionalFeeId: z.string().min(1).max(100),
});
/** Codes of the fee calls, as the official booking-fees client declares them. */
export const bookingFeeErrorCodes = {
  missingBookingIds: 'MISSING_BOOKING_IDS',
  orderNotFound: 'ORDER_NOT_FOUND',
  additionalFeeNotFound: 'ADDITIONAL_FEE_NOT_FOUND',
} as const;

export const countAttendanceRequestSchema = z.object({ filter: z.record(z.string(), z.unknown()).nullish() });
export const bulkDeleteAttendanceRequestSchema = z.object({ attendanceIds: z.array(uuid).min(1).max(100) });
export const bulkDeleteAttendanceResponseSchema = z.object({
  results: z.array(z.object({ itemMetadata: itemMetadataSchema })),
  bulkActionMetadata: bulkActionMetadataSchema,
});

// ---- Extended bookings ----

const extendedFlags = {
  withBookingAllowedActions: z.boolean().nullish(),
  withBookingAttendanceInfo: z.boolean().nullish(),
  withEcomOrder: z.boolean().nullish(),
  withEcomInvoices: z.boolean().nullish(),
  withEcomTransactions: z.boolean().nullish(),
  withFormSubmission: z.boolean().nullish(),
  withBookingConferencingDetails: z.boolean().nullish(),
  withBookingPolicySettings: z.boolean().nullish(),
  withBookingFeeDetails: z.boolean().nullish(),
  sessionId: z.string().max(250).nullish(),
};
export const extendedBookingsQueryRequestSchema = z.object({
  query: z
    .object({
      filter: z.record(z.string(), z.unknown()).nullish(),
      sort: z
        .array(z.object({ fieldName: z.string().max(200), order: z.enum(['ASC', 'DESC']).default('ASC') }))
        .max(5)
        .nullish(),
      paging: z
        .object({
          limit: z.number().int().min(1).max(100).optional(),
          offset: z.number().int().min(0).optional(),
        })
        .nullish(),
    })
    .default({}),
  ...extendedFlags,
});
export const extendedBookingsCountRequestSchema = z.object({
  filter: z.record(z.string(), z.unknown()).nullish(),
});

export const extendedBookingSchema = z.object({
  booking: bookingSchema,
  allowedActions: allowedActionsSchema.optional(),
  attendance: attendanceSchema.nullish(),
  attendanceInfo: z
    .object({ attendanceStatus: z.enum(attendanceStatuses), numberOfAttendees: z.number().int() })
    .nullish(),
  order: z.record(z.string(), z.unknown()).nullish(),
  invoices: z.object({ invoices: z.array(z.unknown()) }).nullish(),
  transactions: z.object({ payments: z.array(z.unknown()), refunds: z.array(z.unknown()) }).nullish(),
  formSubmission: z.record(z.string(), z.unknown()).nullish(),
  conferencingDetails: z.record(z.string(), z.unknown()).nullish(),
  bookingPolicySettings: z.object({ cancellationFeeEnabled: z.boolean().nullish() }).nullish(),
  bookingFeeDetails: z.object({ cancellationFee: bookingFeeSchema.nullish() }).nullish(),
});
export const extendedBookingsQueryResponseSchema = z.object({
  extendedBookings: z.array(extendedBookingSchema),
  pagingMetadata: z.object({
    count: z.number().int(),
    offset: z.number().int(),
    total: z.number().int(),
    tooManyToCount: z.boolean(),
  }),
});
export const extendedBookingsCountResponseSchema = z.object({ count: z.number().int() });

const localDateSchema = z.iso.date();
/** The longest range `count-by-day` answers: a year and a day (a leap year's 366 days). */
export const countByDayMaxDays = 366;

/**
 * Bookings per local day of `timeZone` (by their start), from `from` to `to` inclusive: a chart's series in one
 * call instead of a count per day. Days without bookings are listed with 0. Atrium's own call (the official
 * clients count one filter at a time); the filter is the one `count` takes.
 * @example {"filter":{"status":{"$in":["CONFIRMED","PENDING"]}},"from":"2026-11-01","to":"2026-11-30","timeZone":"Europe/Berlin"}
 */
export const extendedBookingsCountByDayRequestSchema = z
  .object({
    filter: z.record(z.string(), z.unknown()).nullish(),
    from: localDateSchema,
    to: localDateSchema,
    timeZone: timeZoneSchema,
  })
  .refine((request) => request.to >= request.from, { path: ['to'], message: 'must not be before from' })
  .refine((request) => Date.parse(request.to) - Date.parse(request.from) < countByDayMaxDays * 86_400_000, {
    path: ['to'],
    message: `at most ${countByDayMaxDays} days after from`,
  });
/** @example {"days":[{"date":"2026-11-01","count":3},{"date":"2026-11-02","count":0}]} */
export const extendedBookingsCountByDayResponseSchema = z.object({
  days: z.array(z.object({ date: z.iso.date(), count: z.number().int() })),
});

// ---- Booking forms (the fields a service's form asks for) ----

export const bookingFormFieldSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_.-]+$/),
  label: z.string().max(500).nullish(),
  type: z.enum(bookingFormFieldTypes),
  required: z.boolean().default(false),
  maxLength: z.number().int().min(1).max(10000).nullish(),
});
export const bookingFormInputSchema = z.object({
  name: z.string().min(1).max(200),
  fields: z.array(bookingFormFieldSchema).max(100),
});
export const bookingFormSchema = bookingFormInputSchema.extend({ id: z.string(), createdDate: z.string() });
export const bookingFormResponseSchema = z.object({ form: bookingFormSchema });
