/**
 * Privacy (revFADP): the notice shown beside the forms and its proofs, consents, a contact's data
 * export and erasure from the back office, and the retention run that erases contacts kept too long.
 */
export { currentNotice } from './notice.ts';
export { recordConsentProof } from './consents.ts';
export { verifyAccessLog, exportAccessLog, purgeAccessLog, EXPORT_SINCE } from './access-log.ts';
export { AUDIT_EXPORT_USAGE, EXPORT_PAGE } from './access-log-control.ts';
