/** What the other features use of privacy: the contact page's cards (consents, export, erasure; "Consultations"). */
export { LeadPrivacyCard } from './LeadPrivacyCard.tsx';
export { LeadAccessLogCard } from './LeadAccessLogCard.tsx';
