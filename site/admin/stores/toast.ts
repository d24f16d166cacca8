/**
 * The back office's toasts, on the site's one toast store (site/lib/toast.ts): at most one
 * visible, replaced by the next; errors use the destructive variant with the title "Erreur".
 */
import { showToast, type ToastVariant } from '../../lib/toast.ts';

export { $toast, dismissToast, type Toast } from '../../lib/toast.ts';

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): void {
  showToast({ title: input.title, description: input.description, variant: input.variant ?? 'default' });
}

export function toastError(description: string): void {
  toast({ title: 'Erreur', description, variant: 'destructive' });
}
