/** The e-mails of the admin API. The admin imports these return types (type-only). */
import type { Email } from '../../../models/Email.ts';
import { iso, presentPage, text } from '../../../contract/presenting.ts';
import type { EmailKindValue } from '../../../contract/email-kinds.ts';

export function presentEmail(email: Email) {
  return {
    id: email.id,
    kind: email.kind as EmailKindValue,
    to: email.toAddress,
    subject: text(email.subject),
    status: email.status,
    attempts: email.attempts,
    lastError: text(email.lastError),
    transport: text(email.transport),
    createdAt: iso(email.createdAt)!,
    sentAt: iso(email.sentAt),
    /** When a reminder is due (equal to createdAt for the others). */
    scheduledAt: iso(email.sendAfter)!,
    leadId: email.leadId,
    webinarId: email.webinarId,
    resentFrom: email.resentFrom,
  };
}
export type EmailJson = ReturnType<typeof presentEmail>;

/** The detail adds the rendered text and HTML (shown in a sandboxed frame by the admin). */
export function presentEmailDetail(email: Email) {
  return { ...presentEmail(email), text: text(email.textBody), html: text(email.htmlBody) };
}
export type EmailDetailJson = ReturnType<typeof presentEmailDetail>;

/** One page of the Emails list. */
export function presentEmailPage(emails: Parameters<typeof presentEmail>[0][], query: { page: number; limit: number }, total: number) {
  return { emails: emails.map(presentEmail), pagination: presentPage(query, total) };
}
export type EmailPageJson = ReturnType<typeof presentEmailPage>;
