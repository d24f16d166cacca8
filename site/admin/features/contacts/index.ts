/** What the other features use of the contacts: the lists' and counters' queries, and what a contact change touches. */
export { CONTACT_TOUCHES, contactQueries, type LeadListQuery } from './queries.ts';
export { useLeadDelete } from './useLeadDelete.tsx';
