/** The Emails screen: the list, one e-mail, a contact's e-mails, and "Renvoyer". */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { Email } from '../../models/Email.ts';
import type { EmailListQuery } from './contract/index.ts';
import { NOT_FOUND_MESSAGES } from '../../contract/params.ts';
import type { ContactListQuery } from '../../contract/params.ts';
import { findLeadOr404 } from '../contacts/index.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { createEmails, type NewEmail } from '../../platform/mail/outbox.ts';

export const EMAIL_MESSAGES = {
  notFound: NOT_FOUND_MESSAGES.email,
  notResendable: 'Seul un e-mail envoyé ou en échec peut être renvoyé.',
};

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Newest first; filters combined with AND; search on the recipient (trigram index on lower(to_address)). */
export async function listEmails(db: Knex, query: EmailListQuery): Promise<{ emails: Email[]; total: number }> {
  const builder = Email.query(db).modify('listFields');
  if (query.status) builder.where('status', query.status);
  if (query.kind) builder.where('kind', query.kind);
  if (query.leadId) builder.where('leadId', query.leadId);
  if (query.search) builder.whereRaw(`lower(to_address) like '%' || lower(?) || '%'`, [escapeLike(query.search.trim())]);
  const { results, total } = await builder
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .page(query.page - 1, query.limit);
  return { emails: results, total };
}

/**
 * The e-mails of one contact, as its page lists them: newest first, the id breaking ties, one page
 * at a time (docs/decisions/089-contact-lists-are-paginated.md). An unknown contact is a 404.
 */
export async function listLeadEmails(db: Knex, leadId: number, page: ContactListQuery): Promise<{ emails: Email[]; total: number }> {
  await findLeadOr404(db, leadId);
  return listEmails(db, { ...page, leadId });
}

export async function findEmailOr404(db: Knex, id: number): Promise<Email> {
  const email = await Email.query(db).findById(id);
  if (!email) throw notFound(EMAIL_MESSAGES.notFound);
  return email;
}

/** "Renvoyer": a new copy of a sent or failed e-mail, queued at once (its own row and cause). */
export async function resendEmail(db: Knex, id: number): Promise<number> {
  const original = await findEmailOr404(db, id);
  if (original.status !== 'sent' && original.status !== 'failed') throw new HttpError(409, EMAIL_MESSAGES.notResendable);
  return db.transaction(async (trx) => {
    const [id] = await createEmails(trx, [
      {
        kind: original.kind as NewEmail['kind'],
        causeKey: `resend:${original.id}:${randomUUID()}`,
        toAddress: original.toAddress,
        leadId: original.leadId,
        webinarId: original.webinarId,
        registrationId: original.registrationId,
        resentFrom: original.id,
        data: original.data,
      },
    ]);
    return id!;
  });
}
