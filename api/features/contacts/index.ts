/**
 * Contacts: the list and one contact, tags, activities and tasks, bulk actions, import and export, the
 * lead counters, the erasure of a contact with every row about them; what a public submission records
 * about the person, and the team alert of its submissions (kind `team_alert`).
 */

export { findLeadOr404 } from './records/lead-records.ts';
export { eraseLead, KEPT_WHY, type KeptRecords } from './records/erasure.ts';
export { compactLeadCounts, leadStats } from './records/lead-counts.ts';
export { compactTagCounts } from './tags/tags.ts';
export { recentActivities } from './activities/activities.ts';

// The one way to record a public contact (public forms, webinars, booking, newsletters; decision 137):
// the statement, its idempotency claim and replay, and the team alert its e-mail job writes.
export {
  recordSubmissions,
  submissionStatementSql,
  FIRST_TOUCH_KEPT,
  touchColumns,
  type PublicPerson,
  type RecordedContact,
  type SubmissionStatement,
  type SubmissionToRecord,
} from './submissions/public-submissions.ts';
export { storedReceipt, storeReceipt, submissionKey, type SubmissionKey } from './submissions/submission-keys.ts';
export { lockSubmittingContact, teamAlertFor, teamRecipients, type SubmittingContact } from './submissions/team-alert.ts';
