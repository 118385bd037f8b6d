import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { errorMessage } from './errors.ts';

/**
 * How a failed action is told: the red notification's message (the server's by default) and title. A
 * message of `null` tells nothing, for a failure the screen shows itself (a conflict to confirm, say).
 */
export interface ActionFailure<TVariables = unknown> {
  message?: (error: Error, variables: TVariables) => string | null;
  title?: string;
}

export interface ActionMutationOptions<TData, TVariables, TContext> extends UseMutationOptions<
  TData,
  Error,
  TVariables,
  TContext
> {
  /** Queries to refresh once the action succeeded (before the caller's own `onSuccess`). */
  invalidates?: readonly QueryKey[];
  /** The notification for a failure; `false` when the screen shows the failure itself, next to the form. */
  failure?: ActionFailure<TVariables> | false;
}

/** What a screen adds to a feature's action hook: its own `onSuccess`, `onError` or failure wording. */
export type ActionOptions<TData = unknown, TVariables = void, TContext = unknown> = Omit<
  ActionMutationOptions<TData, TVariables, TContext>,
  'mutationFn'
>;

/**
 * A dashboard action: a mutation whose failure the owner is told about in a red notification (with the
 * server's message unless `failure` words it), after the caller's own `onError` (a rollback, say).
 */
export function useActionMutation<TData = unknown, TVariables = void, TContext = unknown>({
  invalidates = [],
  failure = {},
  ...options
}: ActionMutationOptions<TData, TVariables, TContext>) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables, TContext>({
    ...options,
    onSuccess: (...args) => {
      for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
      return options.onSuccess?.(...args);
    },
    onError: (...args) => {
      const result = options.onError?.(...args);
      const [error, variables] = args;
      const message = failure && (failure.message ? failure.message(error, variables) : errorMessage(error));
      if (failure && message !== null) {
        notifications.show({ color: 'red', ...(failure.title ? { title: failure.title } : {}), message });
      }
      return result;
    },
  });
}
