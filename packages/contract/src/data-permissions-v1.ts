import { z } from 'zod';

/** Permissions v1 (`/data/v1/permissions`): access levels per action, and special permissions per subject. */
export const accessLevels = [
  'ANYONE',
  'SITE_MEMBER',
  'SITE_MEMBER_AUTHOR',
  'CMS_EDITOR',
  'PRIVILEGED',
] as const;

/**
 * A special permission's effect on one action: UNSPECIFIED leaves the access level to decide, ALLOWED grants
 * it, DENIED (Atrium's addition, spec §6 "effect ALLOW or DENY") refuses it and wins over any ALLOWED.
 */
export const specialAccessValues = ['UNSPECIFIED', 'ALLOWED', 'DENIED'] as const;

/**
 * The groups a `policyId` names: VISITORS (anonymous visitors), MEMBERS (every member), STAFF (every
 * dashboard user), or a staff role (OWNER, ADMIN, STAFF_ROLE).
 */
export const permissionPolicies = ['VISITORS', 'MEMBERS', 'STAFF', 'OWNER', 'ADMIN', 'STAFF_ROLE'] as const;

export const dataPermissionsErrorCodes = {
  specialPermissionsNotFound: 'SPECIAL_PERMISSIONS_NOT_FOUND',
} as const;

const access = z.enum(specialAccessValues).nullish();

export const specialPermissionsSchema = z.object({
  id: z.string().nullish(),
  /** The subject: one identity (a member's, staff user's or app's id) ... */
  userId: z.string().min(1).max(200).nullish(),
  /** ... or one group of `permissionPolicies`. */
  policyId: z.enum(permissionPolicies).nullish(),
  itemRead: access,
  itemInsert: access,
  itemUpdate: access,
  itemRemove: access,
});
export type SpecialPermissions = z.infer<typeof specialPermissionsSchema>;

export const storedSpecialPermissionsSchema = specialPermissionsSchema.extend({ id: z.string() });
export type StoredSpecialPermissions = z.infer<typeof storedSpecialPermissionsSchema>;

const level = z.enum(accessLevels);
export const dataPermissionsV1Schema = z.object({
  /** The collection's id. */
  id: z.string(),
  itemRead: level,
  itemInsert: level,
  itemUpdate: level,
  itemRemove: level,
  specialPermissions: z.array(storedSpecialPermissionsSchema),
});

export const getPermissionsQuerySchema = z.object({ dataCollectionId: z.string().min(1).max(256) });
export const dataPermissionsResponseSchema = z.object({ dataPermissions: dataPermissionsV1Schema });
export const updatePermissionsRequestSchema = z.object({
  dataPermissions: z.object({
    id: z.string().min(1).max(256),
    itemRead: level.nullish(),
    itemInsert: level.nullish(),
    itemUpdate: level.nullish(),
    itemRemove: level.nullish(),
  }),
});
export const addSpecialPermissionsRequestSchema = z.object({
  dataCollectionId: z.string().min(1).max(256),
  specialPermissions: specialPermissionsSchema,
});
export const updateSpecialPermissionsRequestSchema = z.object({
  specialPermissions: specialPermissionsSchema,
});
export const specialPermissionsResponseSchema = z.object({
  specialPermissions: storedSpecialPermissionsSchema,
});
export const myPermissionsResponseSchema = z.object({
  itemRead: z.boolean(),
  itemInsert: z.boolean(),
  itemUpdate: z.boolean(),
  itemRemove: z.boolean(),
});
