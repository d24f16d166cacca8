/** The webinars' dialog and confirmed delete, shown by the tabbed admin page (their data: ./queries.ts). */
export { CreateWebinarDialog } from './CreateWebinarDialog.tsx';
export { NewWebinarButton, useWebinarDelete } from './Webinars.tsx';
