/**
 * The e-mails a webinar sign-up causes (the public form's, ./sign-up.ts, and the invitation's,
 * ./invitation-join.ts). The sign-up records its facts as one `emails-prepare` job in its own
 * transaction; this worker turns them into rows: the confirmation and its reminders for a seat
 * (./seat-emails.ts, ../mail/reminders.ts), the waiting-list notice for a full session, and the team alert
 * (api/features/contacts/submissions/team-alert.ts). The job id is the sign-up's identity, so a job that runs
 * twice finds its rows already there (unique cause keys) and adds nothing.
 */
import type { Knex } from 'knex';
import type { Database } from '../../../platform/db.ts';
import type { MailConfig } from '../../../platform/mail/config.ts';
import { createEmails, type NewEmail } from '../../../platform/mail/outbox.ts';
import { QUEUES } from '../../../platform/mail/queues.ts';
import { boundQueue, inTransaction } from '../../../platform/queue/queue.ts';
import { lockSubmittingContact, teamAlertFor } from '../../contacts/index.ts';
import { webinarFacts } from '../mail/email-data.ts';
import { seatEmails, waitlistEmail } from './seat-emails.ts';

/** What a sign-up queues (its `submission` picks this worker, api/platform/mail/workers.ts). */
export interface SignUpJobData {
  leadId: number;
  /** The note the public form's sign-up wrote on the contact: the team alert quotes it. */
  noteId?: number | null;
  submission: 'webinar';
  /** The webinar the sign-up went to, if any, and how it went. */
  webinarId?: number | null;
  registrationId?: number | null;
  outcome?: 'registered' | 'already_registered' | 'waitlisted' | 'no_upcoming_webinar' | null;
}

/** ONE call per sign-up, inside its transaction (./sign-up.ts, ./invitation-join.ts). */
export async function enqueueSignUpEmails(trx: Knex.Transaction, facts: SignUpJobData): Promise<void> {
  const data: SignUpJobData = {
    leadId: facts.leadId,
    noteId: facts.noteId ?? null,
    submission: facts.submission,
    webinarId: facts.webinarId ?? null,
    registrationId: facts.registrationId ?? null,
    outcome: facts.outcome ?? null,
  };
  await boundQueue().send(QUEUES.prepare, data as object, inTransaction(trx));
}

/** What a sign-up told the e-mail job. */
export interface SignUp {
  webinarId: number;
  registrationId?: number | null;
  outcome?: string | null;
  lead: { id: number; email: string; firstName: string };
}

/**
 * A sign-up's e-mails to the person, inside the e-mail job's transaction: the confirmation and its
 * reminders for a seat, the waiting-list notice for a full session; none if the seat has changed since
 * (cancelled, promoted) or the session is gone. Also the webinar's title, for the team alert.
 */
export async function signUpEmails(trx: Knex.Transaction, signUp: SignUp, reminderOffsets: number[]): Promise<{ webinarTitle: string | null; emails: NewEmail[] }> {
  const { lead } = signUp;
  const webinar = await trx('webinars').where({ id: signUp.webinarId }).first();
  const registration = await trx('webinarRegistrations')
    .where(signUp.registrationId ? { id: signUp.registrationId } : { webinarId: signUp.webinarId, leadId: lead.id })
    .first<{ id: number; status: string; registeredAt: Date } | undefined>('id', 'status', 'registeredAt');
  const person = registration && { registrationId: registration.id, registeredAt: registration.registeredAt, leadId: lead.id, email: lead.email, firstName: lead.firstName };
  const emails: NewEmail[] = [];
  if (webinar && webinar.isActive && person && registration.status === 'registered' && signUp.outcome === 'registered') {
    emails.push(...seatEmails('webinar_confirmation', person, webinarFacts(webinar), reminderOffsets));
  }
  if (webinar && webinar.isActive && person && registration.status === 'waitlisted' && signUp.outcome === 'waitlisted') {
    emails.push(waitlistEmail(person, webinarFacts(webinar)));
  }
  return { webinarTitle: webinar?.title ?? null, emails };
}

export async function prepareSignUpEmails(db: Database, config: MailConfig, jobId: string, facts: SignUpJobData): Promise<void> {
  await db.transaction(async (trx) => {
    const lead = await lockSubmittingContact(trx, facts.leadId);
    if (!lead) return; // deleted since the sign-up: nothing to say to anyone
    const emails: NewEmail[] = [];
    let webinarTitle: string | null = null;
    if (facts.webinarId) {
      const signUp = await signUpEmails(trx, { webinarId: facts.webinarId, registrationId: facts.registrationId, outcome: facts.outcome, lead }, config.reminderOffsets);
      webinarTitle = signUp.webinarTitle;
      emails.push(...signUp.emails);
    }
    const alert = await teamAlertFor(trx, config, lead, { submission: 'webinar', noteId: facts.noteId, webinarId: facts.webinarId, webinarTitle, outcome: facts.outcome ?? null }, jobId);
    if (alert) emails.push(alert);
    await createEmails(trx, emails);
  });
}

/** The `emails-prepare` jobs this feature queues, by their `submission` (its manifest, ./manifest.ts, declares them). */
export const signUpPreparers = { webinar: prepareSignUpEmails };
