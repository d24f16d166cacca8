/**
 * Contacts: the list and one contact, tags, activities and tasks, bulk actions, import and export, the
 * lead counters, and the erasure of a contact with every row about them.
 */

export { findLeadOr404 } from './lead-records.ts';
export { eraseLead } from './erasure.ts';
export { compactLeadCounts, leadStats } from './lead-counts.ts';
export { compactTagCounts } from './tags.ts';
export { recentActivities } from './activities.ts';
