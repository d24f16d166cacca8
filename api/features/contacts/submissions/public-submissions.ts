/**
 * The one way to record a public contact (docs/decisions/137-one-public-entry.md), whatever the form: a
 * contact request (api/features/public-forms), a webinar sign-up (api/features/webinars), a booking
 * (api/features/booking), a newsletter request (api/features/newsletters). One statement claims the
 * `Idempotency-Key`, creates or completes the contact, writes the note and the proof of the privacy
 * notice shown. Each feature then adds what its form causes, in the same transaction.
 *
 * - one contact per email (case-insensitive, unique index on lower(email)). A visitor never rewrites
 *   what the team knows: an existing contact only gets the fields that were empty; its name, phone,
 *   company, message, type and source stay as they are;
 * - the typed values that differ from the contact's, one line each ("Téléphone indiqué : +41 …"), so
 *   nothing typed is lost and the team decides what to apply: on the completed note with the visitor's
 *   message, or, for a form that writes its own activity (a booking's planned call), answered to it;
 * - the contact's first touch (where the person came from, decision 115) is set when it has none and
 *   never overwritten; the note keeps this submission's own touch (`activities.touch`), also answered;
 *   the visitor's first counted page, once written by any process, is read by this statement itself;
 * - an `Idempotency-Key` is claimed by the submission's first statement, in the same transaction
 *   (./submission-keys.ts has the key, its stored receipt and its replay).
 */
import type { Knex } from 'knex';
import type { PublicLead } from '../contract/index.ts';
import { FIRST_SOURCE_JSON, firstSourceSql, touchJson, type Touch } from '../../attribution/index.ts';
import type { SubmissionKey } from './submission-keys.ts';

/** The person as a public form types them; the message goes on the contact and on the note. */
export type PublicPerson = Pick<PublicLead, 'firstName' | 'lastName' | 'email' | 'phone' | 'company' | 'message' | 'type'>;

/** One submission as the statement reads it. */
export interface SubmissionToRecord {
  lead: PublicPerson;
  /** The claimed `Idempotency-Key`, scoped, with the hash of the payload it guards (./submission-keys.ts). */
  key: SubmissionKey | undefined;
  /** Where the person came from (api/features/attribution/touch.ts); none: the contact's first touch stays unknown. */
  touch?: Touch;
  /** The form beside which the notice was shown (the consent proof's `form`); the lead's type when not given. */
  form?: string;
  /** A new contact's source; `webinar` for a sign-up and `form` otherwise when not given. */
  source?: string;
}

/**
 * What the statement answers for one submission; undefined when its key was claimed before (a replay).
 * `activity_id` is the note's (null when the statement writes none); `differences` the typed values
 * that differ from the contact's, one line each (null: none); `touch` the submission's touch as the
 * statement resolved it (the visitor's written first source, decision 115), for an activity of its own.
 */
export type RecordedContact = { id: number; created: boolean; activity_id: number | null; differences: string | null; touch: Record<string, string | null> | null } | undefined;

/** What one statement writes the same for all its submissions (they are all of one form). */
export interface SubmissionStatement {
  /** The SQL, from submissionStatementSql (built once the job queue is started, when it holds a job). */
  sql: string;
  /** The prepared statement's name (one per SQL text). */
  name: string;
  /** The note's title (a form's own, counted by analytics); null: no note (the form writes its own activity). */
  title: string | null;
  /** The receipt the key stores at once when it is known before anything runs; null: stored later (storeReceipt). */
  receipt: object | null;
  /** The privacy notice shown beside the form (api/features/privacy); null: the form records its own proofs. */
  notice: { version: string; hash: string } | null;
}

/** The first touch's columns of a contact that writes in again: taken all together, only when it had none. */
const FIRST_TOUCH_COLUMNS = ['channel', 'source', 'medium', 'campaign', 'referrer', 'landing_page', 'at'];
export const FIRST_TOUCH_KEPT = FIRST_TOUCH_COLUMNS.map(
  (column) => `first_touch_${column} = case when leads.first_touch_channel is null then excluded.first_touch_${column} else leads.first_touch_${column} end`,
).join(',\n        ');

/** The touch's columns of one submission, as the statement's JSON rows carry them. */
export function touchColumns(touch: Touch | undefined) {
  return {
    touch_channel: touch?.channel ?? null,
    touch_source: touch?.source ?? null,
    touch_medium: touch?.medium ?? null,
    touch_campaign: touch?.campaign ?? null,
    touch_referrer: touch?.referrer ?? null,
    touch_landing_page: touch?.landingPage ?? null,
    touch_at: touch?.at.toISOString() ?? null,
    touch: touch ? touchJson(touch) : null,
    // The statement reads the visitor's written first source itself (decision 115).
    visitor_day: touch?.visitor?.day ?? null,
    visitor_hash: touch?.visitor?.hash ?? null,
    visitor_message: touch?.visitor?.message ?? null,
  };
}

/** The touch's columns that the visitor's written first source replaces, in the leads' column order. */
const FIRST_SOURCE_COLUMNS = ['source', 'medium', 'campaign', 'referrer', 'landing_page', 'at'];

/**
 * The contacts, their notes, the proofs of the privacy notice shown and, when `emailJob` is given (an
 * inline job insert, api/platform/queue/inline-job.ts, that may read the CTEs `lead` and `note`), their
 * e-mail job, in ONE statement for one or several submissions (data-modifying CTEs: one round trip,
 * and each Idempotency-Key claim decides whether its submission writes anything).
 * https://www.postgresql.org/docs/current/queries-with.html#QUERIES-WITH-MODIFYING
 * The submissions arrive as one JSON array (`n` numbers them); two of one statement never share an
 * email or a key (the caller's batches keep them apart), and the claims and the contacts are written in
 * index order, so two statements running at once never wait on each other in a cycle.
 * What was typed is compared with the contact as it stands after the upsert (RETURNING sees the
 * row the conflict resolved to, even one committed by a concurrent submission): a typed value differs
 * exactly when the contact already held another one, since empty fields take the typed value.
 * Phones are compared on their digits and `+` only, so "+41 79 123 45 67" equals "+41791234567".
 * A new contact holds exactly what was typed: its note is the message alone. A statement without a
 * note title writes no note, and one without a notice writes no proof (the form writes its own).
 */
export function submissionStatementSql(emailJob?: string): string {
  return `
    with typed as (
      select * from json_to_recordset(?::json) as t(n int, first_name text, last_name text, email text, phone text,
        company text, message text, type text, source text, key text, request_hash text, receipt jsonb, title text,
        form text, notice_version text, notice_hash text, touch_channel text, touch_source text, touch_medium text,
        touch_campaign text, touch_referrer text, touch_landing_page text, touch_at timestamptz, touch jsonb,
        visitor_day date, visitor_hash text, visitor_message text)
    ),
    ${firstSourceSql('typed')},
    claim as (
      insert into idempotency_keys (key, request_hash, response_status, response_body)
      select key, request_hash, 201, receipt from typed where key is not null order by key
      on conflict (key) do nothing
      returning key
    ),
    lead as (
      insert into leads (first_name, last_name, email, phone, company, message, type, source, status, first_touch_channel,
        first_touch_source, first_touch_medium, first_touch_campaign, first_touch_referrer, first_touch_landing_page, first_touch_at)
      select first_name, last_name, email, phone, company, message, type, typed.source, 'new', coalesce(f.channel, touch_channel),
        ${FIRST_SOURCE_COLUMNS.map((column) => `case when f.n is null then touch_${column} else f.${column} end`).join(', ')}
      from typed left join first_source f on f.n = typed.n
      where typed.key is null or typed.key in (select key from claim)
      order by lower(email)
      on conflict (lower(email)) do update set
        last_name = coalesce(nullif(leads.last_name, ''), excluded.last_name),
        phone = coalesce(nullif(leads.phone, ''), excluded.phone),
        company = coalesce(nullif(leads.company, ''), excluded.company),
        message = coalesce(nullif(leads.message, ''), excluded.message),
        ${FIRST_TOUCH_KEPT},
        updated_at = now()
      returning id, (xmax = 0) as created, email, first_name, last_name, phone, company
    ),
    compared as (
      select typed.n, lead.id as lead_id, lead.created,
        nullif(concat_ws(E'\\n',
          case when typed.first_name <> lead.first_name then 'Prénom indiqué : ' || typed.first_name end,
          case when typed.last_name <> lead.last_name then 'Nom indiqué : ' || typed.last_name end,
          case when regexp_replace(typed.phone, '[^0-9+]', '', 'g') <> regexp_replace(lead.phone, '[^0-9+]', '', 'g')
            then 'Téléphone indiqué : ' || typed.phone end,
          case when typed.company <> lead.company then 'Société indiquée : ' || typed.company end
        ), '') as differences,
        case when f.n is null then typed.touch else ${FIRST_SOURCE_JSON} end as touch
      from lead join typed on lower(typed.email) = lower(lead.email) left join first_source f on f.n = typed.n
    ),
    note as (
      insert into activities (lead_id, type, status, title, description, completed_at, touch)
      select c.lead_id, 'note', 'completed', typed.title,
        case when c.created then typed.message else nullif(concat_ws(E'\\n\\n', typed.message, c.differences), '') end,
        now(), c.touch
      from compared c join typed on typed.n = c.n
      where typed.title is not null
      returning id, lead_id
    ),
    notice as (
      insert into consent_proofs (lead_id, kind, form, notice_version, notice_hash, idempotency_key)
      select lead.id, 'notice_shown', typed.form, typed.notice_version, typed.notice_hash, typed.key
      from lead join typed on lower(typed.email) = lower(lead.email)
      where typed.notice_version is not null
    )${emailJob ? `,\n    email_job as (${emailJob})` : ''}
    select c.n, c.lead_id as id, c.created, note.id as activity_id, c.differences, c.touch
    from compared c left join note on note.lead_id = c.lead_id`;
}

/** Runs one statement for the submissions given, and answers for each in their order. */
export async function recordSubmissions(db: Knex | Knex.Transaction, statement: SubmissionStatement, submissions: SubmissionToRecord[]): Promise<RecordedContact[]> {
  const typed = submissions.map(({ lead, key, touch, form, source }, n) => ({
    n,
    first_name: lead.firstName,
    last_name: lead.lastName ?? null,
    email: lead.email,
    phone: lead.phone ?? null,
    company: lead.company ?? null,
    message: lead.message ?? null,
    type: lead.type,
    source: source ?? (lead.type === 'webinar' ? 'webinar' : 'form'),
    key: key?.scoped ?? null,
    request_hash: key?.hash ?? null,
    receipt: statement.receipt,
    title: statement.title,
    // The privacy notice shown beside the form, with the submission's key for the erasure.
    form: form ?? lead.type,
    notice_version: statement.notice?.version ?? null,
    notice_hash: statement.notice?.hash ?? null,
    ...touchColumns(touch),
  }));
  const { rows } = await db
    .raw<{ rows: Array<NonNullable<RecordedContact> & { n: number }> }>(statement.sql, [JSON.stringify(typed)])
    // A named prepared statement (one name per SQL text): PostgreSQL plans it once per connection, which
    // cuts its CPU per submission by about a third (bench/RESULTS.md). PGlite ignores the name.
    .options({ name: statement.name });
  const byNumber = new Map(rows.map(({ n, ...recorded }) => [n, recorded]));
  return submissions.map((_, n) => byNumber.get(n));
}
