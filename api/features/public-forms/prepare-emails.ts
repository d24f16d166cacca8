/**
 * The e-mails a contact request causes. The request's statement queues its facts as one
 * `emails-prepare` job (./submissions.ts); this worker turns them into rows: the acknowledgement and
 * the team alert (api/features/contacts/submissions/team-alert.ts). The job id is the submission's identity, so a
 * job that runs twice finds its rows already there (unique cause keys) and adds nothing.
 */
import type { Database } from '../../platform/db.ts';
import type { MailConfig } from '../../platform/mail/config.ts';
import { createEmails, type NewEmail } from '../../platform/mail/outbox.ts';
import { hit } from '../../platform/lib/rate-limit.ts';
import { ACKNOWLEDGEMENT_RATE_LIMIT, emailDigest } from '../../platform/lib/recipient-limits.ts';
import { lockSubmittingContact, teamAlertFor } from '../contacts/index.ts';

/** What the contact request's statement queues (its `submission` picks this worker, api/platform/mail/workers.ts). */
export interface ContactRequestJobData {
  leadId: number;
  /**
   * The note this request wrote on the contact (what was typed, api/features/contacts/submissions/public-submissions.ts):
   * the team alert quotes it, since a returning contact's own message field keeps the first one.
   */
  noteId?: number | null;
  submission: 'contact';
}

export async function prepareContactRequestEmails(db: Database, config: MailConfig, jobId: string, facts: ContactRequestJobData): Promise<void> {
  await db.transaction(async (trx) => {
    const lead = await lockSubmittingContact(trx, facts.leadId);
    if (!lead) return; // deleted since the submission: nothing to say to anyone
    const emails: NewEmail[] = [];

    // One acknowledgement per address and 24 hours (decision 087): anyone can type anyone's address, so
    // later requests are stored and reach the team, but the address is not written to again. One atomic
    // upsert on a counter keyed by a hash of the address, in this transaction: concurrent requests each
    // get their own count, and a rollback gives the place back.
    if ((await hit(trx, ACKNOWLEDGEMENT_RATE_LIMIT, emailDigest(lead.email))).points <= ACKNOWLEDGEMENT_RATE_LIMIT.points) {
      emails.push({
        kind: 'contact_acknowledgement',
        causeKey: `contact_acknowledgement:submission:${jobId}`,
        toAddress: lead.email,
        leadId: lead.id,
        data: { firstName: lead.firstName, leadId: lead.id },
      });
    }

    const alert = await teamAlertFor(trx, config, lead, { submission: 'contact', noteId: facts.noteId, webinarTitle: null, outcome: null }, jobId);
    if (alert) emails.push(alert);
    await createEmails(trx, emails);
  });
}

/** The `emails-prepare` jobs this feature's forms queue, by their `submission` (its manifest, ./manifest.ts, declares them). */
export const contactRequestPreparers = { contact: prepareContactRequestEmails };
