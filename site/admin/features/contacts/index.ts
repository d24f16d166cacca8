/** The contacts' screens and hooks other features show (their data: ./queries.ts). */
export { useLeadDelete } from './useLeadDelete.tsx';
