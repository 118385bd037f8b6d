import type {
  ExternalConnection,
  ExternalConnectionCollection,
} from '@atrium/contract/data-external-connections';
import { defineModule } from '../../client.ts';
import { adminCall, enc } from './admin-call.ts';

export type { ExternalConnection, ExternalConnectionCollection };

const path = '/data/v1/external-database-connections';
type ConnectionInput = {
  endpoint?: string | null;
  configuration?: { secretKey?: string } & Record<string, unknown>;
};

/**
 * Connections to external database adapters; every create and update checks the adapter and reports the
 * outcome in `connectionStatus` (`causeOfFailure`: UNAUTHORIZED, DESTINATION_HOST_UNREACHABLE ...).
 * @example
 * const connection = await client.externalConnections.createConnection('inventory', {
 *   endpoint: 'https://adapter.example.com', configuration: { secretKey },
 * });
 * if (!connection.connectionStatus.successful) console.log(connection.connectionStatus.causeOfFailure);
 */
export const externalConnections = defineModule({
  createConnection: (context) => async (name: string, input: ConnectionInput) =>
    (
      await adminCall<{ externalDatabaseConnection: ExternalConnection }>(
        context,
        'connections.createConnection',
        {
          method: 'POST',
          path,
          body: { externalDatabaseConnection: { name, ...input }, connectionType: 'STANDALONE' },
        },
      )
    ).externalDatabaseConnection,

  getConnection: (context) => async (name: string) =>
    (
      await adminCall<{ externalDatabaseConnection: ExternalConnection }>(
        context,
        'connections.getConnection',
        {
          method: 'GET',
          path: `${path}/${enc(name)}`,
        },
      )
    ).externalDatabaseConnection,

  listConnections: (context) => async () =>
    adminCall<{ externalDatabaseConnections: ExternalConnection[] }>(context, 'connections.listConnections', {
      method: 'GET',
      path,
    }),

  updateConnection: (context) => async (name: string, input: ConnectionInput) =>
    (
      await adminCall<{ externalDatabaseConnection: ExternalConnection }>(
        context,
        'connections.updateConnection',
        {
          method: 'PUT',
          path: `${path}/${enc(name)}`,
          body: { externalDatabaseConnection: input },
        },
      )
    ).externalDatabaseConnection,

  /**
   * The collections the connection's adapter serves, asked of the adapter now; a failing adapter rejects
   * with `EXTERNAL_DATABASE_<cause>` (424).
   * @example
   * const { collections } = await client.externalConnections.listConnectionCollections('inventory');
   */
  listConnectionCollections: (context) => async (name: string) =>
    adminCall<{ collections: ExternalConnectionCollection[] }>(
      context,
      'connections.listConnectionCollections',
      { method: 'GET', path: `${path}/${enc(name)}/collections` },
    ),

  deleteConnection: (context) => async (name: string) =>
    adminCall<Record<string, never>>(context, 'connections.deleteConnection', {
      method: 'DELETE',
      path: `${path}/${enc(name)}`,
    }),
});
