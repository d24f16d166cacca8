/**
 * Moving and cancelling a booking, by the person (the signed link of every e-mail, ./links.ts) or by
 * the team (the agenda). Rules (docs/decisions/104-booking-storage-and-double-booking.md,
 * docs/decisions/107-booking-emails-and-manage-links.md):
 * - a move is the SAME booking (same UID) at a new time: every rule is checked again for the new start
 *   with the host rows locked, the booking itself left out of its host's bookings; it stays with its
 *   host when that host is free then, else goes to another free host; the exclusion constraint still has
 *   the last word. Its SEQUENCE rises, its activity and reminders follow, an update e-mail goes out.
 *   A start that is not free: 409 "Ce créneau n'est plus disponible." with the next free starts;
 * - a cancellation frees the slot (the constraint ignores cancelled bookings), cancels the activity and
 *   the waiting reminders, and sends a METHOD:CANCEL to the person and the host. Cancelling twice
 *   changes nothing the second time;
 * - only a confirmed call is moved or cancelled; the person cannot change a call that has started.
 * The e-mails: ../mail/mail.ts.
 */
import type { Knex } from 'knex';
import { HttpError } from '../../../platform/errors.ts';
import { blockedRange, checkStart, chooseHost, type HostSchedule } from '../engine/availability.ts';
import { nextFreeSlots, SlotUnavailableError } from '../engine/book.ts';
import { DEFAULT_BOOKING_REMINDERS, queueCancelledEmails, queueMovedEmails } from '../mail/mail.ts';
import { daysAround, loadHostSchedules, readBookingSettings } from '../engine/store.ts';

export type BookingActor = 'person' | 'team';
export type BookingStatus = 'confirmed' | 'held' | 'no-show' | 'cancelled';

export const BOOKING_NOT_FOUND_MESSAGE = 'Ce rendez-vous est introuvable.';
export const BOOKING_CANCELLED_MESSAGE = 'Ce rendez-vous a été annulé.';
export const BOOKING_CLOSED_MESSAGE = 'Ce rendez-vous a déjà eu lieu : il ne peut plus être modifié.';
export const BOOKING_STARTED_MESSAGE = 'Ce rendez-vous a déjà commencé : il ne peut plus être modifié.';

/** A booking as it is now: what the manage page and the answers show. */
export interface ManagedBooking {
  id: number;
  hostId: number;
  start: Date;
  end: Date;
  status: BookingStatus;
  mode: 'video' | 'phone';
  sequence: number;
  cancelledAt: Date | null;
}

export interface RescheduleInput {
  bookingId: number;
  start: Date | string;
  now?: Date;
  by: BookingActor;
  /** Minutes before the call of its reminders (`BOOKING_REMINDERS`, config.bookingReminders). */
  reminderOffsets?: number[];
}

export interface CancelInput {
  bookingId: number;
  by: BookingActor;
  now?: Date;
}

interface BookingRow {
  id: number;
  hostId: number;
  activityId: number | null;
  startAt: Date;
  endAt: Date;
  status: BookingStatus;
  mode: 'video' | 'phone';
  videoUrl: string | null;
  sequence: number;
  cancelledAt: Date | null;
  blockedStart: Date;
  blockedEnd: Date;
}

const COLUMNS = ['id', 'hostId', 'activityId', 'startAt', 'endAt', 'status', 'mode', 'videoUrl', 'sequence', 'cancelledAt'] as const;

function managed(row: Omit<BookingRow, 'activityId' | 'videoUrl' | 'blockedStart' | 'blockedEnd'>): ManagedBooking {
  return {
    id: row.id,
    hostId: row.hostId,
    start: new Date(row.startAt),
    end: new Date(row.endAt),
    status: row.status,
    mode: row.mode,
    sequence: row.sequence,
    cancelledAt: row.cancelledAt ? new Date(row.cancelledAt) : null,
  };
}

/** The booking as it is now; undefined when there is none with that id. */
export async function readManagedBooking(db: Knex | Knex.Transaction, bookingId: number): Promise<ManagedBooking | undefined> {
  const row = (await db('bookings')
    .where({ id: bookingId })
    .first(...COLUMNS)) as BookingRow | undefined;
  return row ? managed(row) : undefined;
}

async function lockBooking(trx: Knex.Transaction, bookingId: number): Promise<BookingRow> {
  const row = (await trx('bookings')
    .where({ id: bookingId })
    .forUpdate()
    .first(...COLUMNS, trx.raw('lower(blocked) as blocked_start'), trx.raw('upper(blocked) as blocked_end'))) as BookingRow | undefined;
  if (!row) throw new HttpError(404, BOOKING_NOT_FOUND_MESSAGE);
  return row;
}

/** Only a confirmed call changes; the person cannot change one that has started. */
function assertChangeable(row: BookingRow, by: BookingActor, now: Date): void {
  if (row.status === 'cancelled') throw new HttpError(409, BOOKING_CANCELLED_MESSAGE);
  if (row.status !== 'confirmed') throw new HttpError(409, BOOKING_CLOSED_MESSAGE);
  if (by === 'person' && new Date(row.startAt).getTime() <= now.getTime()) throw new HttpError(409, BOOKING_STARTED_MESSAGE);
}

/** Its host's schedules without the booking itself (its own time is free for its move). */
function withoutBooking(hosts: HostSchedule[], row: BookingRow): HostSchedule[] {
  const from = new Date(row.blockedStart).getTime();
  const to = new Date(row.blockedEnd).getTime();
  return hosts.map((host) =>
    host.id !== row.hostId
      ? host
      : // Two live bookings of one host never overlap (the exclusion constraint): this range is this booking's alone.
        { ...host, bookings: host.bookings.filter((booking) => booking.blocked.start.getTime() !== from || booking.blocked.end.getTime() !== to) },
  );
}

class StartRefused extends Error {}
const EXCLUSION_VIOLATION = '23P01';
function isOverlap(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { nativeError?: { code?: string } })?.nativeError?.code;
  return code === EXCLUSION_VIOLATION;
}

export async function rescheduleBooking(db: Knex, input: RescheduleInput): Promise<{ booking: ManagedBooking; moved: boolean }> {
  const now = input.now ?? new Date();
  const start = new Date(input.start);
  try {
    if (Number.isNaN(start.getTime())) throw new StartRefused();
    return await db.transaction(async (trx) => {
      const row = await lockBooking(trx, input.bookingId);
      assertChangeable(row, input.by, now);
      if (new Date(row.startAt).getTime() === start.getTime()) return { booking: managed(row), moved: false };

      const settings = await readBookingSettings(trx);
      const { fromDate, days } = daysAround(now, start);
      const hosts = withoutBooking(await loadHostSchedules(trx, now, fromDate, Math.min(days, settings.horizonDays + 2), { lock: true }), row);
      const check = checkStart(settings, now, start, hosts);
      if (!check.ok) throw new StartRefused();
      // The call stays with its host when they are free then; else it goes where a new booking would.
      const hostId = check.hostIds.includes(row.hostId) ? row.hostId : chooseHost(settings, now, start, hosts);
      if (hostId === null) throw new StartRefused();

      const blocked = blockedRange(settings, start);
      const end = new Date(start.getTime() + settings.durationMinutes * 60_000);
      let videoUrl = row.videoUrl;
      if (hostId !== row.hostId && row.mode === 'video') {
        const host = (await trx('booking_hosts').where({ userId: hostId }).first('videoUrl')) as { videoUrl: string | null } | undefined;
        videoUrl = host?.videoUrl ?? null;
      }
      const [updated] = (await trx('bookings')
        .where({ id: row.id })
        .update({
          hostId,
          startAt: start,
          endAt: end,
          blocked: trx.raw('tstzrange(?, ?)', [blocked.start.toISOString(), blocked.end.toISOString()]),
          videoUrl,
          sequence: row.sequence + 1,
          updatedAt: trx.fn.now(),
        })
        .returning([...COLUMNS])) as BookingRow[];
      if (row.activityId) {
        await trx('activities').where({ id: row.activityId }).update({ scheduledAt: start, dueDate: start, assignedTo: hostId, updatedAt: trx.fn.now() });
      }
      await queueMovedEmails(trx, row.id, { previousStart: new Date(row.startAt), previousHostId: row.hostId, hostId, by: input.by }, input.reminderOffsets ?? DEFAULT_BOOKING_REMINDERS, now);
      return { booking: managed(updated!), moved: true };
    });
  } catch (error) {
    if (error instanceof StartRefused || isOverlap(error)) throw new SlotUnavailableError(await nextFreeSlots(db, now));
    throw error;
  }
}

export async function cancelBooking(db: Knex, input: CancelInput): Promise<{ booking: ManagedBooking; cancelled: boolean }> {
  const now = input.now ?? new Date();
  return db.transaction(async (trx) => {
    const row = await lockBooking(trx, input.bookingId);
    if (row.status === 'cancelled') return { booking: managed(row), cancelled: false };
    assertChangeable(row, input.by, now);
    const [updated] = (await trx('bookings')
      .where({ id: row.id })
      .update({ status: 'cancelled', cancelledAt: now, updatedAt: trx.fn.now() })
      .returning([...COLUMNS])) as BookingRow[];
    if (row.activityId) await trx('activities').where({ id: row.activityId }).update({ status: 'cancelled', updatedAt: trx.fn.now() });
    await queueCancelledEmails(trx, row.id, input.by);
    return { booking: managed(updated!), cancelled: true };
  });
}
