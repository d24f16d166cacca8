/**
 * A webinar sign-up from the public form (`POST /api/leads` with `type: "webinar"`, whose entry, shared
 * with the contact request, is api/features/public-forms/routes.ts), from the validated form to the
 * queued e-mail job, in one transaction:
 * - the person is recorded like any public submission (api/features/contacts/submissions/public-submissions.ts:
 *   contact, note, notice proof, Idempotency-Key claim);
 * - the sign-up takes a seat in the next upcoming active webinar, never beyond its capacity; a full
 *   session puts the person on its waiting list; with no session planned, the person waits for the next
 *   one (./seats.ts);
 * - the key stores the receipt, and the e-mail job is queued (./sign-up-emails.ts): a 201 means the
 *   e-mails will go out, a rollback leaves neither.
 *
 * The receipt (what the visitor is told) depends on the webinar only, never on the person: a known
 * email and a repeated sign-up are answered exactly like a first submission.
 */
import type { Knex } from 'knex';
import type { PublicLead } from '../../contacts/contract/index.ts';
import { currentNotice } from '../../privacy/index.ts';
import type { Touch } from '../../attribution/index.ts';
import { recordSubmissions, storedReceipt, storeReceipt, submissionKey, submissionStatementSql } from '../../contacts/index.ts';
import { SEAT_STATUSES_SQL, takeSeatInNextWebinar } from './seats.ts';
import { enqueueSignUpEmails } from './sign-up-emails.ts';
import type { PublicReceipt } from '../contract/index.ts';

/** The title of the note a sign-up writes on the contact (analytics counts the notes by title). */
export const SIGN_UP_NOTE_TITLE = 'Inscription au webinaire';

/** The sign-up's statement: no e-mail job inside, since its e-mails depend on the seat decided after it. */
let statementSql: string | undefined;

/** A receipt read back from a claimed key, as the visitor was first told. */
export function replayedReceipt(stored: Partial<PublicReceipt> | null): PublicReceipt {
  return { registration: stored?.registration ?? null, outcome: stored?.outcome ?? null };
}

export async function signUpForNextWebinar(
  db: Knex,
  { lead, idempotencyKey, touch }: { lead: PublicLead; idempotencyKey?: string; touch?: Touch },
): Promise<{ replayed: boolean; receipt: PublicReceipt }> {
  const key = submissionKey(lead, idempotencyKey);
  return db.transaction(async (trx) => {
    statementSql ??= submissionStatementSql();
    // A sign-up's receipt is stored once its seat is decided, in this transaction.
    const statement = { sql: statementSql, name: 'public-submissions', title: SIGN_UP_NOTE_TITLE, receipt: null, notice: currentNotice() };
    const [saved] = await recordSubmissions(trx, statement, [{ lead, key, touch }]);
    if (!saved) return { replayed: true, receipt: replayedReceipt(await storedReceipt<PublicReceipt>(trx, key!)) };

    const { receipt, registration: seat } = await takeSeatInNextWebinar(trx, saved.id);
    await storeReceipt(trx, key, receipt);
    await enqueueSignUpEmails(trx, {
      leadId: saved.id,
      noteId: saved.activity_id,
      submission: 'webinar',
      webinarId: seat?.webinarId ?? receipt.registration?.webinarId ?? null,
      registrationId: seat?.id ?? null,
      // A seat held from an earlier sign-up was confirmed then: no second confirmation.
      outcome: seat ? (seat.created ? (seat.status === 'waitlisted' ? 'waitlisted' : 'registered') : 'already_registered') : receipt.outcome,
    });
    return { replayed: false, receipt };
  });
}

/**
 * The receipt a sign-up would get right now, without recording anything: what the honeypot answers a
 * robot (api/features/public-forms/routes.ts, through api/platform/http/honeypot.ts), so its answer looks like everyone else's.
 */
export async function receiptWithoutSigningUp(db: Knex): Promise<PublicReceipt> {
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
