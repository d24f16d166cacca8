/**
 * Privacy (revFADP): the notice shown beside the forms and its proofs, consents, a contact's data
 * export and erasure from the back office, and the retention run that erases contacts kept too long.
 */
export { currentNotice } from './notice.ts';
export { recordConsentProof } from './consents.ts';
