/**
 * The causes of e-mails, each recorded inside the transaction of the data that causes it:
 * - a public submission: one `emails-prepare` job with its facts; the worker turns it into rows
 *   (confirmation, reminders, acknowledgement, team alert), so the request itself stays one insert;
 * - a webinar deleted with registrants: cancellation rows and their send jobs;
 * - "Renvoyer": a copy of a row and its send job.
 * A rolled-back transaction leaves no job and no row; a committed one always yields its e-mails.
 */
import type { Knex } from 'knex';
import { boundQueue, inTransaction } from '../queue/queue.ts';
import { QUEUES } from './queues.ts';
import type { EmailKind } from '../../features/email-kinds.ts';
import type { PublicLead } from '../../schemas/index.ts';
import type { PublicSubmission } from '../../features/public-forms/submissions.ts';

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
export interface SendJobData {
  emailId: number;
}

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

/** ONE call per public submission, inside its transaction (see api/features/public-forms/routes.ts). */
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

export interface NewEmail {
  kind: EmailKind;
  causeKey: string;
  toAddress: string;
  leadId: number | null;
  webinarId?: number | null;
  registrationId?: number | null;
  resentFrom?: number | null;
  data: object;
  sendAfter?: Date;
}

/**
 * Inserts the rows whose cause has not produced an e-mail yet (unique `cause_key`) and queues one send
 * job per new row, all in `trx`. Returns the ids of the new rows.
 */
export async function createEmails(trx: Knex.Transaction, emails: NewEmail[]): Promise<number[]> {
  if (emails.length === 0) return [];
  const rows = await trx('emails')
    .insert(
      emails.map((email) => ({
        kind: email.kind,
        causeKey: email.causeKey,
        toAddress: email.toAddress,
        leadId: email.leadId,
        webinarId: email.webinarId ?? null,
        registrationId: email.registrationId ?? null,
        resentFrom: email.resentFrom ?? null,
        data: JSON.stringify(email.data),
        sendAfter: email.sendAfter ?? trx.fn.now(),
      })),
    )
    .onConflict('causeKey')
    .ignore()
    .returning(['id', 'sendAfter']);
  const created = rows as Array<{ id: number; sendAfter: Date }>;
  if (created.length > 0) {
    await boundQueue().insert(
      QUEUES.send,
      created.map((row) => ({ data: { emailId: row.id } satisfies SendJobData, startAfter: new Date(row.sendAfter) })),
      inTransaction(trx),
    );
  }
  return created.map((row) => row.id);
}

/** Queues a send job for existing rows (a reminder moved to a new time). */
export async function queueSendJobs(trx: Knex.Transaction, rows: Array<{ id: number; sendAfter: Date }>): Promise<void> {
  if (rows.length === 0) return;
  await boundQueue().insert(
    QUEUES.send,
    rows.map((row) => ({ data: { emailId: row.id } satisfies SendJobData, startAfter: new Date(row.sendAfter) })),
    inTransaction(trx),
  );
}
