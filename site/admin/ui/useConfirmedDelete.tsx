/**
 * Delete with confirmation (contacts and webinars): the chosen item is held while the
 * "Confirmer la suppression" dialog is open; confirming deletes it, closes the dialog, shows the
 * toast (the feature's mutation refreshes what the deletion touches); cancelling forgets the choice.
 */
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/http.ts';
import { useMutation } from '../lib/query.ts';
import { toast, toastError } from '../stores/toast.ts';
import { ConfirmDialog } from './dialog.tsx';

export interface ConfirmedDelete<T> {
  /** The feature's mutation (declared with `mutation`, so it refreshes what it touches). */
  remove: (item: T) => Promise<void>;
  success: { title: string; description: string };
  /** The destructive toast's text for the error message. */
  failure: (message: string) => string;
  /** The dialog's question about the item. */
  question: (item: T | undefined) => ReactNode;
}

export function useConfirmedDelete<T>(options: ConfirmedDelete<T>) {
  const [toDelete, setToDelete] = useState<T | undefined>();
  const remove = useMutation(options.remove, {
    onSuccess: () => {
      setToDelete(undefined);
      toast(options.success);
    },
    onError: (error) => {
      setToDelete(undefined);
      toastError(options.failure(errorMessage(error)));
    },
  });
  const dialog = (
    <ConfirmDialog
      open={toDelete !== undefined}
      onClose={() => setToDelete(undefined)}
      onConfirm={() => toDelete !== undefined && void remove.mutate(toDelete)}
      pending={remove.pending}
      description={options.question(toDelete)}
    />
  );
  return { ask: setToDelete, dialog };
}
