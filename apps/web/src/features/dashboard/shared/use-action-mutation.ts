import { notifications } from '@mantine/notifications';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { errorMessage } from './dashboard-client.ts';

/**
 * A dashboard action: a mutation whose failure the owner is told about in a red notification with the
 * server's message, unless the caller handles errors itself (`onError`).
 */
export function useActionMutation<TData = unknown, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, Error, TVariables, TContext>,
) {
  return useMutation<TData, Error, TVariables, TContext>({
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    ...options,
  });
}
