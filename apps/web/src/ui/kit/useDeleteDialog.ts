import { useState } from 'react';
import { useApiMutation, type ApiMutationOptions } from './useApiMutation';

export interface DeleteDialogOptions<TRow, TData> extends Omit<ApiMutationOptions<TData, TRow>, 'onSuccess' | 'onError'> {
  /** After the dialog has closed on a success (step back a page, say). */
  onDeleted?: (row: TRow) => void;
  /** Close the dialog on a failure too (the failure is a toast); by default it stays open for another try. */
  closeOnError?: boolean;
}

/**
 * The row a delete dialog asks about and the delete itself: `ask(row)` opens it, `dialog` goes to
 * ConfirmDeleteModal as props, and a success closes it.
 */
export function useDeleteDialog<TRow, TData = unknown>({ onDeleted, closeOnError = false, ...options }: DeleteDialogOptions<TRow, TData>) {
  const [target, setTarget] = useState<TRow | null>(null);
  const mutation = useApiMutation<TData, TRow>({
    ...options,
    onSuccess: (_data, row) => {
      setTarget(null);
      onDeleted?.(row);
    },
    onError: closeOnError ? () => setTarget(null) : undefined,
  });
  return {
    target,
    ask: setTarget,
    mutation,
    dialog: {
      opened: target !== null,
      busy: mutation.isPending,
      onCancel: () => setTarget(null),
      onConfirm: () => {
        if (target !== null) mutation.mutate(target);
      },
    },
  };
}
