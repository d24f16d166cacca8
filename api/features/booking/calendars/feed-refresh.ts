/**
 * Reading each host's calendar feed (docs/decisions/102-booking-availability-and-feeds.md): an HTTP GET
 * of the secret address (redirects followed, no cookies, a timeout and a size cap), read by readFeed
 * over the days a booking can reach (on a worker thread, ./feed-thread.ts), and the busy intervals stored on the host's row. A failure keeps
 * no busy time and marks the feed failed, so the host offers nothing (fail closed, in
 * loadHostSchedules); a feed failed or stale alerts the team once, until it is read again.
 */
import type { Knex } from 'knex';
import type { Database } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { createEmails } from '../../../platform/mail/outbox.ts';
import { FeedError } from './feed.ts';
import { readFeedInWorker } from './feed-thread.ts';
import { feedStatusOf, readBookingSettings, type FeedStatus } from '../engine/store.ts';
import type { FeedAlertData } from './feed-alert-email.ts';

type Db = Knex | Knex.Transaction;

const DAY_MS = 86_400_000;

export const FEED_FETCH_LIMITS = {
  timeoutMs: 15_000,
  /** 5 MiB: a calendar of several years of events stays far below. */
  maxBytes: 5 * 1024 * 1024,
} as const;

/** Why fetching the feed failed, in French for the settings screen (never the address: it is a secret). */
export class FeedFetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FeedFetchError';
  }
}

const UNREACHABLE = 'Le calendrier ne peut pas être lu : son serveur est injoignable.';

/** The feed's text: GET, redirects followed, no cookie sent or kept, at most `maxBytes`, within `timeoutMs`. */
export async function fetchFeed(url: string, limits: { timeoutMs: number; maxBytes: number } = FEED_FETCH_LIMITS): Promise<string> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'GET',
      redirect: 'follow',
      credentials: 'omit',
      headers: { accept: 'text/calendar, text/plain;q=0.8, */*;q=0.5' },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw new FeedFetchError('Le calendrier ne peut pas être lu : son serveur n’a pas répondu à temps.', { cause: error });
    throw new FeedFetchError(UNREACHABLE, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new FeedFetchError(`Le calendrier ne peut pas être lu : son serveur a répondu par une erreur (HTTP ${response.status}).`);
  }
  const tooLarge = () => new FeedFetchError(`Le calendrier ne peut pas être lu : il dépasse ${Math.round(limits.maxBytes / 1024 / 1024)} Mo.`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    if (signal.aborted) throw new FeedFetchError('Le calendrier ne peut pas être lu : son serveur n’a pas répondu à temps.', { cause: error });
    throw new FeedFetchError(UNREACHABLE, { cause: error });
  }
  return Buffer.concat(chunks).toString('utf8');
}

interface FeedRow {
  userId: number;
  feedUrl: string | null;
  feedStatus: 'none' | 'ok' | 'failed';
  feedReadAt: Date | null;
  feedError: string | null;
  feedBusy: Array<[number, number]>;
  feedAlertedAt: Date | null;
}

const FEED_COLUMNS = ['userId', 'feedUrl', 'feedStatus', 'feedReadAt', 'feedError', 'feedBusy', 'feedAlertedAt'] as const;

export interface RefreshOptions {
  now?: Date;
  logger?: Logger;
  limits?: { timeoutMs: number; maxBytes: number };
  /** NOTIFY_EMAIL of the configuration: where team alerts go (default: every active administrator). */
  notifyEmails?: string[];
}

/**
 * Reads one host's feed now and stores what it found. Returns the feed's state afterwards (null when
 * the host has no feed address). A failure is recorded, never thrown.
 */
export async function refreshHostFeed(db: Database, userId: number, options: RefreshOptions = {}): Promise<FeedStatus | null> {
  const host = (await db('booking_hosts')
    .where({ userId })
    .first(...FEED_COLUMNS)) as FeedRow | undefined;
  if (!host?.feedUrl) return null;
  const url = host.feedUrl;
  const started = options.now ?? new Date();
  const settings = await readBookingSettings(db);
  // Every busy time a bookable start can meet: from yesterday (a call's buffers reach back) to the horizon's end and a day.
  const window = { from: new Date(started.getTime() - DAY_MS), to: new Date(started.getTime() + (settings.horizonDays + 1) * DAY_MS) };
  let outcome: { busy: Array<[number, number]> } | { error: string };
  try {
    // Parsed on the feed worker thread: a large feed never holds the requests (decision 126).
    const reading = await readFeedInWorker(await fetchFeed(url, options.limits), window);
    outcome = { busy: reading.busy.map((interval) => [interval.start.getTime(), interval.end.getTime()]) };
  } catch (error) {
    if (!(error instanceof FeedError || error instanceof FeedFetchError)) throw error;
    outcome = { error: error.message };
    // The address is a secret and the host's calendar is personal: only the host's id and the reason.
    options.logger?.warn({ hostId: userId, reason: error.message }, 'booking feed not read');
  }
  const now = options.now ?? new Date();
  // Only the address that was read: a new address saved meanwhile keeps its own (unread) state.
  const updated = await db('booking_hosts')
    .where({ userId, feedUrl: url })
    .update(
      'busy' in outcome
        ? { feedStatus: 'ok', feedReadAt: now, feedCheckedAt: now, feedError: null, feedBusy: JSON.stringify(outcome.busy), feedAlertedAt: null }
        : { feedStatus: 'failed', feedCheckedAt: now, feedError: outcome.error, feedBusy: '[]' },
    );
  if (updated === 0) return readFeedStatus(db, userId, now);
  if (!('busy' in outcome)) await alertUnreadFeeds(db, { now, only: [userId], notifyEmails: options.notifyEmails });
  return readFeedStatus(db, userId, now);
}

async function readFeedStatus(db: Db, userId: number, now: Date): Promise<FeedStatus | null> {
  const row = (await db('booking_hosts')
    .where({ userId })
    .first(...FEED_COLUMNS)) as FeedRow | undefined;
  return row ? feedStatusOf(row, now) : null;
}

/** Who the alert goes to: the addresses of NOTIFY_EMAIL when set (as the team alerts), else every active administrator. */
async function alertRecipients(db: Db, notifyEmails: string[] | undefined): Promise<string[]> {
  if (notifyEmails?.length) return notifyEmails;
  return (await db('users').where({ role: 'admin', active: true }).orderBy('id').pluck('email')) as string[];
}

/**
 * Alerts the team once per host whose feed is failed or stale (an e-mail to the team, the dashboard
 * reads the state itself): the row's `feed_alerted_at` is set in the transaction that queues the
 * e-mail, and cleared only by a successful reading. `only`: these hosts; default every active host.
 * Returns the hosts alerted now.
 */
export async function alertUnreadFeeds(db: Database, options: { now?: Date; only?: number[]; notifyEmails?: string[] } = {}): Promise<number[]> {
  const now = options.now ?? new Date();
  const only = options.only;
  return db.transaction(async (trx) => {
    const query = trx('booking_hosts as h')
      .join('users as u', 'u.id', 'h.userId')
      .where('h.isHost', true)
      .andWhere('u.active', true)
      .whereNotNull('h.feedUrl')
      .whereNull('h.feedAlertedAt')
      .forUpdate('h')
      .select('h.userId', 'h.feedUrl', 'h.feedStatus', 'h.feedReadAt', 'h.feedError', 'h.feedBusy', 'u.firstName', 'u.lastName');
    if (only) query.whereIn('h.userId', only);
    const rows = (await query) as Array<FeedRow & { firstName: string | null; lastName: string | null }>;
    const due = rows.flatMap((row) => {
      const state = feedStatusOf(row, now);
      return state && state.status !== 'ok' ? [{ row, state }] : [];
    });
    if (due.length === 0) return [];
    const team = await alertRecipients(trx, options.notifyEmails);
    for (const { row, state } of due) {
      await trx('booking_hosts').where({ userId: row.userId }).update({ feedAlertedAt: now });
      if (team.length === 0) continue;
      const data: FeedAlertData = {
        hostId: row.userId,
        hostName: [row.firstName, row.lastName].filter(Boolean).join(' ') || `#${row.userId}`,
        status: state.status === 'failed' ? 'failed' : 'stale',
        error: state.error,
        readAt: state.readAt,
      };
      await createEmails(trx, [{ kind: 'booking_feed_alert', causeKey: `booking_feed_alert:host:${row.userId}:${now.getTime()}`, toAddress: team.join(', '), leadId: null, data }]);
    }
    return due.map(({ row }) => row.userId);
  });
}

/** One run of the job: every active host's feed read in turn, then the alert for those still unread. */
export async function refreshAllFeeds(db: Database, options: RefreshOptions = {}): Promise<void> {
  const hosts = (await db('booking_hosts as h')
    .join('users as u', 'u.id', 'h.userId')
    .where('h.isHost', true)
    .andWhere('u.active', true)
    .whereNotNull('h.feedUrl')
    .orderBy('h.userId')
    .select('h.userId')) as Array<{ userId: number }>;
  for (const { userId } of hosts) await refreshHostFeed(db, userId, options);
  await alertUnreadFeeds(db, { now: options.now, notifyEmails: options.notifyEmails });
}

/** The hosts whose feed is failed or stale now, as the dashboard warns about them. */
export async function unreadFeeds(db: Db, now = new Date()): Promise<Array<{ userId: number; name: string; feed: FeedStatus }>> {
  const rows = (await db('booking_hosts as h')
    .join('users as u', 'u.id', 'h.userId')
    .where('h.isHost', true)
    .andWhere('u.active', true)
    .whereNotNull('h.feedUrl')
    .orderBy('h.userId')
    .select('h.userId', 'h.feedUrl', 'h.feedStatus', 'h.feedReadAt', 'h.feedError', 'h.feedBusy', 'u.firstName', 'u.lastName')) as Array<
    FeedRow & { firstName: string | null; lastName: string | null }
  >;
  return rows.flatMap((row) => {
    const feed = feedStatusOf(row, now);
    return feed && feed.status !== 'ok' ? [{ userId: row.userId, name: [row.firstName, row.lastName].filter(Boolean).join(' '), feed }] : [];
  });
}
