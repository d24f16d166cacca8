/**
 * Contacts: the list and one contact, tags, activities and tasks, bulk actions, import and export, the
 * lead counters, the erasure of a contact with every row about them; what a public submission records
 * about the person, and the team alert of its submissions (kind `team_alert`).
 */

export { findLeadOr404 } from './lead-records.ts';
export { eraseLead, KEPT_WHY, type KeptRecords } from './erasure.ts';
export { compactLeadCounts, leadStats } from './lead-counts.ts';
export { compactTagCounts } from './tags.ts';
export { recentActivities } from './activities.ts';

// What every public submission records about the person (api/features/public-forms, api/features/webinars),
// and the team alert its e-mail job writes.
export {
  recordSubmissions,
  storedReceipt,
  storeReceipt,
  submissionKey,
  submissionStatementSql,
  FIRST_TOUCH_KEPT,
  touchColumns,
  type RecordedContact,
  type SubmissionStatement,
  type SubmissionToRecord,
} from './public-submissions.ts';
export { lockSubmittingContact, teamAlertFor, teamRecipients, type SubmittingContact } from './team-alert.ts';
