/** The activities' card on the contact page (their data: ./queries.ts). */
export { LeadActivities } from './LeadActivities.tsx';
