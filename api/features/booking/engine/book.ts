/**
 * Booking a discovery call (docs/decisions/104-booking-storage-and-double-booking.md):
 * - the posted start is checked again against every rule (./availability.ts `checkStart`), with the
 *   host rows locked for the transaction, so two requests for one host take turns on the check; the
 *   exclusion constraint on (host, blocked range) refuses whatever would still overlap;
 * - the person is recorded the one way of every public form (api/features/contacts/submissions/public-submissions.ts,
 *   docs/decisions/137-one-public-entry.md): one contact per e-mail, never overwritten, empty fields
 *   filled, the privacy notice's version recorded; the answer never says whether the e-mail was known;
 * - the call is an activity of the contact (a planned meeting assigned to its host: the host's Tâches);
 * - an `Idempotency-Key` claimed by that statement, first in the transaction, replays the first answer on a
 *   retry before any rule is checked again (the booked start is no longer free for the retry itself).
 * A start that breaks a rule or was just taken: 409 "Ce créneau n'est plus disponible." with the next free starts.
 */
import { swissDay } from '../../../platform/lib/swiss-day.ts';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { BookingRequest, BookingSettings } from '../contract/index.ts';
import { BOOKING_SLOT_TAKEN_MESSAGE } from '../contract/index.ts';
import { HttpError } from '../../../platform/errors.ts';
import { currentNotice } from '../../privacy/index.ts';
import { recordSubmissions, storedReceipt, storeReceipt, submissionKey, submissionStatementSql, type SubmissionKey } from '../../contacts/index.ts';
import type { Touch } from '../../attribution/index.ts';
import { blockedRange, checkStart, chooseHost, computeSlots, type SlotsResponse } from './availability.ts';
import { daysAround, loadHostSchedules, readBookingSettings } from './store.ts';

export const BOOKING_ACTIVITY_TITLE = 'Appel découverte';

/** How many next free starts a 409 suggests. */
const NEXT_SLOTS = 6;

/** `POST /api/bookings`'s answer: the same for every person. */
export interface BookingReceipt {
  status: 'confirmed';
  start: string;
  end: string;
}

/** The booking as it was made, for the work that joins its transaction (its e-mails). */
export interface MadeBooking {
  id: number;
  leadId: number;
  hostId: number;
  activityId: number;
  start: Date;
  end: Date;
  settings: BookingSettings;
}

export type BookingResult = { replayed: true; receipt: BookingReceipt } | { replayed: false; receipt: BookingReceipt; booking: MadeBooking };

export interface BookCallInput {
  request: Omit<BookingRequest, 'website' | 'touchPage' | 'touchReferrer'>;
  idempotencyKey?: string;
  /** Where the person came from (decision 115). */
  touch?: Touch;
  now?: Date;
  /** The site's public address: the calendar UID's domain (RFC 5545 recommends one). */
  publicUrl: string | undefined;
  /** Work that must commit with the booking (its e-mails), in the same transaction. */
  withBooking?: (trx: Knex.Transaction, booking: MadeBooking) => Promise<void>;
}

/** The starts offered for `days` Swiss days from `from`. */
export async function listSlots(db: Knex | Knex.Transaction, now: Date, range: { from: string; days: number }): Promise<SlotsResponse> {
  const settings = await readBookingSettings(db);
  const hosts = await loadHostSchedules(db, now, range.from, range.days);
  return computeSlots(settings, now, range, hosts);
}

/** The next free starts from now, across the booking horizon. */
export async function nextFreeSlots(db: Knex, now: Date, count = NEXT_SLOTS): Promise<Array<{ start: string }>> {
  const settings = await readBookingSettings(db);
  const from = swissDay(now);
  const hosts = await loadHostSchedules(db, now, from, settings.horizonDays);
  return computeSlots(settings, now, { from, days: settings.horizonDays }, hosts)
    .days.flatMap((day) => day.slots)
    .slice(0, count);
}

export class SlotUnavailableError extends HttpError {
  readonly slots: Array<{ start: string }>;
  constructor(slots: Array<{ start: string }>) {
    super(409, BOOKING_SLOT_TAKEN_MESSAGE, { body: { slots } });
    this.slots = slots;
  }
}

/** Thrown inside the transaction: rolls it back, then becomes a 409 with the next slots. */
class StartRefused extends Error {}

const EXCLUSION_VIOLATION = '23P01';

function isOverlap(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { nativeError?: { code?: string } })?.nativeError?.code;
  return code === EXCLUSION_VIOLATION;
}

/**
 * Booking transactions of one process run one after another. They lock the host rows anyway, so running
 * them side by side gains nothing; but each would hold a pooled connection while it waits for the lock,
 * and a burst of attempts at one slot would then starve the pool (its 2-second acquire timeout answers
 * 503) instead of answering 409 one by one. Waiting here costs no connection. Instances sharing one
 * database still take turns on the row lock (decision 104).
 */
const bookingQueues = new WeakMap<Knex, Promise<unknown>>();
function oneAtATime<T>(db: Knex, run: () => Promise<T>): Promise<T> {
  const previous = bookingQueues.get(db) ?? Promise.resolve();
  const next = previous.then(run, run);
  bookingQueues.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}

export async function bookCall(db: Knex, input: BookCallInput): Promise<BookingResult> {
  try {
    // `now` is taken when the booking's turn comes: the notice counts from the check.
    return await oneAtATime(db, () => db.transaction((trx) => bookInTransaction(trx, input, input.now ?? new Date())));
  } catch (error) {
    const now = input.now ?? new Date();
    if (error instanceof StartRefused || isOverlap(error)) throw new SlotUnavailableError(await nextFreeSlots(db, now));
    throw error;
  }
}

async function bookInTransaction(trx: Knex.Transaction, input: BookCallInput, now: Date): Promise<BookingResult> {
  const { request } = input;
  const key = submissionKey(request, input.idempotencyKey, 'bookings');
  const contact = await recordBookingContact(trx, input, key);
  if (!contact) return { replayed: true, receipt: await bookingReceipt(trx, key!) };
  const leadId = contact.id;

  const start = new Date(request.start);
  const settings = await readBookingSettings(trx);
  const { fromDate, days } = daysAround(now, start);
  const hosts = await loadHostSchedules(trx, now, fromDate, Math.min(days, settings.horizonDays + 2), { lock: true });
  const check = checkStart(settings, now, start, hosts);
  const hostId = check.ok ? chooseHost(settings, now, start, hosts) : null;
  if (hostId === null) throw new StartRefused();

  const blocked = blockedRange(settings, start);
  const end = new Date(start.getTime() + settings.durationMinutes * 60_000);
  const host = (await trx('booking_hosts').where({ userId: hostId }).first('videoUrl')) as { videoUrl: string | null };
  const [activity] = (await trx('activities')
    .insert({
      leadId,
      type: 'meeting',
      status: 'planned',
      title: BOOKING_ACTIVITY_TITLE,
      // What the person wrote, then what they typed that differs from the contact: nothing typed is lost.
      description: [request.message, contact.differences].filter(Boolean).join('\n\n') || null,
      scheduledAt: start,
      dueDate: start,
      assignedTo: hostId,
      // As the contact's statement resolved it (the visitor's written first source, decision 115).
      touch: contact.touch ?? null,
    })
    .returning('id')) as Array<{ id: number }>;
  const [booking] = (await trx('bookings')
    .insert({
      uid: `${randomUUID()}@${input.publicUrl ? new URL(input.publicUrl).hostname : 'localhost'}`,
      leadId,
      hostId,
      activityId: activity!.id,
      startAt: start,
      endAt: end,
      blocked: trx.raw('tstzrange(?, ?)', [blocked.start.toISOString(), blocked.end.toISOString()]),
      mode: settings.mode,
      videoUrl: settings.mode === 'video' ? host.videoUrl : null,
      phone: request.phone ?? null,
      message: request.message ?? null,
    })
    .returning('id')) as Array<{ id: number }>;

  const receipt: BookingReceipt = {
    status: 'confirmed',
    start: start.toISOString(),
    end: end.toISOString(),
  };
  await storeReceipt(trx, key, receipt);
  const made: MadeBooking = {
    id: booking!.id,
    leadId,
    hostId,
    activityId: activity!.id,
    start,
    end,
    settings,
  };
  if (input.withBooking) await input.withBooking(trx, made);
  return { replayed: false, receipt, booking: made };
}

/** The statement without e-mail job, shared with the webinar sign-up (one prepared statement per SQL text). */
let statementSql: string | undefined;

/**
 * The person, as every public form records them: their key claimed, the contact created or completed,
 * the notice shown proved. No note: the call itself is their activity, with what they typed that
 * differs. Undefined when the key was claimed before (a replay).
 */
async function recordBookingContact(trx: Knex.Transaction, input: BookCallInput, key: SubmissionKey | undefined) {
  statementSql ??= submissionStatementSql();
  const { firstName, lastName, email, phone } = input.request;
  const statement = {
    sql: statementSql,
    name: 'public-submissions',
    title: null,
    receipt: null,
    notice: currentNotice(),
  };
  const [recorded] = await recordSubmissions(trx, statement, [
    {
      lead: { firstName, lastName, email, phone, type: 'contact' },
      key,
      touch: input.touch,
      form: 'booking',
    },
  ]);
  return recorded;
}

/** The receipt a retry replays: the first answer, stored with its key (the booking's, always whole). */
async function bookingReceipt(trx: Knex.Transaction, key: SubmissionKey): Promise<BookingReceipt> {
  return (await storedReceipt<BookingReceipt>(trx, key, {
    required: true,
  })) as BookingReceipt;
}
