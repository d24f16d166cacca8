/**
 * The newsletter's double opt-in (Swiss unfair-competition law asks for consent to marketing
 * e-mail): a request sets the contact `pending` and sends a confirmation link; only a POST from the
 * page that link opens confirms (mail scanners follow links, they do not submit forms). Confirmation
 * and withdrawal are stored on the contact (state and dates) and as consent proofs (time, IP prefix).
 * The answer to a request never depends on whether the address is known or already subscribed.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { hit } from '../../platform/lib/rate-limit.ts';
import { createEmails } from '../../platform/mail/outbox.ts';
import { recordConsentProof } from '../privacy/index.ts';
import { recordSubmissions, submissionStatementSql } from '../contacts/index.ts';
import type { Touch } from '../attribution/index.ts';
import { emailDigest, NEWSLETTER_RATE_LIMIT } from '../../platform/lib/recipient-limits.ts';
import type { NewsletterEmailData } from './subscription-emails.ts';

/** The secret of the confirmation and unsubscribe links. */
function newNewsletterToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The statement without e-mail job, shared with the other public forms (one prepared statement per SQL text). */
let statementSql: string | undefined;

/**
 * Records the contact the one way of every public form (api/features/contacts/public-submissions.ts,
 * docs/decisions/137-one-public-entry.md: one per address, never overwritten, first touch kept; no note,
 * and its own consent proofs below), sets it `pending` (unless already subscribed) and queues the
 * confirmation e-mail.
 */
export async function requestNewsletter(trx: Knex.Transaction, request: { firstName?: string; email: string; ipPrefix: string | null; touch?: Touch }): Promise<void> {
  statementSql ??= submissionStatementSql();
  const statement = { sql: statementSql, name: 'public-submissions', title: null, receipt: null, notice: null };
  // The contact needs a first name (constraint): without one, the address's local part stands in.
  const person = { firstName: request.firstName ?? request.email.split('@')[0]!, email: request.email, type: 'contact' as const };
  const [contact] = await recordSubmissions(trx, statement, [{ lead: person, key: undefined, touch: request.touch, form: 'newsletter', source: 'website' }]);
  const { rows } = await trx.raw<{ rows: Array<{ id: number; newsletter_status: string; newsletter_token: string }> }>(
    `update leads set
       newsletter_status = case when newsletter_status = 'subscribed' then 'subscribed' else 'pending' end,
       newsletter_requested_at = case when newsletter_status = 'subscribed' then newsletter_requested_at else now() end,
       newsletter_token = coalesce(newsletter_token, ?)
     where id = ?
     returning id, newsletter_status, newsletter_token`,
    [newNewsletterToken(), contact!.id],
  );
  const lead = rows[0]!;
  if (lead.newsletter_status === 'subscribed') return;
  await recordConsentProof(trx, { leadId: lead.id, kind: 'newsletter_requested', form: 'newsletter', ipPrefix: request.ipPrefix });
  // At most one confirmation e-mail per address and 24 hours, whoever asks (decision 087): the form must
  // not become a way to flood someone's inbox. The counter is one atomic upsert, keyed by a hash of the
  // address (erased with the contact); the answer is the same either way.
  const counter = await hit(trx, NEWSLETTER_RATE_LIMIT, emailDigest(request.email));
  if (counter.points > NEWSLETTER_RATE_LIMIT.points) return;
  // Greeted by the name typed now only: a name stored earlier is not shown to whoever typed the address.
  const data: NewsletterEmailData = { firstName: request.firstName ?? null, token: lead.newsletter_token };
  await createEmails(trx, [{ kind: 'newsletter_confirmation', causeKey: `newsletter_confirmation:lead:${lead.id}:${Date.now()}:${counter.points}`, toAddress: request.email, leadId: lead.id, data }]);
}

/** The confirmation form was submitted: `subscribed`, with time and IP prefix. False for an unknown link. */
export async function confirmNewsletter(db: Knex, token: string, ipPrefix: string | null): Promise<boolean> {
  return db.transaction(async (trx) => {
    const lead = await trx('leads').where({ newsletterToken: token }).forUpdate().first<{ id: number; newsletterStatus: string | null } | undefined>('id', 'newsletterStatus');
    if (!lead) return false;
    if (lead.newsletterStatus === 'subscribed') return true;
    await trx('leads').where({ id: lead.id }).update({ newsletterStatus: 'subscribed', newsletterConfirmedAt: trx.fn.now(), newsletterUnsubscribedAt: null, updatedAt: trx.fn.now() });
    await recordConsentProof(trx, { leadId: lead.id, kind: 'newsletter_confirmed', form: 'newsletter', ipPrefix });
    return true;
  });
}

/** One-click (RFC 8058) or the page's button: `unsubscribed` at once, with its time. False for an unknown link. */
export async function unsubscribeNewsletter(db: Knex, token: string, ipPrefix: string | null): Promise<boolean> {
  return db.transaction(async (trx) => {
    const lead = await trx('leads').where({ newsletterToken: token }).forUpdate().first<{ id: number; newsletterStatus: string | null } | undefined>('id', 'newsletterStatus');
    if (!lead) return false;
    if (lead.newsletterStatus === 'unsubscribed') return true;
    await trx('leads').where({ id: lead.id }).update({ newsletterStatus: 'unsubscribed', newsletterUnsubscribedAt: trx.fn.now(), updatedAt: trx.fn.now() });
    await recordConsentProof(trx, { leadId: lead.id, kind: 'newsletter_unsubscribed', form: 'newsletter', ipPrefix, withNotice: false });
    return true;
  });
}
