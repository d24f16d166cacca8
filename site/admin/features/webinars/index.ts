/** What the other features use of the webinars: the list and dashboard queries, the dialog and the confirmed delete. */
export { webinarQueries } from './queries.ts';
export { CreateWebinarDialog } from './CreateWebinarDialog.tsx';
export { useWebinarDelete } from './Webinars.tsx';
