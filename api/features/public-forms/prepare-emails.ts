/**
 * The e-mails a public submission causes. The request records its facts as one `emails-prepare` job in
 * its own transaction (so it stays one insert); the worker turns them into rows: the webinar's sign-up
 * e-mails (asked of api/features/webinars), the acknowledgement and the team alert. The job id is the
 * submission's identity, so a job that runs twice finds its rows already there (unique cause keys) and
 * adds nothing.
 */
import type { Knex } from 'knex';
import type { Database } from '../../platform/db.ts';
import type { Lead } from '../../models/Lead.ts';
import type { MailConfig } from '../../platform/mail/config.ts';
import { createEmails, type NewEmail } from '../../platform/mail/outbox.ts';
import { QUEUES } from '../../platform/mail/queues.ts';
import { boundQueue, inTransaction, type Queue } from '../../platform/queue/queue.ts';
import type { WorkerDeps } from '../../platform/queue/scheduled.ts';
import { eachJob, emailWorkOptions } from '../../platform/mail/workers.ts';
import { hit } from '../../platform/lib/rate-limit.ts';
import { ACKNOWLEDGEMENT_RATE_LIMIT, emailDigest } from '../../platform/lib/recipient-limits.ts';
import type { PublicLead } from '../../schemas/index.ts';
import { signUpEmails } from '../webinars/index.ts';
import type { PublicSubmission } from './submissions.ts';
import type { TeamAlertData, TeamAlertSubmission } from './team-alert-email.ts';

type RecordedSubmission = Extract<PublicSubmission, { replayed: false }>;

export interface SubmissionFacts {
  leadId: number;
  /**
   * The note this submission wrote on the contact (what was typed, api/features/public-forms/submissions.ts):
   * the team alert quotes it, since a returning contact's own message field keeps the first one.
   */
  noteId?: number | null;
  submission: 'contact' | 'webinar';
  /** The webinar the sign-up went to, if any, and how it went. */
  webinarId?: number | null;
  registrationId?: number | null;
  outcome?: 'registered' | 'already_registered' | 'waitlisted' | 'no_upcoming_webinar' | null;
}

export interface PrepareJobData extends SubmissionFacts {}

/** The facts the e-mail worker needs about a recorded (not replayed) public submission. */
export function submissionFacts(type: PublicLead['type'], recorded: RecordedSubmission): SubmissionFacts {
  const seat = recorded.registration;
  return {
    leadId: recorded.leadId,
    noteId: recorded.activityId,
    submission: type === 'webinar' ? 'webinar' : 'contact',
    webinarId: seat?.webinarId ?? recorded.receipt.registration?.webinarId ?? null,
    registrationId: seat?.id ?? null,
    // A seat held from an earlier sign-up was confirmed then: no second confirmation.
    outcome: seat ? (seat.created ? (seat.status === 'waitlisted' ? 'waitlisted' : 'registered') : 'already_registered') : recorded.receipt.outcome,
  };
}

/** ONE call per public submission, inside its transaction (./routes.ts, ./invitation-join.ts). */
export async function enqueueSubmissionEmails(trx: Knex.Transaction, facts: SubmissionFacts): Promise<void> {
  const data: PrepareJobData = {
    leadId: facts.leadId,
    noteId: facts.noteId ?? null,
    submission: facts.submission,
    webinarId: facts.webinarId ?? null,
    registrationId: facts.registrationId ?? null,
    outcome: facts.outcome ?? null,
  };
  await boundQueue().send(QUEUES.prepare, data as object, inTransaction(trx));
}

/** The contact's fields an e-mail about a submission uses, as the model types them. */
type LeadRow = Pick<Lead, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'company' | 'message'>;

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
      const signUp = await signUpEmails(trx, { webinarId: facts.webinarId, registrationId: facts.registrationId, outcome: facts.outcome, lead }, config.reminderOffsets);
      webinarTitle = signUp.webinarTitle;
      emails.push(...signUp.emails);
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
        data: { firstName: lead.firstName, leadId: lead.id },
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

/** The `emails-prepare` worker: one submission at a time per loop, each once visitors let it (decision 079). */
export async function workSubmissionEmails(queue: Queue, { config, knex, whenQuiet }: WorkerDeps): Promise<void> {
  await queue.work<PrepareJobData>(
    QUEUES.prepare,
    emailWorkOptions(config),
    eachJob<PrepareJobData>(1, whenQuiet, (job) => prepareSubmissionEmails(knex, config.mail, job.id, job.data)),
  );
}
