/** The newsletter issues of the admin API (decision 112). The admin imports these return types (type-only). */
import type { Newsletter, NewsletterCounts } from '../../../models/index.ts';
import type { NewsletterRecipientStatus } from './schemas.ts';
import type { NewsletterIssueStatus } from '../../../contract/options.ts';
import { iso, text } from '../../../contract/presenting.ts';

const NO_COUNTS: NewsletterCounts = { recipients: 0, queued: 0, sent: 0, failed: 0, cancelled: 0, unsubscribedSince: 0 };

export function presentNewsletter(issue: Newsletter, counts: NewsletterCounts = NO_COUNTS) {
  return {
    id: issue.id,
    subject: issue.subject,
    preheader: issue.preheader,
    body: issue.body,
    tags: [...issue.tags],
    archive: issue.archive,
    slug: issue.slug,
    status: issue.status as NewsletterIssueStatus,
    scheduledAt: iso(issue.scheduledAt),
    sentAt: iso(issue.sentAt),
    createdAt: iso(issue.createdAt)!,
    updatedAt: iso(issue.updatedAt)!,
    pausedReason: text(issue.pausedReason),
    counts: { recipients: counts.recipients, queued: counts.queued, sent: counts.sent, failed: counts.failed, cancelled: counts.cancelled },
    /** Recipients of this issue whose newsletter is unsubscribed (or bouncing) now. */
    unsubscribedSince: counts.unsubscribedSince,
  };
}
export type NewsletterAnswer = ReturnType<typeof presentNewsletter>;

export function presentNewsletterList(items: Array<{ issue: Newsletter; counts: NewsletterCounts }>) {
  return { items: items.map(({ issue, counts }) => presentNewsletter(issue, counts)) };
}
export type NewsletterListAnswer = ReturnType<typeof presentNewsletterList>;

/** One recipient row as the issue's recipients list reads it. */
export interface NewsletterRecipientRow {
  emailId: number;
  leadId: number | null;
  firstName: string | null;
  lastName: string | null;
  toAddress: string;
  status: string;
  attempts: number;
  lastError: string | null;
  sentAt: Date | string | null;
}

export function presentNewsletterRecipient(row: NewsletterRecipientRow) {
  return {
    emailId: row.emailId,
    leadId: row.leadId,
    firstName: text(row.firstName),
    lastName: text(row.lastName),
    email: row.toAddress,
    status: row.status as NewsletterRecipientStatus,
    attempts: row.attempts,
    lastError: text(row.lastError),
    sentAt: iso(row.sentAt),
  };
}
export type NewsletterRecipientAnswer = ReturnType<typeof presentNewsletterRecipient>;

export function presentNewsletterRecipients(rows: NewsletterRecipientRow[]) {
  return { items: rows.map(presentNewsletterRecipient) };
}

/** `POST /preview`: the e-mail as a sample recipient would get it. */
export function presentNewsletterPreview(composed: { subject: string; html: string; text: string }) {
  return { subject: composed.subject, html: composed.html, text: composed.text };
}
export type NewsletterPreviewAnswer = ReturnType<typeof presentNewsletterPreview>;
