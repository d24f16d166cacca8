/**
 * Booking's storage (docs/decisions/104-booking-storage-and-double-booking.md): the call's settings (one
 * row), each host's schedule, video link and calendar feed, and the inputs the availability engine needs
 * (./availability.ts) for a span of Swiss days. Hosts are active users marked as hosts.
 */
import { swissDay } from '../../../platform/lib/swiss-day.ts';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { BOOKING_SETTINGS_DEFAULTS, type BookingSettings, type DateOverride, type HostAvailability, type WeeklyRange } from '../contract/index.ts';
import { HOST_CHOICE_DAYS, type BookedCall, type FeedState, type HostSchedule, type TimeInterval } from './availability.ts';

type Db = Knex | Knex.Transaction;

/** A feed read longer ago than this is stale: the host offers nothing until it is read again. */
export const FEED_STALE_AFTER_MS = 60 * 60_000;

const SETTINGS_COLUMNS = ['durationMinutes', 'bufferBeforeMinutes', 'bufferAfterMinutes', 'minimumNoticeMinutes', 'horizonDays', 'slotStepMinutes', 'dailyCapPerHost', 'mode'] as const;

export async function readBookingSettings(db: Db): Promise<BookingSettings> {
  const row = await db('booking_settings')
    .where({ id: 1 })
    .first(...SETTINGS_COLUMNS);
  // The migration inserts the row; a database restored from before it would still answer the defaults.
  return (row as BookingSettings | undefined) ?? { ...BOOKING_SETTINGS_DEFAULTS };
}

export async function writeBookingSettings(db: Db, settings: BookingSettings): Promise<BookingSettings> {
  const values = Object.fromEntries(SETTINGS_COLUMNS.map((column) => [column, settings[column]]));
  await db('booking_settings')
    .insert({ id: 1, ...values, updatedAt: db.fn.now() })
    .onConflict('id')
    .merge();
  return readBookingSettings(db);
}

/** A new secret for a host's own subscription feed (`/api/calendar/<token>.ics`). */
export function newCalendarToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What the feed's last reading found, as the settings screen shows it. */
export interface FeedStatus {
  status: FeedState;
  readAt: string | null;
  busyCount: number;
  error: string | null;
}

export interface HostRecord extends HostAvailability {
  userId: number;
  calendarToken: string;
  feed: FeedStatus | null;
}

interface HostRow {
  userId: number;
  isHost: boolean;
  weekly: WeeklyRange[];
  overrides: DateOverride[];
  videoUrl: string | null;
  feedUrl: string | null;
  feedStatus: 'none' | 'ok' | 'failed';
  feedReadAt: Date | null;
  feedError: string | null;
  feedBusy: Array<[number, number]>;
  calendarToken: string;
}

/**
 * The state of a host's feed now: `ok` when read within the hour, `stale` when older (or never read
 * since its address was set), `failed` when its last reading failed. No address: null (always `ok`).
 */
export function feedStatusOf(row: Pick<HostRow, 'feedUrl' | 'feedStatus' | 'feedReadAt' | 'feedError' | 'feedBusy'>, now: Date): FeedStatus | null {
  if (!row.feedUrl) return null;
  const readAt = row.feedReadAt ? new Date(row.feedReadAt) : null;
  const status: FeedState = row.feedStatus === 'failed' ? 'failed' : !readAt || now.getTime() - readAt.getTime() > FEED_STALE_AFTER_MS ? 'stale' : 'ok';
  return { status, readAt: readAt?.toISOString() ?? null, busyCount: row.feedBusy.length, error: row.feedStatus === 'failed' ? row.feedError : null };
}

function recordOf(row: HostRow, now: Date): HostRecord {
  return {
    userId: row.userId,
    isHost: row.isHost,
    weekly: row.weekly,
    overrides: row.overrides,
    videoUrl: row.videoUrl,
    feedUrl: row.feedUrl,
    calendarToken: row.calendarToken,
    feed: feedStatusOf(row, now),
  };
}

/** A user's host settings; a user never set up is no host, with an empty schedule. */
export async function readHost(db: Db, userId: number, now = new Date()): Promise<HostRecord> {
  const row = (await db('booking_hosts').where({ userId }).first()) as HostRow | undefined;
  if (row) return recordOf(row, now);
  return { userId, isHost: false, weekly: [], overrides: [], videoUrl: null, feedUrl: null, calendarToken: '', feed: null };
}

/**
 * Saves a host's settings. A new feed address forgets what the old one said: the host offers nothing
 * until the new one is read (fail closed), which the caller does at once.
 */
export async function writeHost(db: Db, userId: number, availability: HostAvailability): Promise<void> {
  const current = (await db('booking_hosts').where({ userId }).first('feedUrl')) as { feedUrl: string | null } | undefined;
  const feedChanged = (current?.feedUrl ?? null) !== availability.feedUrl;
  const values = {
    isHost: availability.isHost,
    weekly: JSON.stringify(availability.weekly),
    overrides: JSON.stringify(availability.overrides),
    videoUrl: availability.videoUrl,
    feedUrl: availability.feedUrl,
    updatedAt: db.fn.now(),
    ...(feedChanged ? { feedStatus: 'none', feedReadAt: null, feedCheckedAt: null, feedError: null, feedBusy: '[]', feedAlertedAt: null } : {}),
  };
  await db('booking_hosts')
    .insert({ userId, calendarToken: newCalendarToken(), ...values })
    .onConflict('userId')
    .merge(Object.keys(values));
}

/** The Swiss days asked, widened to cover the blocked ranges reaching into them and the host choice's 14 days. */
function bookingsWindow(fromDate: string, days: number, now: Date): { from: Date; to: Date } {
  const dayMs = 24 * 60 * 60_000;
  const from = new Date(Math.min(Date.parse(`${fromDate}T00:00:00Z`), now.getTime()) - 2 * dayMs);
  const to = new Date(Math.max(Date.parse(`${fromDate}T00:00:00Z`) + (days + 2) * dayMs, now.getTime() + (HOST_CHOICE_DAYS + 1) * dayMs));
  return { from, to };
}

/**
 * Every active host's schedule, feed state and busy times, and their live bookings around the days
 * asked (`fromDate` and the `days` after it, Swiss days), ready for computeSlots, checkStart and chooseHost.
 * `lock`: in the booking's transaction, the host rows are read `for update`, so two bookings for one host
 * take turns on the check (the exclusion constraint still has the last word).
 */
export async function loadHostSchedules(db: Db, now: Date, fromDate: string, days: number, options: { lock?: boolean } = {}): Promise<HostSchedule[]> {
  const query = db('booking_hosts as h')
    .join('users as u', 'u.id', 'h.userId')
    .where('h.isHost', true)
    .andWhere('u.active', true)
    .orderBy('h.userId')
    .select('h.userId', 'h.weekly', 'h.overrides', 'h.feedUrl', 'h.feedStatus', 'h.feedReadAt', 'h.feedError', 'h.feedBusy');
  if (options.lock) query.forUpdate('h');
  const rows = (await query) as Array<Omit<HostRow, 'isHost' | 'videoUrl' | 'calendarToken'>>;
  if (rows.length === 0) return [];
  const window = bookingsWindow(fromDate, days, now);
  const ids = rows.map((row) => row.userId);
  const booked = (await db('bookings')
    .whereIn('hostId', ids)
    .whereNot('status', 'cancelled')
    .andWhereRaw('blocked && tstzrange(?, ?)', [window.from.toISOString(), window.to.toISOString()])
    .select('hostId', 'startAt', db.raw('lower(blocked) as blocked_start'), db.raw('upper(blocked) as blocked_end'))) as Array<{
    hostId: number;
    startAt: Date;
    blockedStart: Date;
    blockedEnd: Date;
  }>;
  const lastBooked = (await db('bookings').whereIn('hostId', ids).groupBy('hostId').select('hostId').max('createdAt as last')) as Array<{
    hostId: number;
    last: Date | null;
  }>;
  const lastByHost = new Map(lastBooked.map((row) => [row.hostId, row.last ? new Date(row.last) : null]));
  return rows.map((row) => {
    const state = feedStatusOf(row, now)?.status ?? 'ok';
    const busy: TimeInterval[] = state === 'ok' ? row.feedBusy.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })) : [];
    const bookings: BookedCall[] = booked
      .filter((booking) => booking.hostId === row.userId)
      .map((booking) => ({ start: new Date(booking.startAt), blocked: { start: new Date(booking.blockedStart), end: new Date(booking.blockedEnd) } }));
    return { id: row.userId, weekly: row.weekly, overrides: row.overrides, feedState: state, busy, bookings, lastBookedAt: lastByHost.get(row.userId) ?? null };
  });
}

/** The Swiss date of now and of an instant: the span of days a posted start needs. */
export function daysAround(now: Date, start: Date): { fromDate: string; days: number } {
  const fromDate = swissDay(now);
  const days = Math.max(1, Math.ceil((Date.parse(`${swissDay(start)}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / 86_400_000) + 1);
  return { fromDate, days };
}
