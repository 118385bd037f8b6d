import { z } from 'zod';
import { revisionSchema } from '../common.ts';
import { cursorPagingMetadataSchema } from '../query.ts';
import {
  cursorQuerySchema,
  extendedFieldsSchema,
  fieldMaskSchema,
  mediaItemSchema,
  workingPeriodOutSchema,
  workingPeriodSchema,
} from './common.ts';

/**
 * Working hours: periods per weekday in the business time zone. Periods of one weekday may not overlap,
 * and each ends after it starts.
 * @example [{"weekday":"MON","startTime":"09:00","endTime":"12:00"},{"weekday":"MON","startTime":"13:00","endTime":"17:00"}]
 */
export const workingHoursSchema = z.array(workingPeriodSchema).max(100);

/**
 * A person who gives services. Until given working hours of their own a staff member works the business
 * hours (`usesDefaultWorkingHours`).
 * @example {"id":"…","name":"Dana Levi","email":"dana@example.com","usesDefaultWorkingHours":true}
 */
export const staffMemberInputSchema = z.object({
  id: z.string().nullish(),
  revision: revisionSchema.nullish(),
  name: z.string().trim().min(1).max(200).nullish(),
  email: z.email().max(320).nullish(),
  phone: z.string().max(50).nullish(),
  description: z.string().max(500).nullish(),
  mainMedia: mediaItemSchema.optional(),
  tags: z
    .object({ privateTags: z.object({ tagIds: z.array(z.string().max(100)).max(100) }).optional() })
    .optional(),
  extendedFields: extendedFieldsSchema.optional(),
  /** Own working hours; setting them clears `usesDefaultWorkingHours`. */
  workingHours: workingHoursSchema.optional(),
  /** `true` returns the staff member to the business hours (own hours are dropped). */
  usesDefaultWorkingHours: z.boolean().optional(),
});

/** Staff identity connection statuses (spec §3 "Staff member"). */
export const staffConnectionStatuses = ['CONNECTED', 'PENDING', 'EXPIRED', 'DISCONNECTED'] as const;

/**
 * Connect Staff Member To User: links the staff member to the dashboard user with `email` (the staff
 * member's own email when absent). CONNECTED when such a user exists, PENDING until one does (invite them
 * from the team screen), EXPIRED after 30 days.
 * @example {"email":"dana@example.com"}
 */
export const connectStaffMemberToUserRequestSchema = z.object({
  email: z.email().max(320).nullish(),
});

export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  description: z.string().nullish(),
  mainMedia: mediaItemSchema.optional(),
  resourceId: z.string(),
  resource: z.object({
    id: z.string(),
    usesDefaultWorkingHours: z.boolean(),
    workingHoursSchedules: z.array(z.object({ id: z.string(), shared: z.boolean() })),
  }),
  usesDefaultWorkingHours: z.boolean(),
  workingHours: z.array(workingPeriodOutSchema),
  /** The dashboard user the staff member is connected to (shown to the business only). */
  associatedWixIdentity: z
    .object({
      identificationData: z
        .object({ wixUserId: z.string().nullish(), identityType: z.literal('WIX_USER') })
        .nullish(),
      connection: z.object({ status: z.enum(staffConnectionStatuses) }),
      /** The email the connection was made for. */
      email: z.string().nullish(),
    })
    .optional(),
  tags: z.object({ privateTags: z.object({ tagIds: z.array(z.string()) }).optional() }).optional(),
  extendedFields: extendedFieldsSchema.optional(),
  /** Whether the staff member appears in booking flows (Set Service Provider); true by default. */
  serviceProvider: z.boolean(),
  /** When a staff member in the trash bin was deleted (only on the trash bin's answers). */
  deletedDate: z.string().optional(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/**
 * Set Service Provider: `false` takes the staff member out of booking flows (availability and what
 * visitors list) and keeps their hours, services and bookings; `true` puts them back.
 * @example {"serviceProvider":false}
 */
export const setServiceProviderRequestSchema = z.object({ serviceProvider: z.boolean() });

/** The trash bin's list: deleted staff members still restorable, most recently deleted first. */
export const listDeletedStaffMembersQuerySchema = z.object({
  staffMemberIds: z.union([z.uuid(), z.array(z.uuid()).max(100)]).optional(),
  'paging.limit': z.coerce.number().int().min(1).max(100).optional(),
  'paging.cursor': z.string().max(2000).optional(),
  paging: z
    .object({
      limit: z.coerce.number().int().min(1).max(100).nullish(),
      cursor: z.string().max(2000).nullish(),
    })
    .optional(),
});

export const staffMemberResponseSchema = z.object({ staffMember: staffMemberSchema });
export const createStaffMemberRequestSchema = z.object({ staffMember: staffMemberInputSchema });
export const updateStaffMemberRequestSchema = z.object({
  staffMember: staffMemberInputSchema,
  mask: fieldMaskSchema.optional(),
  fieldMask: fieldMaskSchema.optional(),
});
export const queryStaffMembersRequestSchema = z.object({ query: cursorQuerySchema.default({}) });
export const queryStaffMembersResponseSchema = z.object({
  staffMembers: z.array(staffMemberSchema),
  pagingMetadata: cursorPagingMetadataSchema,
});

export const setWorkingHoursRequestSchema = z.object({ workingHours: workingHoursSchema });
export const workingHoursResponseSchema = z.object({
  staffMemberId: z.string(),
  usesDefaultWorkingHours: z.boolean(),
  /** The hours in force: the staff member's own, or the business hours. */
  workingHours: z.array(workingPeriodOutSchema),
  timeZone: z.string(),
});

/**
 * Time off blocks a staff member's availability between two instants.
 * @example {"startDate":"2026-12-24T00:00:00.000Z","endDate":"2026-12-27T00:00:00.000Z","title":"Holidays"}
 */
export const timeOffInputSchema = z.object({
  startDate: z.iso.datetime({ offset: true }),
  endDate: z.iso.datetime({ offset: true }),
  title: z.string().max(200).nullish(),
});
export const timeOffSchema = z.object({
  id: z.string(),
  staffMemberId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  title: z.string().nullish(),
  createdDate: z.string(),
});
export const createTimeOffRequestSchema = z.object({ timeOff: timeOffInputSchema });
export const timeOffResponseSchema = z.object({ timeOff: timeOffSchema });
export const listTimeOffQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export const listTimeOffResponseSchema = z.object({ timeOff: z.array(timeOffSchema) });
/**
 * Time off of several staff members overlapping [from, to), in one call (the dashboard calendar's blocked
 * time). Ids of unknown staff members yield nothing.
 * @example {"staffMemberIds":["…","…"],"from":"2026-11-23T00:00:00Z","to":"2026-11-30T00:00:00Z"}
 */
export const queryTimeOffRequestSchema = z.object({
  staffMemberIds: z.array(z.uuid()).min(1).max(200),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});

export const setStaffServicesRequestSchema = z.object({ serviceIds: z.array(z.uuid()).max(500) });
export const staffServicesResponseSchema = z.object({
  services: z.array(z.object({ id: z.string(), name: z.string(), type: z.string() })),
});

/**
 * The bookings settings of a site: its business hours, in the site's time zone. A new site works
 * Monday to Friday 09:00-17:00.
 */
export const bookingsSettingsSchema = z.object({
  businessHours: z.array(workingPeriodOutSchema),
  timeZone: z.string(),
  revision: z.string(),
  updatedDate: z.string().nullable(),
});
export const bookingsSettingsResponseSchema = z.object({ settings: bookingsSettingsSchema });
export const updateBookingsSettingsRequestSchema = z.object({
  settings: z.object({
    businessHours: workingHoursSchema,
    revision: revisionSchema.optional(),
  }),
});

// ---- Calls of the official staff-members client beyond Atrium's own (staff-extras.service.ts) ----

/**
 * Search: the query's filter, sort and cursor paging, plus free text on the name (`search.expression`).
 * @example {"search":{"search":{"expression":"dana"},"cursorPaging":{"limit":20}}}
 */
export const searchStaffMembersRequestSchema = z.object({
  search: z
    .object({
      filter: z.record(z.string(), z.unknown()).nullish(),
      sort: z
        .array(z.object({ fieldName: z.string().max(100), order: z.enum(['ASC', 'DESC']).optional() }))
        .max(10)
        .optional(),
      cursorPaging: z
        .object({ limit: z.number().int().min(1).max(100).nullish(), cursor: z.string().max(4000).nullish() })
        .nullish(),
      search: z.object({ expression: z.string().max(200).nullish() }).nullish(),
    })
    .default({}),
});
const tagsSchema = z.object({
  privateTags: z.object({ tagIds: z.array(z.string().max(100)).max(100) }).optional(),
});
export const bulkUpdateStaffTagsRequestSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(100),
  assignTags: tagsSchema.nullish(),
  unassignTags: tagsSchema.nullish(),
});
export const bulkUpdateStaffTagsByFilterRequestSchema = z.object({
  filter: z.record(z.string(), z.unknown()),
  assignTags: tagsSchema.nullish(),
  unassignTags: tagsSchema.nullish(),
});
export const getOrCreateStaffMembersRequestSchema = z.object({
  wixUserIds: z.array(z.uuid()).min(1).max(100),
});
export const assignScheduleRequestSchema = z.object({ scheduleId: z.string().max(100).nullish() });
