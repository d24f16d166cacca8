/** What the other features use of the registrations: the contact page's card and the tabbed page's view. */
export { LeadRegistrationsCard } from './LeadRegistrationsCard.tsx';
export { RegistrationsView } from './Registrations.tsx';
