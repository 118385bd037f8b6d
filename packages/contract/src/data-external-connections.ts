import { z } from 'zod';

/** External database connections (`/data/v1/external-database-connections`) and their errors (spec §4). */
export const connectionFailureCauses = [
  'NONE',
  'COMMUNICATION_FAILURE',
  'DESTINATION_HOST_UNREACHABLE',
  'UNAUTHORIZED',
  'DESTINATION_ENDPOINT_NOT_DEFINED',
] as const;
export type ConnectionFailureCause = (typeof connectionFailureCauses)[number];

export const externalConnectionErrorCodes = {
  connectionNotFound: 'EXTERNAL_DATABASE_CONNECTION_NOT_FOUND',
  connectionExists: 'EXTERNAL_DATABASE_CONNECTION_ALREADY_EXISTS',
  /** The endpoint is on loopback or a private network, which the deployment does not allow (400). */
  addressNotAllowed: 'EXTERNAL_DATABASE_ADDRESS_NOT_ALLOWED',
} as const;

const nameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'must hold only letters, digits, "_" and "-"');

/**
 * A connection: the adapter's address and the secret it expects (sent as `requestContext.settings.secretKey`).
 * Example: `{"name": "inventory", "endpoint": "https://adapter.example.com", "configuration": {"secretKey": "…"}}`.
 */
export const externalConnectionInputSchema = z.object({
  name: nameSchema,
  endpoint: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullish(),
  configuration: z
    .object({ secretKey: z.string().min(1).max(500).nullish() })
    .passthrough()
    .nullish(),
});

export const externalConnectionSchema = z.object({
  name: z.string(),
  endpoint: z.string().nullable(),
  /** Given back without the secret (`secretKey` is never answered). */
  configuration: z.record(z.string(), z.unknown()),
  connectionStatus: z.object({
    successful: z.boolean(),
    causeOfFailure: z.enum(connectionFailureCauses),
    hasCollections: z.enum(['UNKNOWN', 'YES', 'NO']),
  }),
  capabilities: z.object({ collectionModificationsSupported: z.boolean(), fieldTypes: z.array(z.string()) }),
});
export type ExternalConnection = z.infer<typeof externalConnectionSchema>;

export const createExternalConnectionRequestSchema = z.object({
  externalDatabaseConnection: externalConnectionInputSchema,
  connectionType: z.enum(['STANDALONE', 'WIX_SERVICE_PLUGIN']).nullish(),
});
export const updateExternalConnectionRequestSchema = z.object({
  externalDatabaseConnection: externalConnectionInputSchema.partial(),
});
export const externalConnectionResponseSchema = z.object({
  externalDatabaseConnection: externalConnectionSchema,
});
export const listExternalConnectionsQuerySchema = z.object({
  'paging.limit': z.coerce.number().int().positive().max(100).optional(),
  'paging.offset': z.coerce.number().int().nonnegative().optional(),
});
export const listExternalConnectionsResponseSchema = z.object({
  externalDatabaseConnections: z.array(externalConnectionSchema),
  pagingMetadata: z.object({ count: z.number().int(), offset: z.number().int(), total: z.number().int() }),
});

/**
 * The collections an adapter serves (its `schemas/list`), as the dashboard shows them under a connection.
 * Example: `{"collections": [{"id": "products", "displayName": "Products", "fields": [{"key": "title", "type": "text"}]}]}`.
 */
export const externalConnectionCollectionsResponseSchema = z.object({
  collections: z.array(
    z.object({
      id: z.string(),
      displayName: z.string().nullable(),
      fields: z.array(z.object({ key: z.string(), type: z.string().nullable() })),
    }),
  ),
});
export type ExternalConnectionCollection = z.infer<
  typeof externalConnectionCollectionsResponseSchema
>['collections'][number];
