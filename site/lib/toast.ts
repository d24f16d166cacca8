/**
 * The one toast store of the site, for the public islands and the back office alike, through
 * nanostores rather than React context: each Astro island is its own React root, so context cannot
 * cross them. One toast at a time: showing a new one replaces the current one.
 */
import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export const $toast = atom<Toast | null>(null);

let lastId = 0;

export function showToast(toast: Omit<Toast, 'id'>): void {
  lastId += 1;
  $toast.set({ ...toast, id: lastId });
}

/** Closes the given toast (or the current one); a newer toast is left alone. */
export function dismissToast(id?: number): void {
  const current = $toast.get();
  if (current && (id === undefined || current.id === id)) $toast.set(null);
}
