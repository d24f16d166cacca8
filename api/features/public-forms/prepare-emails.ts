/**
 * `emails-prepare`: turns one public submission into its e-mail rows. The job id is the submission's
 * identity, so a job that runs twice finds its rows already there (unique cause keys) and adds nothing.
 */
import type { Knex } from 'knex';
import type { Database } from '../../platform/db.ts';
import type { Lead } from '../../models/Lead.ts';
import type { MailConfig } from '../../platform/mail/config.ts';
import type { TeamAlertData, TeamAlertSubmission, WebinarFacts } from '../email-kinds.ts';
import { createEmails, type NewEmail, type PrepareJobData } from '../../platform/mail/outbox.ts';
import { hit } from '../../platform/lib/rate-limit.ts';
import { ACKNOWLEDGEMENT_RATE_LIMIT, emailDigest } from './recipient-limits.ts';
import { seatEmails, waitlistEmail } from '../webinars/seats.ts';

/** The contact's fields an e-mail about a submission uses, as the model types them. */
type LeadRow = Pick<Lead, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'company' | 'message'>;

export function webinarFacts(row: Record<string, any>): WebinarFacts {
  return {
    id: row.id,
    title: row.title,
    description: row.description ?? null,
    datetime: new Date(row.datetime).toISOString(),
    duration: row.duration,
    location: row.location,
    joinUrl: row.joinUrl ?? null,
    sequence: Number(row.calendarSequence ?? 0),
  };
}

/** When each reminder is due; those already past are skipped. */
export function reminderTimes(start: Date, offsets: number[], now = new Date()): Array<{ offset: number; at: Date }> {
  return offsets.map((offset) => ({ offset, at: new Date(start.getTime() - offset * 60_000) })).filter((reminder) => reminder.at > now);
}

export async function teamRecipients(db: Database, config: MailConfig): Promise<string[]> {
  if (config.notifyEmails) return config.notifyEmails;
  const admins = await db('users').where({ role: 'admin', active: true }).orderBy('id').pluck('email');
  return admins as string[];
}

/** At most one team alert per contact in this time (decision 088). */
export const TEAM_ALERT_SPACING_MINUTES = 10;

/**
 * The team alert for one submission, grouped per contact (decision 088): the submission joins the
 * contact's alert that is still waiting (queued, not claimed by a sender), or starts a new one, sent at
 * once or TEAM_ALERT_SPACING_MINUTES after the contact's previous alert. So every submission is in
 * exactly one alert, and one contact's alerts are at least that far apart. The caller holds the
 * contact's row lock: two submissions of one contact are grouped one after the other, never side by side.
 */
async function addToTeamAlert(
  trx: Knex.Transaction,
  lead: LeadRow,
  team: string[],
  entry: TeamAlertSubmission,
  jobId: string,
  webinarId: number | null,
): Promise<NewEmail | undefined> {
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
    const earlier = waiting.data.submissions ?? (waiting.data.submission ? [{ submission: waiting.data.submission, message: waiting.data.lead?.message ?? null, webinarTitle: waiting.data.webinarTitle ?? null, outcome: waiting.data.outcome ?? null, at: null, job: null }] : []);
    const data: TeamAlertData = { ...latest, submissions: [...earlier, entry] };
    await trx('emails').where({ id: waiting.id }).update({ data: JSON.stringify(data), updatedAt: trx.fn.now() });
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

export async function prepareSubmissionEmails(db: Database, config: MailConfig, jobId: string, facts: PrepareJobData): Promise<void> {
  await db.transaction(async (trx) => {
    // The contact's row lock serialises the e-mails of one contact's submissions: the acknowledgement
    // counter and the grouping of team alerts (decisions 087 and 088) each see the previous one's result.
    const lead = await trx('leads').where({ id: facts.leadId }).forUpdate().first<LeadRow | undefined>();
    if (!lead) return; // deleted since the submission: nothing to say to anyone
    const emails: NewEmail[] = [];
    let webinarTitle: string | null = null;

    if (facts.submission === 'webinar' && facts.webinarId) {
      const webinar = await trx('webinars').where({ id: facts.webinarId }).first();
      webinarTitle = webinar?.title ?? null;
      const registration = await trx('webinarRegistrations')
        .where(facts.registrationId ? { id: facts.registrationId } : { webinarId: facts.webinarId, leadId: lead.id })
        .first<{ id: number; status: string; registeredAt: Date } | undefined>('id', 'status', 'registeredAt');
      const person = registration && { registrationId: registration.id, registeredAt: registration.registeredAt, leadId: lead.id, email: lead.email, firstName: lead.firstName };
      if (webinar && webinar.isActive && person && registration.status === 'registered' && facts.outcome === 'registered') {
        emails.push(...seatEmails('webinar_confirmation', person, webinarFacts(webinar), config.reminderOffsets));
      }
      if (webinar && webinar.isActive && person && registration.status === 'waitlisted' && facts.outcome === 'waitlisted') {
        emails.push(waitlistEmail(person, webinarFacts(webinar)));
      }
    }

    // One acknowledgement per address and 24 hours (decision 087): anyone can type anyone's address, so
    // later requests are stored and reach the team, but the address is not written to again. One atomic
    // upsert on a counter keyed by a hash of the address, in this transaction: concurrent requests each
    // get their own count, and a rollback gives the place back.
    if (facts.submission === 'contact' && (await hit(trx, ACKNOWLEDGEMENT_RATE_LIMIT, emailDigest(lead.email))).points <= ACKNOWLEDGEMENT_RATE_LIMIT.points) {
      emails.push({
        kind: 'contact_acknowledgement',
        causeKey: `contact_acknowledgement:submission:${jobId}`,
        toAddress: lead.email,
        leadId: lead.id,
        data: { firstName: lead.firstName },
      });
    }

    const team = await teamRecipients(trx, config);
    if (team.length > 0) {
      // What this submission typed (its note), not the contact's message field, which a returning
      // contact's new request never overwrites. Jobs queued before the note was passed fall back to it.
      const note = facts.noteId
        ? await trx('activities').where({ id: facts.noteId, leadId: lead.id }).first<{ description: string | null; createdAt: Date } | undefined>('description', 'createdAt')
        : undefined;
      const entry: TeamAlertSubmission = {
        submission: facts.submission,
        message: note ? note.description : lead.message,
        webinarTitle,
        outcome: facts.submission === 'webinar' ? (facts.outcome ?? null) : null,
        at: new Date(note?.createdAt ?? Date.now()).toISOString(),
        job: jobId,
      };
      const alert = await addToTeamAlert(trx, lead, team, entry, jobId, facts.webinarId ?? null);
      if (alert) emails.push(alert);
    }
    await createEmails(trx, emails);
  });
}
