import { toast } from '../stores/toast.ts';

/** Buttons whose screen does not exist yet (the specification gives them no action) say so instead of doing nothing. */
export function comingSoon(): void {
  toast({ title: 'Bientôt disponible', description: 'Cette fonctionnalité sera disponible prochainement.' });
}

