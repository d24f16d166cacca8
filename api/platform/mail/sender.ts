/**
 * `emails-send`: delivers one row. Safe to run twice: only a `queued` row is sent, under a short lease
 * (`claimed_until`) so two workers never send it together; the row turns `sent` as soon as the server
 * accepted it. A process killed between the server's acceptance and that update is the one case where
 * the retry sends the message a second time (docs/emails.md, "Duplicates").
 */
import type { Database } from '../db.ts';
import type { Logger } from '../logger.ts';
import type { MailConfig } from './config.ts';
import type { MailTransport } from './transport.ts';
import { composeAttachments, composeHeaders, composeWith, type ComposeContext, type ComposedEmail, type EmailKinds, type QueuedEmail, type SendDecision, DUE_MARGIN_MS } from './kinds.ts';
import { queueSendJobs } from './outbox.ts';

export interface MailEngine {
  config: MailConfig;
  transport: MailTransport;
  content: ComposeContext['content'];
  /** What each kind says and checks again before it goes (api/features/email-kinds.ts). */
  kinds: EmailKinds;
  brand: string;
  from: { name?: string; address: string };
  publicUrl: string;
  /** Signs the cancellation and invitation links (the session secret). */
  linkSecret?: string;
}

/** How long a worker may hold a row while talking to the SMTP server (above nodemailer's timeouts). */
const LEASE = "interval '2 minutes'";

/** JSON with sorted keys: jsonb does not keep the key order it was given. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : item,
  );
}

export class EmailBusyError extends Error {}

interface EmailRow extends QueuedEmail {
  subject: string | null;
  textBody: string | null;
  htmlBody: string | null;
}

/** Whether the row still has a reason to go out, and with which facts: its kind decides (reminders follow date changes). */
async function decide(db: Database, kinds: EmailKinds, email: EmailRow): Promise<SendDecision> {
  const recheck = kinds[email.kind].beforeSending;
  return recheck ? recheck(db, email) : { send: email.data };
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

  const decision = await decide(db, engine.kinds, email);
  if ('cancel' in decision) {
    await db('emails')
      .where({ id: email.id })
      .update({ status: 'cancelled', lastError: decision.cancel, claimedUntil: null, attempts: db.raw('attempts - 1'), updatedAt: db.fn.now() });
    return;
  }
  if ('hold' in decision) {
    // Untouched: the claim is released and the attempt not counted.
    await db('emails')
      .where({ id: email.id })
      .update({ claimedUntil: null, attempts: db.raw('attempts - 1'), updatedAt: db.fn.now() });
    return;
  }
  if ('later' in decision) {
    // The webinar moved later: the row waits for its new time with a new job.
    await db.transaction(async (trx) => {
      await trx('emails')
        .where({ id: email.id })
        .update({ sendAfter: decision.later, claimedUntil: null, attempts: trx.raw('attempts - 1'), updatedAt: trx.fn.now() });
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
    composed = { subject: email.subject!, text: email.textBody!, html: email.htmlBody!, attachments: composeAttachments(engine.kinds, email.kind, decision.send, context) };
  } else {
    composed = await composeWith(engine.kinds, email.kind, decision.send, context);
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
      headers: composeHeaders(engine.kinds, email.kind, decision.send, { ...context, leadId: email.leadId }),
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
    await db('emails')
      .where({ id: email.id })
      .update({ lastError: failure.message.slice(0, 1000), transport: engine.transport.kind, claimedUntil: null, updatedAt: db.fn.now() });
    // The SMTP answer may quote the address: the log gets codes only.
    logger.warn({ emailId: email.id, kind: email.kind, code: failure.code, responseCode: failure.responseCode, ms: Math.round(performance.now() - started) }, 'email not sent, will retry');
    throw error;
  }
}

/** Dead letter: the retries are exhausted (about a day). */
export async function markEmailFailed(db: Database, emailId: number): Promise<void> {
  await db('emails').where({ id: emailId, status: 'queued' }).update({ status: 'failed', claimedUntil: null, updatedAt: db.fn.now() });
}
