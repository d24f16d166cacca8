/**
 * `emails-send`: delivers one row. Safe to run twice: only a `queued` row is sent, under a short lease
 * (`claimed_until`) so two workers never send it together; the row turns `sent` as soon as the server
 * accepted it. A process killed between the server's acceptance and that update is the one case where
 * the retry sends the message a second time (docs/emails.md, "At most one duplicate").
 */
import type { Database } from '../db.ts';
import type { Logger } from '../logger.ts';
import type { EmailContent } from './content.ts';
import type { MailConfig } from './config.ts';
import type { MailTransport } from './transport.ts';
import { composeAttachments, composeEmail, composeHeaders, MARKETING_KINDS, type ComposedEmail, type EmailKind, type RegistrationEmailData } from '../../features/email-kinds.ts';
import { hasLeftMarketing, MARKETING_UNSUBSCRIBE_MESSAGES } from '../../features/webinars/marketing-unsubscribe.ts';
import { queueSendJobs } from './outbox.ts';
import { webinarFacts } from '../../features/public-forms/prepare-emails.ts';
import { UPDATE_RECIPIENT_STATUSES } from '../../features/webinars/updates.ts';

export interface MailEngine {
  config: MailConfig;
  transport: MailTransport;
  content: EmailContent;
  brand: string;
  from: { name?: string; address: string };
  publicUrl: string;
  /** Signs the cancellation and invitation links (the session secret). */
  linkSecret?: string;
}

/** How long a worker may hold a row while talking to the SMTP server (above nodemailer's timeouts). */
const LEASE = "interval '2 minutes'";
/** A row due within this margin is sent now (clock differences between instances). */
const DUE_MARGIN_MS = 5_000;

/** JSON with sorted keys: jsonb does not keep the key order it was given. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

export class EmailBusyError extends Error {}

interface EmailRow {
  id: number;
  kind: EmailKind;
  toAddress: string;
  data: any;
  leadId: number | null;
  registrationId: number | null;
  webinarId: number | null;
  sendAfter: Date;
  subject: string | null;
  textBody: string | null;
  htmlBody: string | null;
}

/** The e-mails about one registration whose facts are read again, and checked still true, at sending. */
const SEAT_KINDS: readonly string[] = ['webinar_confirmation', 'webinar_reminder', 'waitlist_promoted', 'waitlist_joined'];

type Decision = { send: object } | { cancel: string } | { later: Date };

/** Whether the row still has a reason to go out, and with which facts (reminders follow date changes). */
async function decide(db: Database, email: EmailRow): Promise<Decision> {
  if (MARKETING_KINDS.includes(email.kind)) {
    // The contact used the one-click unsubscribe (decision 091) after this one was queued.
    if (await hasLeftMarketing(db, email.leadId)) return { cancel: MARKETING_UNSUBSCRIBE_MESSAGES.cancelled };
    return { send: email.data };
  }
  if (email.kind === 'webinar_update') {
    // An update about a seat given up meanwhile has no reader; its facts stay those of the change.
    const registration = email.registrationId ? await db('webinarRegistrations').where({ id: email.registrationId }).first('status') : undefined;
    if (!registration || !UPDATE_RECIPIENT_STATUSES.includes(registration.status)) return { cancel: 'Inscription annulée avant l’envoi.' };
    return { send: email.data };
  }
  if (!SEAT_KINDS.includes(email.kind)) return { send: email.data };
  const registration = email.registrationId
    ? await db('webinarRegistrations').where({ id: email.registrationId }).first<{ status: string; webinarId: number } | undefined>('status', 'webinarId')
    : undefined;
  if (!registration) return { cancel: 'Inscription supprimée avant l’envoi.' };
  if (email.kind === 'waitlist_joined') {
    // Promoted meanwhile: the promotion's e-mail says what matters; cancelled: nobody waits any more.
    if (registration.status !== 'waitlisted') return { cancel: 'Plus sur la liste d’attente avant l’envoi.' };
  } else if (registration.status !== 'registered') return { cancel: 'Inscription annulée avant l’envoi.' };
  const webinar = await db('webinars').where({ id: registration.webinarId }).first();
  if (!webinar || !webinar.isActive) return { cancel: 'Webinaire supprimé ou inactif.' };
  const data: RegistrationEmailData = { ...(email.data as RegistrationEmailData), webinar: webinarFacts(webinar) };
  if (email.kind === 'webinar_reminder') {
    const start = new Date(webinar.datetime);
    if (start.getTime() <= Date.now()) return { cancel: 'La session a déjà commencé.' };
    const due = new Date(start.getTime() - Number(email.data.offsetMinutes) * 60_000);
    if (due.getTime() > Date.now() + DUE_MARGIN_MS) return { later: due };
  }
  return { send: data };
}

export async function sendEmail(db: Database, engine: MailEngine, logger: Logger, emailId: number): Promise<void> {
  const started = performance.now();
  const claimed = (await db('emails')
    .where({ id: emailId, status: 'queued' })
    .where((builder) => builder.whereNull('claimedUntil').orWhere('claimedUntil', '<', db.fn.now()))
    .where('sendAfter', '<=', new Date(Date.now() + DUE_MARGIN_MS))
    .update({ claimedUntil: db.raw(`now() + ${LEASE}`), attempts: db.raw('attempts + 1'), updatedAt: db.fn.now() })
    .returning(['id', 'kind', 'toAddress', 'data', 'leadId', 'registrationId', 'webinarId', 'sendAfter', 'subject', 'textBody', 'htmlBody'])) as EmailRow[];
  const email = claimed[0];
  if (!email) {
    const row = await db('emails').where({ id: emailId }).first<{ status: string; sendAfter: Date } | undefined>('status', 'sendAfter');
    // Sent, cancelled, failed or erased: done. Not due yet: a newer job (moved reminder) will send it.
    if (!row || row.status !== 'queued' || new Date(row.sendAfter).getTime() > Date.now() + DUE_MARGIN_MS) return;
    throw new EmailBusyError(`e-mail ${emailId} is being sent by another worker`);
  }

  const decision = await decide(db, email);
  if ('cancel' in decision) {
    await db('emails').where({ id: email.id }).update({ status: 'cancelled', lastError: decision.cancel, claimedUntil: null, attempts: db.raw('attempts - 1'), updatedAt: db.fn.now() });
    return;
  }
  if ('later' in decision) {
    // The webinar moved later: the row waits for its new time with a new job.
    await db.transaction(async (trx) => {
      await trx('emails').where({ id: email.id }).update({ sendAfter: decision.later, claimedUntil: null, attempts: trx.raw('attempts - 1'), updatedAt: trx.fn.now() });
      await queueSendJobs(trx, [{ id: email.id, sendAfter: decision.later }]);
    });
    return;
  }

  // The calendar files name the sender as ORGANIZER and the recipient as ATTENDEE (decision 090).
  const context = { content: engine.content, publicUrl: engine.publicUrl, brand: engine.brand, linkSecret: engine.linkSecret, sender: engine.from.address, recipient: email.toAddress };
  // Rendering is the costly part of an attempt: a retry with the same facts reuses what was rendered.
  const unchanged = email.htmlBody !== null && email.textBody !== null && email.subject !== null && stableJson(decision.send) === stableJson(email.data);
  let composed: ComposedEmail;
  if (unchanged) {
    composed = { subject: email.subject!, text: email.textBody!, html: email.htmlBody!, attachments: composeAttachments(email.kind, decision.send, context) };
  } else {
    composed = await composeEmail(email.kind, decision.send, context);
    await db('emails')
      .where({ id: email.id })
      .update({ subject: composed.subject, textBody: composed.text, htmlBody: composed.html, data: JSON.stringify(decision.send), updatedAt: db.fn.now() });
  }
  try {
    const { messageId } = await engine.transport.send({
      emailId: email.id,
      from: engine.from,
      to: email.toAddress.split(',').map((address) => address.trim()),
      subject: composed.subject,
      text: composed.text,
      html: composed.html,
      attachments: composed.attachments,
      host: new URL(engine.publicUrl).hostname,
      headers: composeHeaders(email.kind, decision.send, { ...context, leadId: email.leadId }),
    });
    await db('emails').where({ id: email.id }).update({
      status: 'sent',
      sentAt: db.fn.now(),
      transport: engine.transport.kind,
      messageId,
      lastError: null,
      claimedUntil: null,
      updatedAt: db.fn.now(),
    });
    logger.info({ emailId: email.id, kind: email.kind, transport: engine.transport.kind }, 'email sent');
  } catch (error) {
    const failure = error as Error & { code?: string; responseCode?: number };
    await db('emails').where({ id: email.id }).update({ lastError: failure.message.slice(0, 1000), transport: engine.transport.kind, claimedUntil: null, updatedAt: db.fn.now() });
    // The SMTP answer may quote the address: the log gets codes only.
    logger.warn({ emailId: email.id, kind: email.kind, code: failure.code, responseCode: failure.responseCode, ms: Math.round(performance.now() - started) }, 'email not sent, will retry');
    throw error;
  }
}

/** Dead letter: the retries are exhausted (about a day). */
export async function markEmailFailed(db: Database, emailId: number): Promise<void> {
  await db('emails').where({ id: emailId, status: 'queued' }).update({ status: 'failed', claimedUntil: null, updatedAt: db.fn.now() });
}
