import { errorBodySchema } from '@atrium/contract/errors';

/** Response schemas for the error statuses every route can answer; spread into each route's `response`. */
export const errorResponses = {
  400: errorBodySchema.describe('Invalid request: field violations or an application error'),
  401: errorBodySchema.describe('Missing or invalid credentials'),
  403: errorBodySchema.describe('The caller may not do this'),
  404: errorBodySchema.describe('Not found'),
  409: errorBodySchema.describe('Conflict: stale revision, duplicate or taken'),
  413: errorBodySchema.describe('Request body too large'),
  429: errorBodySchema.describe('Rate limited'),
  500: errorBodySchema.describe('System error occurred'),
} as const;
