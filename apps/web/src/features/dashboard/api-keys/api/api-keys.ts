import { useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';

const apiKeysKey = ['dashboard', 'api-keys'] as const;

type CreatedKey = Awaited<ReturnType<typeof admin.team.createApiKey>>;

export function useApiKeys(enabled: boolean) {
  return useQuery({ queryKey: apiKeysKey, enabled, queryFn: () => admin.team.listApiKeys() });
}

/** A new key; its secret is in the answer, and only there. */
export function useCreateApiKey(options: ActionOptions<CreatedKey, { name: string; scopes: string[] }> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (input) => admin.team.createApiKey(input),
    invalidates: [apiKeysKey],
  });
}

export function useRevokeApiKey(options: ActionOptions<unknown, string> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (id) => admin.team.revokeApiKey(id),
    invalidates: [apiKeysKey],
  });
}
