/** Toasts (spec 4, 8, 9): at most one visible, replaced by the next; errors use the destructive variant. */
import { atom } from 'nanostores';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

export const $toast = atom<Toast | undefined>(undefined);
let nextId = 1;

export function toast(input: { title: string; description?: string; variant?: Toast['variant'] }): void {
  $toast.set({ id: nextId++, title: input.title, description: input.description, variant: input.variant ?? 'default' });
}

export function toastError(description: string): void {
  toast({ title: 'Erreur', description, variant: 'destructive' });
}

export function dismissToast(id: number): void {
  if ($toast.get()?.id === id) $toast.set(undefined);
}
