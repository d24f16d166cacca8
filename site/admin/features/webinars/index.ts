/**
 * The webinars' dialog and confirmed delete, shown by the tabbed admin page, and of the registrations the
 * contact page's card and the tabbed page's view (their data: ./queries.ts).
 */
export { CreateWebinarDialog } from './CreateWebinarDialog.tsx';
export { NewWebinarButton, useWebinarDelete } from './Webinars.tsx';
export { LeadRegistrationsCard } from './registrations/LeadRegistrationsCard.tsx';
export { RegistrationsView } from './registrations/Registrations.tsx';
