/**
 * Public form submissions (contact request, webinar sign-up, the footer's newsletter form), all sent
 * to `POST /api/leads`. Everything happens inside the caller's transaction, so any work that must
 * commit with the submission (an e-mail queued with pg-boss, for instance) joins it with one more call
 * on the same `trx`; a rollback leaves neither.
 *
 * What a submission does:
 * - one contact per email (case-insensitive, unique index on lower(email)). A visitor never rewrites
 *   what the team knows: an existing contact only gets the fields that were empty; its name, phone,
 *   company, message, type and source stay as they are;
 * - a completed note on the contact with the visitor's message, plus one line per typed value that
 *   differs from the contact's ("Téléphone indiqué : +41 …"), so nothing typed is lost and the team
 *   decides what to apply;
 * - a webinar sign-up takes a seat in the next upcoming active webinar, never beyond its capacity; a full
 *   session puts the person on its waiting list; with no session planned, the person waits for the next
 *   one (api/features/webinars/seats.ts);
 * - an `Idempotency-Key` is claimed by the submission's first statement, in the same transaction: a
 *   retry with the same key and payload gets the stored receipt back and records nothing (a concurrent
 *   retry waits on the key's unique index until the first one commits); another payload → 422.
 *
 * The receipt (what the visitor is told) depends on the webinar only, never on the person: a known
 * email and a repeated sign-up are answered exactly like a first submission.
 */
import type { Knex } from 'knex';
import type { PublicLead } from '../../schemas/index.ts';
import { HttpError } from '../../platform/errors.ts';
import { IDEMPOTENCY_MISMATCH_MESSAGE, requestHash, scopedKey } from '../../platform/lib/idempotency.ts';
import { inlineJobInsert } from '../../platform/queue/inline-job.ts';
import { NaturalBatches } from '../../platform/lib/natural-batches.ts';
import { currentNotice } from '../privacy/index.ts';
import { QUEUES } from '../../platform/mail/queues.ts';
import { SEAT_STATUSES_SQL, takeSeatInNextWebinar, type HeldSeat, type PublicReceipt } from '../webinars/index.ts';

export const PUBLIC_ACTIVITY_TITLES = {
  contact: 'Demande de contact',
  webinar: 'Inscription au webinaire',
} as const;

/** What happened, for the route and for work joining the transaction (confirmation e-mails, alerts). */
export type PublicSubmission =
  | { replayed: true; receipt: PublicReceipt }
  | {
      replayed: false;
      receipt: PublicReceipt;
      leadId: number;
      /** false when the email belonged to an existing contact. */
      leadCreated: boolean;
      activityId: number;
      /** The person's seat in the webinar, new or held from an earlier sign-up (even when the webinar is now full). */
      registration: HeldSeat | null;
      /** true when the submission's e-mail job was queued by its own statement (contact requests). */
      emailsQueued: boolean;
    };

export interface PublicSubmissionInput {
  lead: PublicLead;
  /** The `Idempotency-Key` header, already checked (api/platform/lib/idempotency.ts). */
  idempotencyKey?: string;
}

const CONTACT_RECEIPT: PublicReceipt = { registration: null, outcome: null };

/**
 * The contacts, their notes, the proofs of the privacy notice shown and, for contact requests,
 * their e-mail job, in ONE statement for one or several submissions (data-modifying CTEs: one round trip,
 * and each Idempotency-Key claim decides whether its submission writes anything).
 * https://www.postgresql.org/docs/current/queries-with.html#QUERIES-WITH-MODIFYING
 * The submissions arrive as one JSON array (`n` numbers them); two of one statement never share an
 * email or a key (NaturalBatches' exclusive keys), and the claims and the contacts are written in index
 * order, so two statements running at once never wait on each other in a cycle.
 * The note compares what was typed with the contact as it stands after the upsert (RETURNING sees the
 * row the conflict resolved to, even one committed by a concurrent submission): a typed value differs
 * exactly when the contact already held another one, since empty fields take the typed value.
 * Phones are compared on their digits and `+` only, so "+41 79 123 45 67" equals "+41791234567".
 * A new contact holds exactly what was typed: its note is the message alone, with no comparison to run.
 */
function submissionSql(withEmailJobs: boolean): string {
  return `
    with typed as (
      select * from json_to_recordset(?::json) as t(n int, first_name text, last_name text, email text, phone text,
        company text, message text, type text, source text, key text, request_hash text, receipt jsonb, title text,
        form text, notice_version text, notice_hash text)
    ),
    claim as (
      insert into idempotency_keys (key, request_hash, response_status, response_body)
      select key, request_hash, 201, receipt from typed where key is not null order by key
      on conflict (key) do nothing
      returning key
    ),
    lead as (
      insert into leads (first_name, last_name, email, phone, company, message, type, source, status)
      select first_name, last_name, email, phone, company, message, type, source, 'new' from typed
      where typed.key is null or typed.key in (select key from claim)
      order by lower(email)
      on conflict (lower(email)) do update set
        last_name = coalesce(nullif(leads.last_name, ''), excluded.last_name),
        phone = coalesce(nullif(leads.phone, ''), excluded.phone),
        company = coalesce(nullif(leads.company, ''), excluded.company),
        message = coalesce(nullif(leads.message, ''), excluded.message),
        updated_at = now()
      returning id, (xmax = 0) as created, email, first_name, last_name, phone, company
    ),
    note as (
      insert into activities (lead_id, type, status, title, description, completed_at)
      select lead.id, 'note', 'completed', typed.title,
        case when lead.created then typed.message else
        nullif(concat_ws(E'\\n\\n', typed.message, nullif(concat_ws(E'\\n',
          case when typed.first_name <> lead.first_name then 'Prénom indiqué : ' || typed.first_name end,
          case when typed.last_name <> lead.last_name then 'Nom indiqué : ' || typed.last_name end,
          case when regexp_replace(typed.phone, '[^0-9+]', '', 'g') <> regexp_replace(lead.phone, '[^0-9+]', '', 'g')
            then 'Téléphone indiqué : ' || typed.phone end,
          case when typed.company <> lead.company then 'Société indiquée : ' || typed.company end
        ), '')), '') end,
        now()
      from lead join typed on lower(typed.email) = lower(lead.email)
      returning id, lead_id
    ),
    notice as (
      insert into consent_proofs (lead_id, kind, form, notice_version, notice_hash, idempotency_key)
      select lead.id, 'notice_shown', typed.form, typed.notice_version, typed.notice_hash, typed.key
      from lead join typed on lower(typed.email) = lower(lead.email)
    )${
      withEmailJobs
        ? `,
    email_job as (${inlineJobInsert(
      QUEUES.prepare,
      `select json_agg(json_build_object('data', json_build_object(
         'leadId', lead.id, 'noteId', note.id, 'submission', 'contact', 'webinarId', null, 'registrationId', null, 'outcome', null)))
       from lead join note on note.lead_id = lead.id`,
    )})`
        : ''
    }
    select typed.n, lead.id, lead.created, note.id as activity_id
    from lead join typed on lower(typed.email) = lower(lead.email) join note on note.lead_id = lead.id`;
}

/** The two statements, built once the job queue is started (the e-mail job's table is known then). */
let statements: Record<'withEmailJobs' | 'withoutEmailJobs', string> | undefined;
function submissionStatements() {
  statements ??= { withEmailJobs: submissionSql(true), withoutEmailJobs: submissionSql(false) };
  return statements;
}

/** One submission as the statement reads it, and what the statement answers for it (none: key replayed). */
interface TypedSubmission {
  lead: PublicLead;
  key: { scoped: string; hash: string } | undefined;
}
type SavedSubmission = { id: number; created: boolean; activity_id: number } | undefined;

async function saveSubmissions(db: Knex | Knex.Transaction, submissions: TypedSubmission[], withEmailJobs: boolean): Promise<SavedSubmission[]> {
  const notice = currentNotice();
  const typed = submissions.map(({ lead, key }, n) => ({
    n,
    first_name: lead.firstName,
    last_name: lead.lastName ?? null,
    email: lead.email,
    phone: lead.phone ?? null,
    company: lead.company ?? null,
    message: lead.message ?? null,
    type: lead.type,
    source: lead.type === 'webinar' ? 'webinar' : 'form',
    key: key?.scoped ?? null,
    request_hash: key?.hash ?? null,
    // A contact request's receipt is known before anything runs, so the claim stores it at once;
    // a sign-up's receipt is stored once its seat is decided, in the same transaction.
    receipt: lead.type === 'contact' ? CONTACT_RECEIPT : null,
    title: PUBLIC_ACTIVITY_TITLES[lead.type],
    // The privacy notice shown beside the form, with the submission's key for the erasure.
    form: lead.type,
    notice_version: notice.version,
    notice_hash: notice.hash,
  }));
  const sql = submissionStatements();
  const { rows } = await db
    .raw<{ rows: Array<{ n: number; id: number; created: boolean; activity_id: number }> }>(
      withEmailJobs ? sql.withEmailJobs : sql.withoutEmailJobs,
      [JSON.stringify(typed)],
    )
    // A named prepared statement (one name per SQL text): PostgreSQL plans it once per connection, which
    // cuts its CPU per submission by about a third (bench/RESULTS.md). PGlite ignores the name.
    .options({ name: `public-submissions${withEmailJobs ? '-with-jobs' : ''}` });
  const byNumber = new Map(rows.map((row) => [row.n, row]));
  return submissions.map((_, n) => byNumber.get(n));
}

/**
 * Contact requests sent outside a transaction share statements under load (api/platform/lib/natural-batches.ts):
 * at most 2 statements at once on a pool of 10 (decision 082 has the figures for 1, 2 and 4), so the
 * rest of the app keeps its connections.
 */
const contactBatches = new WeakMap<Knex, NaturalBatches<TypedSubmission, SavedSubmission>>();
function contactBatchesFor(db: Knex): NaturalBatches<TypedSubmission, SavedSubmission> {
  let batches = contactBatches.get(db);
  if (!batches) {
    batches = new NaturalBatches({
      maxInFlight: 2,
      maxSize: 64,
      run: (submissions) => saveSubmissions(db, submissions, true),
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
 * A contact request is one statement with its e-mail job (`emailsQueued: true`), possibly shared with
 * other contact requests: `db` must then be the knex instance, not a transaction. A webinar sign-up takes
 * several statements: `db` must be the caller's transaction, in which the caller then queues its e-mails.
 */
export async function submitPublicLead(db: Knex | Knex.Transaction, { lead, idempotencyKey }: PublicSubmissionInput): Promise<PublicSubmission> {
  const key = idempotencyKey ? { scoped: scopedKey('leads', idempotencyKey), hash: requestHash(lead) } : undefined;
  const submission = { lead, key };
  // A contact request's e-mail job is part of the same statement (api/platform/queue/inline-job.ts); a sign-up's
  // depends on its seat, decided below, and is queued by the caller in the same transaction.
  const withEmailJob = lead.type === 'contact';
  const saved = withEmailJob
    ? await contactBatchesFor(db as Knex).submit(submission)
    : (await saveSubmissions(db, [submission], false))[0];
  if (!saved) return { replayed: true, receipt: await storedReceipt(db, key!.scoped, key!.hash) };

  const seat = lead.type === 'webinar' ? await takeSeatInNextWebinar(db as Knex.Transaction, saved.id) : undefined;
  const receipt = seat ? seat.receipt : CONTACT_RECEIPT;
  if (key && lead.type !== 'contact') {
    await db('idempotency_keys').where({ key: key.scoped }).update({ responseBody: JSON.stringify(receipt) });
  }
  return {
    replayed: false,
    receipt,
    leadId: saved.id,
    leadCreated: saved.created,
    activityId: saved.activity_id,
    registration: seat?.registration ?? null,
    emailsQueued: withEmailJob,
  };
}

/** The receipt stored with a key claimed before; the same key with another payload is refused (422). */
async function storedReceipt(db: Knex, scoped: string, hash: string): Promise<PublicReceipt> {
  const stored = await db('idempotency_keys')
    .where({ key: scoped })
    .first<{ requestHash: string; responseBody: Partial<PublicReceipt> | null } | undefined>('requestHash', 'responseBody');
  if (!stored || stored.requestHash !== hash) throw new HttpError(422, IDEMPOTENCY_MISMATCH_MESSAGE);
  return { registration: stored.responseBody?.registration ?? null, outcome: stored.responseBody?.outcome ?? null };
}

/**
 * The receipt a sign-up would get right now, without recording anything: what the honeypot answers a
 * robot, so its answer looks like everyone else's (a contact request's receipt is always the same).
 */
export async function receiptWithoutRecording(db: Knex, type: 'contact' | 'webinar'): Promise<PublicReceipt> {
  if (type === 'contact') return CONTACT_RECEIPT;
  const { rows } = await db.raw<{ rows: Array<{ id: number; max_attendees: number; taken: number }> }>(
    `select w.id, w.max_attendees,
       (select count(*)::int from webinar_registrations r where r.webinar_id = w.id and r.status in ${SEAT_STATUSES_SQL}) as taken
     from webinars w where w.is_active and w.datetime > now() order by w.datetime, w.id limit 1`,
  );
  const webinar = rows[0];
  if (!webinar) return { registration: null, outcome: 'no_upcoming_webinar' };
  if (webinar.taken >= webinar.max_attendees) return { registration: { webinarId: webinar.id, status: 'waitlisted' }, outcome: 'waitlisted' };
  return { registration: { webinarId: webinar.id, status: 'registered' }, outcome: 'registered' };
}
