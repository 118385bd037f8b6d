import type { ExternalConnection } from '@atrium/sdk/modules/data';
import { useQuery } from '@tanstack/react-query';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { dataErrorMessage } from '../lib/data-errors.ts';
import { data } from './data-client.ts';

export type { ExternalConnection };

const connectionsKey = ['dashboard', 'data', 'connections'] as const;
const collectionsOfKey = (name: string) => ['dashboard', 'data', 'connection-collections', name] as const;

/** The site's external database connections, each with the outcome of its last check. */
export function useConnections() {
  return useQuery({
    queryKey: connectionsKey,
    queryFn: async () => (await data.externalConnections.listConnections()).externalDatabaseConnections,
  });
}

/** The collections a connection's adapter serves, asked of the adapter when the list is opened. */
export function useConnectionCollections(name: string | undefined) {
  return useQuery({
    queryKey: collectionsOfKey(name ?? ''),
    enabled: Boolean(name),
    retry: false,
    queryFn: async () => (await data.externalConnections.listConnectionCollections(name!)).collections,
  });
}

export interface NewConnection {
  name: string;
  endpoint: string;
  secretKey: string;
}

/** Creates a connection; the server checks the adapter at once and answers the outcome. */
export function useCreateConnection(options: ActionOptions<ExternalConnection, NewConnection> = {}) {
  return useActionMutation({
    failure: { message: dataErrorMessage },
    ...options,
    mutationFn: ({ name, endpoint, secretKey }) =>
      data.externalConnections.createConnection(name, {
        endpoint,
        ...(secretKey ? { configuration: { secretKey } } : {}),
      }),
    invalidates: [connectionsKey],
  });
}

/** Checks a connection again with what it has (an update that changes nothing). */
export function useRecheckConnection(options: ActionOptions<ExternalConnection, string> = {}) {
  return useActionMutation({
    failure: { message: dataErrorMessage },
    ...options,
    mutationFn: (name) => data.externalConnections.updateConnection(name, {}),
    invalidates: [connectionsKey, ['dashboard', 'data', 'connection-collections']],
  });
}

export function useDeleteConnection(options: ActionOptions<unknown, string> = {}) {
  return useActionMutation({
    failure: { message: dataErrorMessage },
    ...options,
    mutationFn: (name) => data.externalConnections.deleteConnection(name),
    invalidates: [connectionsKey],
  });
}
