import { z } from 'zod';
import { revisionSchema } from '../common.ts';
import { addressSchema } from '../address.ts';
import { moneySchema } from '../money.ts';
import { bookingPolicySchema } from './policies.ts';
import { bulkActionMetadataSchema, itemMetadataSchema } from '../bulk.ts';
import {
  cursorPagingMetadataSchema,
  cursorPagingSchema,
  filterSchema,
  offsetPagingMetadataSchema,
  sortingSchema,
} from '../query.ts';
import {
  cursorQuerySchema,
  extendedFieldsSchema,
  fieldMaskSchema,
  mediaItemSchema,
  offsetQuerySchema,
  participantNotificationSchema,
} from './common.ts';

export const serviceTypes = ['APPOINTMENT', 'CLASS', 'COURSE'] as const;
export type ServiceType = (typeof serviceTypes)[number];
export const rateTypes = ['FIXED', 'CUSTOM', 'VARIED', 'NO_FEE'] as const;
export type RateType = (typeof rateTypes)[number];
export const locationTypes = ['BUSINESS', 'CUSTOM', 'CUSTOMER'] as const;
export type LocationType = (typeof locationTypes)[number];

/**
 * A service location's address: the shared address (address.ts) with what service locations add, the
 * apartment in `streetAddress` and the map point as `location`.
 * @example {"formattedAddress":"1 Main St, Springfield","streetAddress":{"number":"1","name":"Main St","apt":"4B"},"location":{"latitude":39.8,"longitude":-89.6}}
 */
export const serviceAddressSchema = addressSchema.extend({
  streetAddress: z
    .object({
      number: z.string().max(50).nullish(),
      name: z.string().max(200).nullish(),
      apt: z.string().max(50).nullish(),
    })
    .nullish(),
  location: z
    .object({
      latitude: z.number().min(-90).max(90).nullish(),
      longitude: z.number().min(-180).max(180).nullish(),
    })
    .nullish(),
});

export const businessLocationSchema = z.object({
  id: z.string().max(100).optional(),
  name: z.string().max(200).optional(),
  default: z.boolean().nullish(),
  address: serviceAddressSchema.optional(),
  email: z.string().max(320).nullish(),
  phone: z.string().max(50).nullish(),
});

const legacyLocationTypes: Record<string, LocationType> = {
  OWNER_BUSINESS: 'BUSINESS',
  OWNER_CUSTOM: 'CUSTOM',
};

/** A place the service happens: the business's premises, a custom address, or the customer's place. */
export const locationInputSchema = z.object({
  id: z.string().max(100).optional(),
  type: z
    .enum([...locationTypes, 'OWNER_BUSINESS', 'OWNER_CUSTOM'])
    .transform((type): LocationType => legacyLocationTypes[type] ?? (type as LocationType)),
  business: businessLocationSchema.optional(),
  custom: z
    .object({ id: z.string().max(100).optional(), address: serviceAddressSchema.optional() })
    .optional(),
  calculatedAddress: serviceAddressSchema.optional(),
});

export const locationSchema = locationInputSchema.extend({ type: z.enum(locationTypes) });
export type ServiceLocation = z.infer<typeof locationSchema>;

export const paymentSchema = z.object({
  rateType: z.enum(rateTypes).optional(),
  fixed: z
    .object({
      price: moneySchema.optional(),
      deposit: moneySchema.optional(),
      fullUpfrontPaymentAllowed: z.boolean().nullish(),
    })
    .optional(),
  custom: z.object({ description: z.string().max(500).nullish() }).optional(),
  varied: z
    .object({
      defaultPrice: moneySchema.optional(),
      deposit: moneySchema.optional(),
      minPrice: moneySchema.optional(),
      maxPrice: moneySchema.optional(),
      fullUpfrontPaymentAllowed: z.boolean().nullish(),
    })
    .optional(),
  options: z
    .object({
      online: z.boolean().nullish(),
      inPerson: z.boolean().nullish(),
      deposit: z.boolean().nullish(),
      pricingPlan: z.boolean().nullish(),
    })
    .optional(),
  pricingPlanIds: z.array(z.string().min(1).max(100)).max(100).optional(),
  addOnOption: z.enum(['ONLINE', 'IN_PERSON']).optional(),
});
export type ServicePayment = z.infer<typeof paymentSchema>;

export const availabilityConstraintsSchema = z.object({
  durations: z
    .array(z.object({ minutes: z.number().int().min(1).max(10080) }))
    .max(50)
    .optional(),
  sessionDurations: z.array(z.number().int().min(1).max(10080)).max(50).optional(),
  /** Buffer after each session, in minutes. */
  timeBetweenSessions: z.number().int().min(0).max(1440).optional(),
  /**
   * Buffer before each session, in minutes (Atrium's: preparation time the staff member and resources
   * are kept free for; the official client sends none, which is 0).
   */
  timeBeforeSessions: z.number().int().min(0).max(1440).optional(),
});

export const addOnGroupSchema = z.object({
  id: z.string().nullish(),
  name: z.string().min(1).max(200).nullish(),
  maxNumberOfAddOns: z.number().int().min(1).max(1000).nullish(),
  addOnIds: z.array(z.string().min(1).max(100)).max(100).nullish(),
  prompt: z.string().max(1000).nullish(),
});
export type AddOnGroup = z.infer<typeof addOnGroupSchema>;

const slugSchema = z.object({ name: z.string(), custom: z.boolean(), createdDate: z.string() });

/** The fields a client may write on a service (create, update, bulk). */
export const serviceInputSchema = z.object({
  id: z.string().optional(),
  revision: revisionSchema.optional(),
  type: z.enum(serviceTypes).optional(),
  sortOrder: z.number().int().nullish(),
  name: z.string().trim().min(1).max(400).optional(),
  description: z.string().max(10000).nullish(),
  tagLine: z.string().max(6000).nullish(),
  defaultCapacity: z.number().int().min(1).max(1000).nullish(),
  media: z
    .object({
      items: z.array(mediaItemSchema).max(100).optional(),
      mainMedia: mediaItemSchema.optional(),
      coverMedia: mediaItemSchema.optional(),
    })
    .optional(),
  hidden: z.boolean().nullish(),
  category: z.object({ id: z.uuid() }).nullish(),
  form: z.object({ id: z.uuid() }).nullish(),
  payment: paymentSchema.optional(),
  onlineBooking: z
    .object({
      enabled: z.boolean().nullish(),
      requireManualApproval: z.boolean().nullish(),
      allowMultipleRequests: z.boolean().nullish(),
    })
    .optional(),
  conferencing: z.object({ enabled: z.boolean().nullish() }).optional(),
  locations: z.array(locationInputSchema).max(100).optional(),
  bookingPolicy: z.object({ id: z.uuid() }).nullish(),
  schedule: z.object({ availabilityConstraints: availabilityConstraintsSchema.optional() }).optional(),
  staffMemberIds: z.array(z.uuid()).max(500).optional(),
  serviceResources: z
    .array(
      z.object({
        resourceType: z.object({ id: z.uuid(), name: z.string().nullish() }),
        resourceIds: z.object({ values: z.array(z.uuid()).max(500) }).optional(),
      }),
    )
    .max(20)
    .optional(),
  addOnGroups: z.array(addOnGroupSchema).max(50).optional(),
  addOnDetails: z
    .array(z.object({ addOnId: z.string().nullish(), durationInMinutes: z.number().int().min(0).nullish() }))
    .max(100)
    .optional(),
  extendedFields: extendedFieldsSchema.optional(),
  seoData: z.record(z.string(), z.unknown()).optional(),
  taxableAddress: z.object({ taxableAddressType: z.string().max(50).optional() }).optional(),
});
export type ServiceInput = z.infer<typeof serviceInputSchema>;

/**
 * A bookable service: an appointment, a class or a course.
 * @example {"id":"…","type":"APPOINTMENT","name":"Haircut","payment":{"rateType":"FIXED","fixed":{"price":{"value":"45.00","currency":"USD"}}},"schedule":{"id":"…","availabilityConstraints":{"durations":[{"minutes":45}]}}}
 */
export const serviceSchema = serviceInputSchema
  .omit({ revision: true, category: true, bookingPolicy: true, schedule: true, locations: true })
  .extend({
    id: z.string(),
    type: z.enum(serviceTypes),
    name: z.string(),
    revision: z.string(),
    createdDate: z.string(),
    updatedDate: z.string(),
    category: z
      .object({ id: z.string(), name: z.string().nullish(), sortOrder: z.number().nullish() })
      .optional(),
    bookingPolicy: bookingPolicySchema.optional(),
    locations: z.array(locationSchema),
    schedule: z.object({
      id: z.string(),
      firstSessionStart: z.string().nullish(),
      lastSessionEnd: z.string().nullish(),
      availabilityConstraints: availabilityConstraintsSchema.optional(),
    }),
    staffMemberIds: z.array(z.string()),
    staffMemberDetails: z
      .object({
        staffMembers: z.array(
          z.object({
            staffMemberId: z.string(),
            name: z.string().nullish(),
            mainMedia: mediaItemSchema.optional(),
          }),
        ),
      })
      .optional(),
    mainSlug: slugSchema.optional(),
    supportedSlugs: z.array(slugSchema),
    urls: z.object({ servicePage: z.string(), bookingPage: z.string(), calendarPage: z.string() }),
  });
export type Service = z.infer<typeof serviceSchema>;

export const serviceResponseSchema = z.object({ service: serviceSchema });

export const createServiceRequestSchema = z.object({ service: serviceInputSchema });
export const bulkCreateServicesRequestSchema = z.object({
  services: z.array(serviceInputSchema).min(1).max(100),
  returnEntity: z.boolean().optional(),
});
export const bulkServiceResultSchema = z.object({
  itemMetadata: itemMetadataSchema,
  item: serviceSchema.optional(),
});
export const bulkServicesResponseSchema = z.object({
  results: z.array(bulkServiceResultSchema),
  bulkActionMetadata: bulkActionMetadataSchema,
});

export const updateServiceRequestSchema = z.object({
  service: serviceInputSchema,
  mask: fieldMaskSchema.optional(),
  fieldMask: fieldMaskSchema.optional(),
});
export const bulkUpdateServicesRequestSchema = z.object({
  services: z
    .array(
      z.object({ service: serviceInputSchema.extend({ id: z.uuid() }), mask: fieldMaskSchema.optional() }),
    )
    .min(1)
    .max(100),
  returnEntity: z.boolean().optional(),
});
export const bulkUpdateServicesByFilterRequestSchema = z.object({
  filter: filterSchema,
  service: serviceInputSchema,
});
export const jobResponseSchema = z.object({ jobId: z.string() });

export const deleteOptionsSchema = z.object({
  preserveFutureSessionsWithParticipants: z.boolean().optional(),
  participantNotification: participantNotificationSchema.optional(),
});
export const deleteServiceQuerySchema = z.object({
  preserveFutureSessionsWithParticipants: z.enum(['true', 'false']).optional(),
  'participantNotification.notifyParticipants': z.enum(['true', 'false']).optional(),
  'participantNotification.message': z.string().max(5000).optional(),
});
export const bulkDeleteServicesRequestSchema = deleteOptionsSchema.extend({
  ids: z.array(z.uuid()).min(1).max(100),
});
export const bulkDeleteServicesByFilterRequestSchema = deleteOptionsSchema.extend({ filter: filterSchema });

export const queryServicesRequestSchema = z.object({ query: offsetQuerySchema.default({}) });
export const queryServicesResponseSchema = z.object({
  services: z.array(serviceSchema),
  pagingMetadata: offsetPagingMetadataSchema,
});

export const aggregationSchema = z.object({
  name: z.string().max(200).nullish(),
  type: z.enum(['VALUE', 'SCALAR']).optional(),
  fieldPath: z.string().min(1).max(200),
  value: z
    .object({
      sortType: z.enum(['COUNT', 'VALUE']).optional(),
      sortDirection: z.enum(['ASC', 'DESC']).optional(),
      limit: z.number().int().min(1).max(1000).nullish(),
    })
    .optional(),
  scalar: z.object({ type: z.enum(['COUNT_DISTINCT', 'MIN', 'MAX']) }).optional(),
});
export type Aggregation = z.infer<typeof aggregationSchema>;

export const searchServicesRequestSchema = z.object({
  search: z
    .object({
      filter: filterSchema.nullish(),
      sort: z.array(sortingSchema).max(10).optional(),
      cursorPaging: cursorPagingSchema.optional(),
      aggregations: z.array(aggregationSchema).max(10).optional(),
      search: z
        .object({
          mode: z.enum(['OR', 'AND']).optional(),
          expression: z.string().max(500).nullish(),
          fields: z.array(z.string().max(100)).max(10).optional(),
          fuzzy: z.boolean().optional(),
        })
        .optional(),
      timeZone: z.string().nullish(),
    })
    .default({}),
});
export const aggregationResultSchema = z.object({
  name: z.string(),
  type: z.enum(['VALUE', 'SCALAR']),
  fieldPath: z.string(),
  values: z.object({ results: z.array(z.object({ value: z.string(), count: z.number().int() })) }).optional(),
  scalar: z
    .object({ type: z.enum(['COUNT_DISTINCT', 'MIN', 'MAX']), value: z.number().nullable() })
    .optional(),
});
export const searchServicesResponseSchema = z.object({
  services: z.array(serviceSchema),
  pagingMetadata: cursorPagingMetadataSchema,
  aggregationData: z.object({ results: z.array(aggregationResultSchema) }),
});

export const countRequestSchema = z.object({ filter: filterSchema.nullish() });
export const countResponseSchema = z.object({ count: z.number().int() });

export const queryPoliciesRequestSchema = z.object({ query: cursorQuerySchema.default({}) });
export const queryPoliciesResponseSchema = z.object({
  bookingPolicies: z.array(
    z.object({
      bookingPolicy: bookingPolicySchema,
      connectedServices: z.array(serviceSchema),
      totalServiceCount: z.number().int(),
    }),
  ),
  pagingMetadata: cursorPagingMetadataSchema,
});

export const queryBookingFormsRequestSchema = z.object({
  query: cursorQuerySchema.default({}),
  conditionalFields: z.array(z.string()).optional(),
});
export const queryBookingFormsResponseSchema = z.object({
  bookingForms: z.array(
    z.object({
      formDetails: z.object({ formId: z.string(), name: z.string().nullish() }),
      connectedServices: z.array(z.object({ id: z.string(), name: z.string() })),
      totalServiceCount: z.number().int(),
    }),
  ),
  pagingMetadata: cursorPagingMetadataSchema,
  defaultBookingForm: z
    .object({ formDetails: z.object({ formId: z.string(), name: z.string().nullish() }) })
    .optional(),
});

export const queryLocationsRequestSchema = z.object({
  filter: z
    .object({
      services: filterSchema.nullish(),
      businessLocationIds: z.array(z.string().max(100)).max(100).optional(),
    })
    .optional(),
});
export const queryLocationsResponseSchema = z.object({
  businessLocations: z.object({ exists: z.boolean(), locations: z.array(locationSchema) }),
  customLocations: z.object({ exists: z.boolean() }),
  customerLocations: z.object({ exists: z.boolean() }),
});

export const queryServiceCategoriesRequestSchema = z.object({
  filter: z
    .object({ services: filterSchema.nullish(), categoryIds: z.array(z.uuid()).max(100).optional() })
    .optional(),
});
export const queryServiceCategoriesResponseSchema = z.object({
  categories: z.array(
    z.object({ id: z.string(), name: z.string().nullish(), sortOrder: z.number().nullish() }),
  ),
});

export const setServiceLocationsRequestSchema = z.object({
  locations: z.array(locationInputSchema).max(100),
  removedLocationSessionsAction: z
    .object({
      action: z.enum(['KEEP_AT_CURRENT_LOCATION', 'MOVE_TO_LOCATION']).optional(),
      moveToLocationOptions: z.object({ newLocation: locationInputSchema.optional() }).optional(),
    })
    .optional(),
  participantNotification: participantNotificationSchema.optional(),
});

export const pricingPlansRequestSchema = z.object({
  pricingPlanIds: z.array(z.string().min(1).max(100)).max(100),
});

export const slugErrors = ['SLUG_CONTAINS_ILLEGAL_CHARACTERS', 'SLUG_ALREADY_EXISTS'] as const;
export const setCustomSlugRequestSchema = z.object({ slug: z.string().max(500) });
export const setCustomSlugResponseSchema = z.object({ slug: slugSchema, service: serviceSchema });
export const validateSlugRequestSchema = z.object({
  serviceId: z.uuid().optional(),
  slug: z.string().max(500),
});
export const validateSlugResponseSchema = z.object({
  valid: z.boolean(),
  slug: z.string().nullable(),
  errors: z.array(z.enum(slugErrors)),
});

export const cloneServiceRequestSchema = z.object({ sourceServiceId: z.uuid() });
export const cloneServiceResponseSchema = z.object({
  service: serviceSchema,
  errors: z.array(z.enum(['OPTIONS_AND_VARIANTS', 'FORM'])),
});

// Add-on groups live inside their service (`service.addOnGroups`), as in the client's declarations.
export const createAddOnGroupRequestSchema = z.object({ addOnGroup: addOnGroupSchema, serviceId: z.uuid() });
export const updateAddOnGroupRequestSchema = z.object({
  addOnGroup: addOnGroupSchema.extend({ id: z.uuid() }),
  serviceId: z.uuid(),
  mask: fieldMaskSchema.optional(),
});
export const deleteAddOnGroupRequestSchema = z.object({ addOnGroupId: z.uuid(), serviceId: z.uuid() });
export const listAddOnGroupsRequestSchema = z.object({
  serviceId: z.uuid(),
  groupIds: z.array(z.uuid()).max(100).nullish(),
});
export const setAddOnsForGroupRequestSchema = z.object({
  serviceId: z.uuid(),
  groupId: z.uuid(),
  addOnIds: z.array(z.string().min(1).max(100)).max(100),
});
export const addOnGroupResponseSchema = z.object({ addOnGroup: addOnGroupSchema });
export const listAddOnGroupsResponseSchema = z.object({
  addOnGroupsDetails: z.array(
    z.object({
      groupId: z.string(),
      groupName: z.string().nullish(),
      maxNumberOfAddOns: z.number().nullish(),
      prompt: z.string().nullish(),
      addOns: z.array(z.object({ addOnId: z.string(), durationInMinutes: z.number().nullish() })),
    }),
  ),
});

export const bookingsCatalogueErrorCodes = {
  slugIllegalCharacters: 'SLUG_CONTAINS_ILLEGAL_CHARACTERS',
  slugAlreadyExists: 'SLUG_ALREADY_EXISTS',
  invalidWorkingHours: 'INVALID_WORKING_HOURS',
  categoryNotFound: 'CATEGORY_NOT_FOUND',
  defaultPolicyDelete: 'DEFAULT_POLICY_CANNOT_BE_DELETED',
  policyInUse: 'BOOKING_POLICY_IN_USE',
  resourceTypeInUse: 'RESOURCE_TYPE_IN_USE',
  optionsAlreadyExist: 'SERVICE_OPTIONS_ALREADY_EXIST',
  invalidVariant: 'INVALID_VARIANT',
  priceNotCalculable: 'PRICE_NOT_CALCULABLE',
} as const;
