import { z } from 'zod';

/** Why a field was rejected; the values the contract's clients know. */
export const violatedRuleSchema = z.enum([
  'VALIDATION',
  'OTHER',
  'MAX',
  'MIN',
  'MAX_LENGTH',
  'MIN_LENGTH',
  'MAX_SIZE',
  'MIN_SIZE',
  'FORMAT',
  'DECIMAL_LTE',
  'DECIMAL_GTE',
  'DECIMAL_LT',
  'DECIMAL_GT',
  'DECIMAL_MAX_SCALE',
  'INVALID_ENUM_VALUE',
  'REQUIRED_FIELD',
  'FIELD_NOT_ALLOWED',
  'ONE_OF_ALIGNMENT',
  'EXACT_LENGTH',
  'EXACT_SIZE',
  'REQUIRED_ONE_OF_FIELD',
]);
export type ViolatedRule = z.infer<typeof violatedRuleSchema>;

export const fieldViolationSchema = z.object({
  field: z.string(),
  description: z.string(),
  violatedRule: violatedRuleSchema,
  data: z.record(z.string(), z.unknown()).optional(),
});
export type FieldViolation = z.infer<typeof fieldViolationSchema>;

/**
 * Every error the API answers has this shape.
 * @example {"message":"Service 7e0… not found","details":{"applicationError":{"code":"NOT_FOUND","description":"…"}}}
 */
export const errorBodySchema = z.object({
  message: z.string(),
  requestId: z.string().optional(),
  details: z
    .object({
      validationError: z.object({ fieldViolations: z.array(fieldViolationSchema) }).optional(),
      applicationError: z
        .object({
          code: z.string(),
          description: z.string(),
          data: z.record(z.string(), z.unknown()).optional(),
        })
        .optional(),
    })
    .optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Application error codes shared by every module. Modules add their own beside these. */
export const platformErrorCodes = {
  notFound: 'NOT_FOUND',
  routeNotFound: 'ROUTE_NOT_FOUND',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'PERMISSION_DENIED',
  conflict: 'CONFLICT',
  staleRevision: 'REVISION_MISMATCH',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'TOO_MANY_REQUESTS',
  invalidCursor: 'INVALID_CURSOR',
  invalidRequest: 'INVALID_REQUEST',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
} as const;

export const systemErrorMessage = 'System error occurred';
