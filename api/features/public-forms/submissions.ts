/**
 * The contact request, sent to `POST /api/leads` (./routes.ts; a webinar sign-up sent there is
 * api/features/webinars/seats/sign-up.ts). What it records about the person is the contacts' statement
 * (api/features/contacts/submissions/public-submissions.ts: contact, note, notice proof, Idempotency-Key), with
 * the request's e-mail job in the same statement, so a 201 means the e-mails will go out.
 *
 * The receipt (what the visitor is told) is always the same: a known email is answered exactly like a
 * first submission.
 */
import type { Knex } from 'knex';
import type { PublicLead } from '../contacts/contract/index.ts';
import { inlineJobInsert } from '../../platform/queue/inline-job.ts';
import { NaturalBatches } from '../../platform/lib/natural-batches.ts';
import { QUEUES } from '../../platform/mail/queues.ts';
import { currentNotice } from '../privacy/index.ts';
import type { Touch } from '../attribution/index.ts';
import { recordSubmissions, storedReceipt, submissionKey, submissionStatementSql, type RecordedContact, type SubmissionToRecord } from '../contacts/index.ts';
import { SIGN_UP_NOTE_TITLE, receiptWithoutSigningUp, replayedReceipt, type PublicReceipt } from '../webinars/index.ts';

export const PUBLIC_ACTIVITY_TITLES = {
  contact: 'Demande de contact',
  webinar: SIGN_UP_NOTE_TITLE,
} as const;

/** What the route answers, and whether it is a replay of a key already claimed. */
export interface PublicSubmission {
  replayed: boolean;
  receipt: PublicReceipt;
}

export interface PublicSubmissionInput {
  lead: PublicLead;
  /** The `Idempotency-Key` header, already checked (api/platform/lib/idempotency.ts). */
  idempotencyKey?: string;
  /** Where the person came from (decision 115). */
  touch?: Touch;
}

const CONTACT_RECEIPT: PublicReceipt = { registration: null, outcome: null };

/** The statement with its e-mail job, built once the job queue is started (the job's table is known then). */
let statementSql: string | undefined;
function contactStatementSql(): string {
  statementSql ??= submissionStatementSql(
    inlineJobInsert(
      QUEUES.prepare,
      `select json_agg(json_build_object('data', json_build_object(
         'leadId', lead.id, 'noteId', note.id, 'submission', 'contact', 'webinarId', null, 'registrationId', null, 'outcome', null)))
       from lead join note on note.lead_id = lead.id`,
    ),
  );
  return statementSql;
}

function saveContactRequests(db: Knex, submissions: SubmissionToRecord[]): Promise<RecordedContact[]> {
  // A contact request's receipt is known before anything runs, so the claim stores it at once.
  const statement = { sql: contactStatementSql(), name: 'public-submissions-with-jobs', title: PUBLIC_ACTIVITY_TITLES.contact, receipt: CONTACT_RECEIPT, notice: currentNotice() };
  return recordSubmissions(db, statement, submissions);
}

/**
 * Contact requests share statements under load (api/platform/lib/natural-batches.ts): at most 2
 * statements at once on a pool of 10 (decision 082 has the figures for 1, 2 and 4), so the rest of the
 * app keeps its connections.
 */
const contactBatches = new WeakMap<Knex, NaturalBatches<SubmissionToRecord, RecordedContact>>();
function contactBatchesFor(db: Knex): NaturalBatches<SubmissionToRecord, RecordedContact> {
  let batches = contactBatches.get(db);
  if (!batches) {
    batches = new NaturalBatches({
      maxInFlight: 2,
      maxSize: 64,
      run: (submissions) => saveContactRequests(db, submissions),
      exclusiveKeys: ({ lead, key }) => [`email:${lead.email.toLowerCase()}`, key && `key:${key.scoped}`],
    });
    contactBatches.set(db, batches);
  }
  return batches;
}

/** Contact requests of this process waiting for their statement or running in one. */
export function contactRequestsInProgress(db: Knex): number {
  return contactBatches.get(db)?.size ?? 0;
}

/**
 * A contact request: one statement with its e-mail job, possibly shared with other contact requests
 * arriving at the same time (decision 082), so `db` is the knex instance, not a transaction.
 */
export async function submitContactRequest(db: Knex, { lead, idempotencyKey, touch }: PublicSubmissionInput): Promise<PublicSubmission> {
  const key = submissionKey(lead, idempotencyKey);
  const saved = await contactBatchesFor(db).submit({ lead, key, touch });
  if (!saved) return { replayed: true, receipt: replayedReceipt(await storedReceipt<PublicReceipt>(db, key!)) };
  return { replayed: false, receipt: CONTACT_RECEIPT };
}

/**
 * The receipt a submission would get right now, without recording anything: what the honeypot answers
 * a robot, so its answer looks like everyone else's (a contact request's receipt is always the same).
 */
export async function receiptWithoutRecording(db: Knex, type: PublicLead['type']): Promise<PublicReceipt> {
  return type === 'webinar' ? receiptWithoutSigningUp(db) : CONTACT_RECEIPT;
}
