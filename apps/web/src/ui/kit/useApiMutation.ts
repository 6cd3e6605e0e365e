import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { isHandledError } from './api-error-toast';

export interface ApiMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /**
   * The error toast's text. A string is the fallback when the server gave no message; a function
   * picks the text (null: no toast, `onError` shows the failure elsewhere); null: the call is not
   * quiet, so the API client has already shown it.
   */
  errorText: string | ((error: unknown, variables: TVariables) => string | null) | null;
  /** The success toast: a fixed text or one from the reply; none when left out. */
  successText?: string | ((data: TData, variables: TVariables) => string);
  /** Queries refreshed after a success; the mutation stays pending until they have reloaded. */
  invalidates?: readonly QueryKey[];
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** Runs after every failure (after the toast, if any), including those the client dealt with. */
  onError?: (error: unknown, variables: TVariables) => void;
}

/** TanStack Query's useMutation with the app's toasts and refreshes, so pages state only what differs. */
export function useApiMutation<TData, TVariables = void>(options: ApiMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation<TData, unknown, TVariables>({
    mutationFn: options.mutationFn,
    onSuccess: async (data, variables) => {
      const { successText } = options;
      if (successText !== undefined) toast.success(typeof successText === 'function' ? successText(data, variables) : successText);
      options.onSuccess?.(data, variables);
      await Promise.all((options.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, variables) => {
      const { errorText } = options;
      if (!isHandledError(error) && errorText !== null) {
        const text = typeof errorText === 'function' ? errorText(error, variables) : errorMessage(error, errorText);
        if (text !== null) toast.error(text);
      }
      options.onError?.(error, variables);
    },
  });
}

/** The row a running mutation works on (the first of them), so that row's controls can wait. */
export function pendingRow<T>(...mutations: readonly { isPending: boolean; variables: T | undefined }[]): T | null {
  for (const m of mutations) if (m.isPending && m.variables !== undefined) return m.variables;
  return null;
}
