/** What the other features use of privacy: the contact page's card (consents, export, erasure). */
export { LeadPrivacyCard } from './LeadPrivacyCard.tsx';
