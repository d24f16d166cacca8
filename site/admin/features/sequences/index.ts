/** What other admin features use of the sequences: the contact page's "Séquences" card (their data: ./queries.ts). */
export { LeadSequencesCard } from './LeadSequencesCard.tsx';
