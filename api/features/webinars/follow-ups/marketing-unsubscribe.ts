/**
 * The one-click unsubscribe of the marketing e-mails (decision 091): the invitations to a new session
 * and the follow-ups after one. The link is signed per contact (api/features/webinars/mail/links.ts); using
 * it stores the time on the contact, cancels those e-mails still waiting, and the sender cancels any
 * later one (api/platform/mail/sender.ts). E-mails about a registration (confirmations, reminders, updates,
 * cancellations) are not affected: the person asked for them by signing up.
 */
import type { Knex } from 'knex';
import { HttpError } from '../../../platform/errors.ts';
import { verifyMarketingUnsubscribeToken } from '../mail/links.ts';
import type { EmailKind } from '../../../platform/mail/kinds.ts';
import { REGISTRATION_LINK_MESSAGE, type MarketingUnsubscribeQuery } from '../contract/index.ts';

/**
 * The marketing kinds: they carry the one-click unsubscribe (../mail/emails.ts), and stop for a contact who
 * used it. Confirmations, reminders, updates and cancellations are about a registration and always go.
 */
export const MARKETING_KINDS: readonly EmailKind[] = ['webinar_invitation', 'webinar_followup'];

export const MARKETING_UNSUBSCRIBE_MESSAGES = {
  done: 'C’est noté : vous ne recevrez plus nos invitations ni nos messages de suivi des webinaires. Les e-mails au sujet de vos inscriptions (confirmation, rappels, annulation) continuent d’arriver.',
  invalid: REGISTRATION_LINK_MESSAGE,
  /** Why the sender cancels such an e-mail (the Emails screen shows it). */
  cancelled: 'Le contact s’est désinscrit des invitations et des suivis de webinaires.',
};

export async function unsubscribeFromMarketing(db: Knex, secret: string, query: MarketingUnsubscribeQuery): Promise<void> {
  // The same answer for a wrong token and an unknown contact: a link tells nothing about other people.
  if (!verifyMarketingUnsubscribeToken(secret, query.lead, query.token)) throw new HttpError(404, MARKETING_UNSUBSCRIBE_MESSAGES.invalid);
  await db.transaction(async (trx) => {
    const updated = await trx('leads')
      .where({ id: query.lead })
      .update({ webinarMarketingUnsubscribedAt: trx.raw('coalesce(webinar_marketing_unsubscribed_at, now())'), updatedAt: trx.fn.now() })
      .returning('id');
    if (updated.length === 0) throw new HttpError(404, MARKETING_UNSUBSCRIBE_MESSAGES.invalid);
    await trx('emails')
      .where({ leadId: query.lead, status: 'queued' })
      .whereIn('kind', MARKETING_KINDS)
      .update({ status: 'cancelled', lastError: MARKETING_UNSUBSCRIBE_MESSAGES.cancelled, updatedAt: trx.fn.now() });
  });
}

/** Whether the contact stopped the marketing e-mails (the sender asks just before sending one). */
export async function hasLeftMarketing(db: Knex, leadId: number | null): Promise<boolean> {
  if (!leadId) return false;
  const lead = await db('leads').where({ id: leadId }).first<{ webinarMarketingUnsubscribedAt: Date | null } | undefined>('webinarMarketingUnsubscribedAt');
  return Boolean(lead?.webinarMarketingUnsubscribedAt);
}
