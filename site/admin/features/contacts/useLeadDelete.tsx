/**
 * Contact deletion, in the wording of each page: the contacts list asks about "ce contact", the
 * tabbed admin page names the contact and says "irréversible".
 */
import type { LeadJson } from '#contract/contacts';
import { contactMutations } from './queries.ts';
import { fullName } from '../../ui/primitives.tsx';
import { useConfirmedDelete } from '../../ui/useConfirmedDelete.tsx';

const WORDING = {
  list: {
    failure: (message: string) => `Erreur lors de la suppression: ${message}`,
    question: () => 'Êtes-vous sûr de vouloir supprimer ce contact ? Cette action ne peut pas être annulée.',
  },
  tabbed: {
    failure: (message: string) => `Erreur lors de la suppression du contact: ${message}`,
    question: (lead: LeadJson | undefined) => `Êtes-vous sûr de vouloir supprimer le contact ${lead ? fullName(lead) || lead.email : ''} ? Cette action est irréversible.`,
  },
};

export function useLeadDelete(page: keyof typeof WORDING) {
  return useConfirmedDelete<LeadJson>({
    remove: (lead) => contactMutations.remove(lead.id),
    success: { title: 'Contact supprimé', description: 'Le contact a été supprimé avec succès.' },
    ...WORDING[page],
  });
}
