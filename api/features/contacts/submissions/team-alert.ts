/**
 * The team alert of a contact's submissions (decision 088), written by the `emails-prepare` job of the
 * form that was submitted: a contact request (api/features/public-forms/prepare-emails.ts) or a webinar
 * sign-up (api/features/webinars/seats/sign-up-emails.ts). Both group into the same alert per contact.
 */
import type { Knex } from 'knex';
import type { Database } from '../../../platform/db.ts';
import type { Lead } from '../../../models/Lead.ts';
import type { MailConfig } from '../../../platform/mail/config.ts';
import type { NewEmail } from '../../../platform/mail/outbox.ts';
import type { TeamAlertData, TeamAlertSubmission } from './team-alert-email.ts';

/** The contact's fields an e-mail about a submission uses, as the model types them. */
export type SubmittingContact = Pick<Lead, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'company' | 'message'>;

/**
 * The contact a submission's e-mail job writes about, locked: the row lock serialises the e-mails of one
 * contact's submissions, so the acknowledgement counter and the grouping of team alerts (decisions 087
 * and 088) each see the previous one's result. Undefined when the contact was deleted since.
 */
export async function lockSubmittingContact(trx: Knex.Transaction, leadId: number): Promise<SubmittingContact | undefined> {
  return trx('leads').where({ id: leadId }).forUpdate().first<SubmittingContact | undefined>();
}

export async function teamRecipients(db: Database, config: MailConfig): Promise<string[]> {
  if (config.notifyEmails) return config.notifyEmails;
  const admins = await db('users').where({ role: 'admin', active: true }).orderBy('id').pluck('email');
  return admins as string[];
}

/** At most one team alert per contact in this time (decision 088). */
export const TEAM_ALERT_SPACING_MINUTES = 10;

/** What a submission's job tells the team alert. */
export interface AlertedSubmission {
  submission: TeamAlertSubmission['submission'];
  /** The note the submission wrote on the contact (what was typed); null for the invitation's sign-up. */
  noteId?: number | null;
  webinarId?: number | null;
  webinarTitle: string | null;
  outcome: TeamAlertSubmission['outcome'];
}

/**
 * The team's new alert for one submission, if it needs one (none when nobody is to be told, or the
 * submission joined an alert still waiting). Inside the job's transaction, holding the contact's lock.
 */
export async function teamAlertFor(trx: Knex.Transaction, config: MailConfig, lead: SubmittingContact, facts: AlertedSubmission, jobId: string): Promise<NewEmail | undefined> {
  const team = await teamRecipients(trx, config);
  if (team.length === 0) return undefined;
  // What this submission typed (its note), not the contact's message field, which a returning
  // contact's new request never overwrites. Jobs queued before the note was passed fall back to it.
  const note = facts.noteId
    ? await trx('activities').where({ id: facts.noteId, leadId: lead.id }).first<{ description: string | null; createdAt: Date } | undefined>('description', 'createdAt')
    : undefined;
  const entry: TeamAlertSubmission = {
    submission: facts.submission,
    message: note ? note.description : lead.message,
    webinarTitle: facts.webinarTitle,
    outcome: facts.outcome,
    at: new Date(note?.createdAt ?? Date.now()).toISOString(),
    job: jobId,
  };
  return addToTeamAlert(trx, lead, team, entry, jobId, facts.webinarId ?? null);
}

/**
 * The team alert for one submission, grouped per contact (decision 088): the submission joins the
 * contact's alert that is still waiting (queued, not claimed by a sender), or starts a new one, sent at
 * once or TEAM_ALERT_SPACING_MINUTES after the contact's previous alert. So every submission is in
 * exactly one alert, and one contact's alerts are at least that far apart. The caller holds the
 * contact's row lock: two submissions of one contact are grouped one after the other, never side by side.
 */
async function addToTeamAlert(trx: Knex.Transaction, lead: SubmittingContact, team: string[], entry: TeamAlertSubmission, jobId: string, webinarId: number | null): Promise<NewEmail | undefined> {
  // A job run again after its transaction committed (a crash before pg-boss marked it done) is already in an alert.
  const reported = await trx('emails')
    .where({ kind: 'team_alert', leadId: lead.id })
    .where((builder) => builder.where('causeKey', `team_alert:submission:${jobId}`).orWhereRaw(`data->'submissions' @> ?::jsonb`, [JSON.stringify([{ job: jobId }])]))
    .first('id');
  if (reported) return undefined;
  const leadFacts = { id: lead.id, firstName: lead.firstName, lastName: lead.lastName, email: lead.email, phone: lead.phone, company: lead.company, message: entry.message };
  const latest: TeamAlertData = { submission: entry.submission, lead: leadFacts, webinarTitle: entry.webinarTitle, outcome: entry.outcome, submissions: [entry] };
  // A waiting alert of this contact: the sender claims a row with an UPDATE of `claimed_until`, so this
  // lock and that claim exclude each other; a row claimed first is left alone and a new alert follows.
  const waiting = await trx('emails')
    .where({ kind: 'team_alert', leadId: lead.id, status: 'queued' })
    .where((builder) => builder.whereNull('claimedUntil').orWhere('claimedUntil', '<', trx.fn.now()))
    .orderBy('id', 'desc')
    .forUpdate()
    .first<{ id: number; data: Partial<TeamAlertData> } | undefined>('id', 'data');
  if (waiting) {
    const earlier =
      waiting.data.submissions ??
      (waiting.data.submission
        ? [
            {
              submission: waiting.data.submission,
              message: waiting.data.lead?.message ?? null,
              webinarTitle: waiting.data.webinarTitle ?? null,
              outcome: waiting.data.outcome ?? null,
              at: null,
              job: null,
            },
          ]
        : []);
    const data: TeamAlertData = { ...latest, submissions: [...earlier, entry] };
    await trx('emails')
      .where({ id: waiting.id })
      .update({ data: JSON.stringify(data), updatedAt: trx.fn.now() });
    return undefined;
  }
  const { rows } = await trx.raw<{ rows: Array<{ due: Date }> }>(
    `select greatest(now(), max(coalesce(sent_at, greatest(send_after, now()))) + make_interval(mins => ?)) as due
     from emails where kind = 'team_alert' and lead_id = ? and status <> 'cancelled'`,
    [TEAM_ALERT_SPACING_MINUTES, lead.id],
  );
  return {
    kind: 'team_alert',
    causeKey: `team_alert:submission:${jobId}`,
    toAddress: team.join(', '),
    leadId: lead.id,
    webinarId,
    data: latest,
    sendAfter: new Date(rows[0]!.due),
  };
}
