import {
  externalConnectionErrorCodes,
  type ExternalConnection,
  type ExternalConnectionCollection,
} from '@atrium/contract/data-external-connections';
import type { RequestContext } from '../../../platform/context.ts';
import { AppError, conflict, forbidden } from '../../../platform/errors/app-error.ts';
import type { SecretSealer } from '../../../platform/secrets/sealing.ts';
import { canManageSchema } from '../data-permissions.ts';
import type { AdapterCall } from './adapter-client.ts';
import { literalNonPublicHost } from '../../../platform/http/public-addresses.ts';
import type { ExternalConnectionsRepository } from './external-connections.repository.ts';
import type { DataExternalConnectionRow } from './external-connections.tables.ts';

type Configuration = Record<string, unknown> & { secretKey?: string | null };
type Status = ExternalConnection['connectionStatus'];

const fieldTypes = [
  'TEXT',
  'NUMBER',
  'DATE',
  'DATETIME',
  'BOOLEAN',
  'URL',
  'IMAGE',
  'OBJECT',
  'ARRAY',
  'ANY',
];

function notFound(name: string): AppError {
  return new AppError(
    404,
    externalConnectionErrorCodes.connectionNotFound,
    `External database connection ${name} does not exist`,
    { data: { name } },
  );
}

function toWire(row: DataExternalConnectionRow): ExternalConnection {
  const { secretKey: _secret, ...configuration } = row.configuration as Configuration;
  return {
    name: row.name,
    endpoint: row.endpoint,
    configuration,
    connectionStatus: row.status as Status,
    capabilities: row.capabilities as ExternalConnection['capabilities'],
  };
}

/** One entry of an adapter's `schemas/list` (fields keyed by name), or nothing when it has no id. */
function toCollection(schema: unknown): ExternalConnectionCollection[] {
  if (!schema || typeof schema !== 'object') return [];
  const { id, displayName, fields } = schema as { id?: unknown; displayName?: unknown; fields?: unknown };
  if (typeof id !== 'string') return [];
  const entries =
    fields && typeof fields === 'object' ? Object.entries(fields as Record<string, unknown>) : [];
  return [
    {
      id,
      displayName: typeof displayName === 'string' ? displayName : null,
      fields: entries.map(([key, field]) => {
        const type = field && typeof field === 'object' ? (field as { type?: unknown }).type : undefined;
        return { key, type: typeof type === 'string' ? type : null };
      }),
    },
  ];
}

/**
 * Connections to external database adapters. Each create and update checks the adapter (`schemas/list`
 * with the secret) and records the outcome honestly: the cause of failure, and whether it has collections.
 */
export function createExternalConnectionsService(deps: {
  repository: ExternalConnectionsRepository;
  sealer: SecretSealer;
  callAdapter: AdapterCall;
  /** `WEBHOOKS_ALLOW_PRIVATE_ADDRESSES`: the one setting for admin-chosen URLs on this host's network. */
  allowPrivateAddresses: boolean;
}) {
  const { repository, sealer } = deps;

  function requireManager(ctx: RequestContext) {
    if (!canManageSchema(ctx.caller))
      throw forbidden('Only the site owner, admins and apps manage database connections');
  }

  async function check(endpoint: string | null, secretKey: string | null): Promise<Status> {
    const result = await deps.callAdapter<{ schemas?: unknown[] }>(endpoint, secretKey, 'schemas/list');
    if (!result.ok) return { successful: false, causeOfFailure: result.cause, hasCollections: 'UNKNOWN' };
    const count = Array.isArray(result.body.schemas) ? result.body.schemas.length : 0;
    return { successful: true, causeOfFailure: 'NONE', hasCollections: count > 0 ? 'YES' : 'NO' };
  }

  /**
   * An admin chooses the endpoint, and the server calls it at once: without this check a connection could
   * probe the server's own network (SSRF). IP literals and local names are refused here; names that resolve
   * to such addresses are refused where each call connects (adapter-client.ts).
   */
  function checkEndpoint(endpoint: string | null | undefined): void {
    const host = endpoint && !deps.allowPrivateAddresses ? literalNonPublicHost(endpoint) : undefined;
    if (!host) return;
    const description = `The adapter endpoint's host ${host} is a local or private network address, which external database connections may not use`;
    throw new AppError(400, externalConnectionErrorCodes.addressNotAllowed, description, {
      fieldViolations: [
        { field: 'externalDatabaseConnection.endpoint', description, violatedRule: 'VALIDATION' },
      ],
    });
  }

  function sealed(configuration: Configuration | null | undefined): Configuration {
    const secretKey = configuration?.secretKey;
    return {
      ...(configuration ?? {}),
      ...(secretKey ? { secretKey: sealer.seal(secretKey) } : { secretKey: null }),
    };
  }

  function secretOf(row: DataExternalConnectionRow): string | null {
    const stored = (row.configuration as Configuration).secretKey;
    return stored ? sealer.open(stored) : null;
  }

  async function load(ctx: RequestContext, name: string) {
    const row = await repository.find(ctx.site.id, name);
    if (!row) throw notFound(name);
    return row;
  }

  return {
    /** The adapter of a connection and its secret, for calls on the site's EXTERNAL collections. */
    async adapterOf(ctx: RequestContext, name: string) {
      const row = await load(ctx, name);
      return { endpoint: row.endpoint, secretKey: secretOf(row) };
    },

    async create(
      ctx: RequestContext,
      input: { name: string; endpoint?: string | null; configuration?: Configuration | null },
    ) {
      requireManager(ctx);
      checkEndpoint(input.endpoint);
      const status = await check(input.endpoint ?? null, input.configuration?.secretKey ?? null);
      const row = await repository.insert({
        siteId: ctx.site.id,
        name: input.name,
        endpoint: input.endpoint ?? null,
        configuration: sealed(input.configuration),
        status,
        capabilities: { collectionModificationsSupported: false, fieldTypes },
      });
      if (!row) {
        throw conflict(
          externalConnectionErrorCodes.connectionExists,
          `External database connection ${input.name} exists`,
          {
            name: input.name,
          },
        );
      }
      return { externalDatabaseConnection: toWire(row) };
    },

    async get(ctx: RequestContext, name: string) {
      requireManager(ctx);
      return { externalDatabaseConnection: toWire(await load(ctx, name)) };
    },

    async list(ctx: RequestContext, paging: { limit?: number; offset?: number }) {
      requireManager(ctx);
      const page = { limit: paging.limit ?? 50, offset: paging.offset ?? 0 };
      const { rows, total } = await repository.list(ctx.site.id, page.limit, page.offset);
      return {
        externalDatabaseConnections: rows.map(toWire),
        pagingMetadata: { count: rows.length, offset: page.offset, total },
      };
    },

    /** Changes the endpoint or configuration given (a secret not given is kept) and checks the adapter again. */
    async update(
      ctx: RequestContext,
      name: string,
      input: { endpoint?: string | null; configuration?: Configuration | null },
    ) {
      requireManager(ctx);
      checkEndpoint(input.endpoint);
      const current = await load(ctx, name);
      const endpoint = input.endpoint === undefined ? current.endpoint : input.endpoint;
      const configuration =
        input.configuration === undefined || input.configuration === null
          ? (current.configuration as Configuration)
          : input.configuration.secretKey
            ? sealed(input.configuration)
            : {
                ...input.configuration,
                secretKey: (current.configuration as Configuration).secretKey ?? null,
              };
      const secretKey = configuration.secretKey ? sealer.open(configuration.secretKey) : null;
      const status = await check(endpoint, secretKey);
      const row = await repository.update(ctx.site.id, name, { endpoint, configuration, status });
      if (!row) throw notFound(name);
      return { externalDatabaseConnection: toWire(row) };
    },

    /**
     * The collections the adapter serves now (`schemas/list`), for the dashboard; a failing adapter is 424
     * `EXTERNAL_DATABASE_<cause>`, as item calls on its collections answer.
     */
    async collections(ctx: RequestContext, name: string) {
      requireManager(ctx);
      const row = await load(ctx, name);
      const result = await deps.callAdapter<{ schemas?: unknown[] }>(
        row.endpoint,
        secretOf(row),
        'schemas/list',
      );
      if (!result.ok) {
        throw new AppError(
          424,
          `EXTERNAL_DATABASE_${result.cause}`,
          `The adapter of ${name} failed: ${result.detail}`,
          {
            data: { connection: name, causeOfFailure: result.cause },
          },
        );
      }
      const schemas = Array.isArray(result.body.schemas) ? result.body.schemas : [];
      return { collections: schemas.flatMap(toCollection) };
    },

    async remove(ctx: RequestContext, name: string) {
      requireManager(ctx);
      if (!(await repository.remove(ctx.site.id, name))) throw notFound(name);
      return {};
    },
  };
}

export type ExternalConnectionsService = ReturnType<typeof createExternalConnectionsService>;
