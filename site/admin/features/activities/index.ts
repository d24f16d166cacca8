/** What the other features use of the activities: the contact page's card, the dashboard's task and feed queries. */
export { LeadActivities } from './LeadActivities.tsx';
export { activityQueries } from './queries.ts';
