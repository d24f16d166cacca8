/** What the other features use of the e-mails: the contact page's card, the Emails screen's tabs. */
export { LeadEmailsCard } from './LeadEmailsCard.tsx';
export { EmailsTabs } from './EmailsTabs.tsx';
