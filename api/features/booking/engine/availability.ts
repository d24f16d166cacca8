/**
 * The discovery call's availability, computed without any I/O: which start times the booking page
 * offers, whether one posted start still obeys every rule, and which host takes it.
 * Rules (docs/decisions/102-booking-availability-and-feeds.md):
 * - hosts' ranges are Swiss wall-clock times on Swiss days; starts come every `slotStepMinutes` from
 *   each range's start and the call [start, start + duration) must end within the range. A date
 *   override replaces the weekly ranges of its date (no range: a day off);
 * - a call's blocked range is [start − bufferBefore, start + duration + bufferAfter). It must not
 *   overlap a busy time of the host's feed (those carry no buffer of their own) nor the blocked range
 *   of one of the host's bookings (stored with the booking, as computed when it was made: the
 *   database's exclusion constraint compares the very same ranges);
 * - a start is at least `minimumNoticeMinutes` after now, on a Swiss day before today + `horizonDays`;
 * - a host with `dailyCapPerHost` bookings starting on a Swiss day takes no more that day;
 * - a host whose feed failed or is stale offers nothing (fail closed);
 * - with several hosts a start is offered when one of them is free; it goes to the free host with the
 *   fewest bookings in the next 14 days, then the least recently booked, then the lowest id.
 * Every time-zone step goes through @date-fns/tz, so daylight-saving changes keep Swiss times.
 */
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { getISODay } from 'date-fns/getISODay';
import type { BookingSettings, DateOverride, WeeklyRange } from '../contract/index.ts';
import { SWISS_TIME_ZONE } from '../../../platform/lib/french-dates.ts';
import { swissDay } from '../../../platform/lib/swiss-day.ts';
import { mergeSpans, overlapsAny, type Span } from './intervals.ts';

export type SlotRules = Pick<BookingSettings, 'durationMinutes' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'minimumNoticeMinutes' | 'horizonDays' | 'slotStepMinutes' | 'dailyCapPerHost'>;

/** `ok` for a host whose feed was read within the hour, or who has no feed address. */
export type FeedState = 'ok' | 'failed' | 'stale';

export interface TimeInterval {
  start: Date;
  end: Date;
}

/** A confirmed booking of the host: its call's start and its blocked range as stored. */
export interface BookedCall {
  start: Date;
  blocked: TimeInterval;
}

export interface HostSchedule {
  id: number;
  weekly: ReadonlyArray<WeeklyRange>;
  overrides: ReadonlyArray<DateOverride>;
  feedState: FeedState;
  /** The feed's busy times, as read (api/features/booking/calendars/feed.ts). */
  busy: ReadonlyArray<TimeInterval>;
  /**
   * The host's confirmed bookings: at least those whose blocked range meets the days asked, every
   * booking starting on those days (the daily cap) and, to choose a host, those of the next 14 days.
   */
  bookings: ReadonlyArray<BookedCall>;
  /** When the host last received a booking (its creation), null if never: the host choice's second criterion. */
  lastBookedAt?: Date | null;
}

export interface SlotsResponse {
  timeZone: typeof SWISS_TIME_ZONE;
  days: Array<{ date: string; slots: Array<{ start: string }> }>;
}

/** Why a start cannot be booked with a host, in the order the rules are checked. */
export const START_RULES = ['notice', 'horizon', 'feed', 'schedule', 'step', 'cap', 'busy', 'booked'] as const;
export type StartRule = (typeof START_RULES)[number];

export type StartCheck = { ok: true; hostIds: number[] } | { ok: false; rule: StartRule; hosts: Array<{ hostId: number; rule: StartRule }> };

export const HOST_CHOICE_DAYS = 14;

const MINUTE_MS = 60_000;

/** The blocked range of a call starting at `start`: what a booking stores and what must stay free. */
export function blockedRange(rules: SlotRules, start: Date): TimeInterval {
  const startMs = start.getTime();
  return {
    start: new Date(startMs - rules.bufferBeforeMinutes * MINUTE_MS),
    end: new Date(startMs + (rules.durationMinutes + rules.bufferAfterMinutes) * MINUTE_MS),
  };
}

/**
 * Converting a Swiss day and wall-clock time costs a time-zone lookup; slot lists ask for the same
 * few days and times over and over, so answers are remembered (they never change while the process
 * runs: the zone's rules are the runtime's). Bounded: cleared when full.
 */
const MEMO_LIMIT = 20_000;
const instantMemo = new Map<string, number>();
const dayMemo = new Map<string, { date: string; isoWeekday: number }>();

function remember<T>(memo: Map<string, T>, key: string, compute: () => T): T {
  let value = memo.get(key);
  if (value === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    value = compute();
    memo.set(key, value);
  }
  return value;
}

/** The Swiss day `offset` days after `date` (calendar days, whatever their length), with its ISO weekday. */
function calendarDay(date: string, offset = 0): { date: string; isoWeekday: number } {
  return remember(dayMemo, `${date}+${offset}`, () => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    // Noon is never near a daylight-saving change.
    const zoned = addDays(new TZDate(year, month - 1, day, 12, 0, SWISS_TIME_ZONE), offset);
    return { date: format(zoned, 'yyyy-MM-dd'), isoWeekday: getISODay(zoned) };
  });
}

/** The instant a Swiss wall-clock time is reached on a Swiss day. */
function swissInstant(date: string, time: string): number {
  return remember(instantMemo, `${date}T${time}`, () => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const [hours, minutes] = time.split(':').map(Number) as [number, number];
    return new TZDate(year, month - 1, day, hours, minutes, SWISS_TIME_ZONE).getTime();
  });
}

/** A host's data prepared once for many checks. */
interface PreparedHost {
  id: number;
  host: HostSchedule;
  overrides: Map<string, DateOverride['ranges']>;
  busy: Array<[number, number]>;
  booked: Array<[number, number]>;
  perDay: Map<string, number>;
}

function prepare(host: HostSchedule): PreparedHost {
  const perDay = new Map<string, number>();
  for (const booking of host.bookings) {
    const date = swissDay(booking.start);
    perDay.set(date, (perDay.get(date) ?? 0) + 1);
  }
  const toSpan = (interval: TimeInterval): Span => [interval.start.getTime(), interval.end.getTime()];
  return {
    id: host.id,
    host,
    overrides: new Map(host.overrides.map((override) => [override.date, override.ranges])),
    busy: mergeSpans(host.busy.map(toSpan)),
    booked: mergeSpans(host.bookings.map((booking) => toSpan(booking.blocked))),
    perDay,
  };
}

/** The ranges of a host on a Swiss day, as instants: its override if any, else its weekly ranges of that weekday. */
function rangesOn(host: PreparedHost, date: string, isoWeekday: number): Array<[number, number]> {
  const ranges = host.overrides.get(date) ?? host.host.weekly.filter((range) => range.weekday === isoWeekday);
  return ranges.map((range) => [swissInstant(date, range.start), swissInstant(date, range.end)]);
}

/** Limits shared by every host at a given `now`. */
interface Window {
  earliest: number;
  /** The first Swiss day that is too far ahead. */
  beyond: string;
}

function windowAt(rules: SlotRules, now: Date): Window {
  return {
    earliest: now.getTime() + rules.minimumNoticeMinutes * MINUTE_MS,
    beyond: calendarDay(swissDay(now), rules.horizonDays).date,
  };
}

/** The rule a host breaks for a start already known to be on its schedule and step; null when free. */
function hostBlocks(rules: SlotRules, host: PreparedHost, date: string, start: number): StartRule | null {
  if (rules.dailyCapPerHost !== null && (host.perDay.get(date) ?? 0) >= rules.dailyCapPerHost) return 'cap';
  const blockedStart = start - rules.bufferBeforeMinutes * MINUTE_MS;
  const blockedEnd = start + (rules.durationMinutes + rules.bufferAfterMinutes) * MINUTE_MS;
  if (overlapsAny(host.busy, blockedStart, blockedEnd)) return 'busy';
  if (overlapsAny(host.booked, blockedStart, blockedEnd)) return 'booked';
  return null;
}

/** The starts a host offers on one Swiss day, ascending. */
function hostStartsOn(rules: SlotRules, window: Window, host: PreparedHost, date: string, isoWeekday: number): number[] {
  if (host.host.feedState !== 'ok') return [];
  if (date >= window.beyond) return [];
  const durationMs = rules.durationMinutes * MINUTE_MS;
  const stepMs = rules.slotStepMinutes * MINUTE_MS;
  const starts: number[] = [];
  for (const [rangeStart, rangeEnd] of rangesOn(host, date, isoWeekday)) {
    for (let start = rangeStart; start + durationMs <= rangeEnd; start += stepMs) {
      if (start >= window.earliest && hostBlocks(rules, host, date, start) === null) starts.push(start);
    }
  }
  return starts;
}

/**
 * The offered starts of `days` Swiss days from `from` (`YYYY-MM-DD`), as `GET /api/bookings/slots`
 * answers them: every day listed, those without a slot with an empty list.
 */
export function computeSlots(rules: SlotRules, now: Date, range: { from: string; days: number }, hosts: ReadonlyArray<HostSchedule>): SlotsResponse {
  const window = windowAt(rules, now);
  const prepared = hosts.map(prepare);
  const days: SlotsResponse['days'] = [];
  for (let offset = 0; offset < range.days; offset += 1) {
    const { date, isoWeekday } = calendarDay(range.from, offset);
    const starts = new Set<number>();
    for (const host of prepared) for (const start of hostStartsOn(rules, window, host, date, isoWeekday)) starts.add(start);
    days.push({ date, slots: [...starts].sort((a, b) => a - b).map((start) => ({ start: new Date(start).toISOString() })) });
  }
  return { timeZone: SWISS_TIME_ZONE, days };
}

/** The first rule one host breaks for `start`, or null when it is free then. */
function hostRule(rules: SlotRules, host: PreparedHost, date: string, start: number): StartRule | null {
  if (host.host.feedState !== 'ok') return 'feed';
  const durationMs = rules.durationMinutes * MINUTE_MS;
  const stepMs = rules.slotStepMinutes * MINUTE_MS;
  const containing = rangesOn(host, date, calendarDay(date).isoWeekday).filter(([rangeStart, rangeEnd]) => start >= rangeStart && start + durationMs <= rangeEnd);
  if (containing.length === 0) return 'schedule';
  if (!containing.some(([rangeStart]) => (start - rangeStart) % stepMs === 0)) return 'step';
  return hostBlocks(rules, host, date, start);
}

/**
 * Re-checks one posted start against every rule. When no host is free, `rule` is the furthest rule a
 * host reached (a start on the schedule but just taken says `booked`, not `schedule`), and `hosts`
 * says what stopped each host.
 */
export function checkStart(rules: SlotRules, now: Date, start: Date, hosts: ReadonlyArray<HostSchedule>): StartCheck {
  const startMs = start.getTime();
  const window = windowAt(rules, now);
  const date = Number.isNaN(startMs) ? '' : swissDay(startMs);
  const global: StartRule | null = date === '' ? 'schedule' : startMs < window.earliest ? 'notice' : date >= window.beyond ? 'horizon' : null;
  if (global) return { ok: false, rule: global, hosts: hosts.map((host) => ({ hostId: host.id, rule: global })) };

  const verdicts = hosts.map((host) => ({ hostId: host.id, rule: hostRule(rules, prepare(host), date, startMs) }));
  const free = verdicts.filter((verdict) => verdict.rule === null).map((verdict) => verdict.hostId);
  if (free.length > 0) return { ok: true, hostIds: free };
  const blocked = verdicts as Array<{ hostId: number; rule: StartRule }>;
  const furthest = blocked.reduce<StartRule | null>((rule, verdict) => (rule === null || START_RULES.indexOf(verdict.rule) > START_RULES.indexOf(rule) ? verdict.rule : rule), null);
  // No host at all: nobody has that start in their schedule.
  return { ok: false, rule: furthest ?? 'schedule', hosts: blocked };
}

/**
 * The host a booking at `start` goes to: among the hosts free then, the one with the fewest bookings
 * starting in the next 14 days, then the least recently booked (never booked first), then the lowest
 * id. Null when no host is free.
 */
export function chooseHost(rules: SlotRules, now: Date, start: Date, hosts: ReadonlyArray<HostSchedule>): number | null {
  const check = checkStart(rules, now, start, hosts);
  if (!check.ok) return null;
  const from = now.getTime();
  const until = addDays(new TZDate(from, SWISS_TIME_ZONE), HOST_CHOICE_DAYS).getTime();
  const candidates = hosts
    .filter((host) => check.hostIds.includes(host.id))
    .map((host) => ({
      id: host.id,
      upcoming: host.bookings.filter((booking) => booking.start.getTime() >= from && booking.start.getTime() < until).length,
      lastBookedAt: host.lastBookedAt?.getTime() ?? Number.NEGATIVE_INFINITY,
    }));
  const byLastBooking = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);
  candidates.sort((a, b) => a.upcoming - b.upcoming || byLastBooking(a.lastBookedAt, b.lastBookedAt) || a.id - b.id);
  return candidates[0]?.id ?? null;
}
