/** What the other features use of the e-mails: the contact page's card. */
export { LeadEmailsCard } from './LeadEmailsCard.tsx';
