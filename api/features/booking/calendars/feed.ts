/**
 * A host's own calendar, read from its secret iCalendar feed into the busy intervals of a window
 * [from, to). Parsing and recurrence expansion are ical.js's; this module only decides what is busy
 * and turns wall-clock times into instants (docs/decisions/102-booking-availability-and-feeds.md):
 * - TRANSP:TRANSPARENT ("free") and STATUS:CANCELLED events are not busy; tentative ones are;
 * - an all-day event is busy from Swiss midnight of its first day to Swiss midnight after its last;
 * - a time with a TZID that is an IANA zone is placed with that zone's rules (@date-fns/tz, its offset
 *   kept per zone and day by wall-time.ts), one with
 *   another TZID (Outlook's "W. Europe Standard Time") with the feed's own VTIMEZONE, a time with
 *   neither (floating) in Swiss time;
 * - RRULE, RDATE and EXDATE come from ical.js's expansion; an occurrence replaced by a RECURRENCE-ID
 *   component is skipped and the replacement counts with its own times, status and transparency;
 * - expansion stops at the window's end; a daily or weekly rule without COUNT starts a whole number
 *   of periods before the window instead of at its first occurrence years ago, and a guard on the
 *   number of occurrences computed fails the reading instead of running for minutes.
 * Every failure is a {@link FeedError} with a French message for the settings screen: a feed that
 * cannot be read offers no slot (fail closed), it never counts as an empty calendar.
 */
import ICAL from 'ical.js';
import { SWISS_TIME_ZONE } from '../../../platform/lib/french-dates.ts';
import { mergeSpans } from '../engine/intervals.ts';
import { wallTimeToInstant } from './wall-time.ts';

export interface BusyInterval {
  start: Date;
  end: Date;
}

export interface FeedReading {
  /** Sorted, merged (overlapping or touching intervals joined) and clipped to the window. */
  busy: BusyInterval[];
  /** How many VEVENT components the feed holds. */
  events: number;
}

export interface FeedWindow {
  from: Date;
  to: Date;
}

export interface FeedReadOptions {
  /** Occurrences computed for one event before the reading fails. */
  maxOccurrencesPerEvent?: number;
  /** Occurrences computed for the whole feed before the reading fails. */
  maxOccurrences?: number;
}

export const FEED_LIMITS = { maxOccurrencesPerEvent: 10_000, maxOccurrences: 100_000 } as const;

export type FeedErrorReason = 'unreadable' | 'not-a-calendar' | 'invalid-event' | 'too-many-occurrences';

export class FeedError extends Error {
  readonly reason: FeedErrorReason;
  constructor(reason: FeedErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FeedError';
    this.reason = reason;
  }
}

const DAY_MS = 86_400_000;

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

const ianaZones = new Map<string, boolean>();

/** Whether the runtime's time-zone database knows this name ("America/New_York": yes; "W. Europe Standard Time": no). */
function isIanaZone(tzid: string): boolean {
  let known = ianaZones.get(tzid);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tzid });
      known = tzid.includes('/') || tzid === 'UTC';
    } catch {
      known = false;
    }
    ianaZones.set(tzid, known);
  }
  return known;
}

/** The instant of a date-time value, given the TZID its property carries. */
function instantOf(time: Time, tzid: string | null): number {
  const zone = time.zone;
  if (zone === ICAL.Timezone.utcTimezone || zone?.tzid === 'UTC') {
    return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  }
  if (tzid && isIanaZone(tzid)) return wallTimeToInstant(tzid, time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  // A zone defined by the feed's own VTIMEZONE: ical.js applies its offsets.
  if (tzid && zone && zone !== ICAL.Timezone.localTimezone && zone.component) return time.toUnixTime() * 1000;
  return wallTimeToInstant(SWISS_TIME_ZONE, time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
}

/** Swiss midnight at the start of a DATE value's day, plus `days` days (calendar days, whatever their length). */
function swissMidnight(date: Time, days = 0): number {
  return wallTimeToInstant(SWISS_TIME_ZONE, date.year, date.month - 1, date.day + days);
}

/** Whole calendar days from one DATE value to another. */
function daysBetween(from: Time, to: Time): number {
  return Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS);
}

function textValue(component: Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim().toUpperCase() : null;
}

function isFree(component: Component): boolean {
  return textValue(component, 'transp') === 'TRANSPARENT' || textValue(component, 'status') === 'CANCELLED';
}

function tzidOf(component: Component, name: string): string | null {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
}

function timeValue(component: Component, name: string): Time | null {
  const value = component.getFirstPropertyValue(name);
  return value instanceof ICAL.Time ? value : null;
}

/** How long one occurrence lasts: an exact length for timed events, whole days for all-day ones. */
type Length = { kind: 'exact'; ms: number } | { kind: 'days'; days: number };

function lengthOf(component: Component, start: Time, fallback: Length | null): Length {
  const end = timeValue(component, 'dtend');
  if (end) {
    if (start.isDate) return { kind: 'days', days: end.isDate ? Math.max(0, daysBetween(start, end)) : 1 };
    return { kind: 'exact', ms: Math.max(0, instantOf(end, tzidOf(component, 'dtend')) - instantOf(start, tzidOf(component, 'dtstart'))) };
  }
  const duration = component.getFirstPropertyValue('duration');
  if (duration instanceof ICAL.Duration) {
    const seconds = Math.max(0, duration.toSeconds());
    return start.isDate ? { kind: 'days', days: Math.max(1, Math.round(seconds / 86_400)) } : { kind: 'exact', ms: seconds * 1000 };
  }
  // RFC 5545: without an end, an all-day event lasts its day and a timed one is an instant.
  if (fallback) return fallback;
  return start.isDate ? { kind: 'days', days: 1 } : { kind: 'exact', ms: 0 };
}

function intervalOf(start: Time, tzid: string | null, length: Length): [number, number] {
  if (start.isDate) return [swissMidnight(start), swissMidnight(start, length.kind === 'days' ? length.days : 1)];
  const startMs = instantOf(start, tzid);
  return [startMs, startMs + (length.kind === 'exact' ? length.ms : length.days * DAY_MS)];
}

/** The identity of an occurrence, to match it with a RECURRENCE-ID: its day for all-day events, its instant otherwise. */
function occurrenceKey(time: Time, tzid: string | null): string {
  return time.isDate ? `D${time.year}-${time.month}-${time.day}` : `T${instantOf(time, tzid)}`;
}

/**
 * Where to start expanding a rule so that every occurrence that can reach the window is still
 * produced: for a daily or weekly rule without COUNT, DTSTART moved forward (in its own wall time)
 * by whole periods, stopping more than one period plus the event's length before the window. Its
 * occurrences from there on are the rule's very occurrences; the moved DTSTART itself, which
 * iterators always return first, ends before the window. Other rules start at DTSTART.
 */
function expansionStart(component: Component, start: Time, startMs: number, lengthMs: number, fromMs: number): Time {
  const rules = component.getAllProperties('rrule');
  if (rules.length !== 1 || component.hasProperty('rdate')) return start;
  const rule = rules[0]!.getFirstValue();
  if (!(rule instanceof ICAL.Recur) || rule.count || (rule.freq !== 'DAILY' && rule.freq !== 'WEEKLY')) return start;
  const periodDays = (rule.interval || 1) * (rule.freq === 'WEEKLY' ? 7 : 1);
  const spareDays = Math.floor((fromMs - lengthMs - startMs) / DAY_MS) - 2 * periodDays;
  const periods = Math.floor(spareDays / periodDays);
  if (periods <= 0) return start;
  const moved = start.clone();
  moved.adjust(periods * periodDays, 0, 0, 0);
  return moved;
}

function parseCalendars(text: string): Component[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw new FeedError('unreadable', 'Le calendrier ne peut pas être lu : son contenu n’est pas au format iCalendar.', { cause: error });
  }
  const roots = Array.isArray(parsed) && Array.isArray(parsed[0]) ? (parsed as unknown[]) : [parsed];
  const calendars = roots.map((root) => new ICAL.Component(root as any)).filter((component) => component.name === 'vcalendar');
  if (calendars.length === 0) throw new FeedError('not-a-calendar', 'Le calendrier ne peut pas être lu : l’adresse ne donne pas un calendrier iCalendar.');
  return calendars;
}

/** The busy intervals of an iCalendar text within [from, to). Throws {@link FeedError}. */
export function readFeed(text: string, window: FeedWindow, options: FeedReadOptions = {}): FeedReading {
  const fromMs = window.from.getTime();
  const toMs = window.to.getTime();
  const perEvent = options.maxOccurrencesPerEvent ?? FEED_LIMITS.maxOccurrencesPerEvent;
  const total = options.maxOccurrences ?? FEED_LIMITS.maxOccurrences;
  const tooMany = () =>
    new FeedError('too-many-occurrences', 'Le calendrier ne peut pas être lu : ses événements répétés demandent trop de calculs. Simplifiez les répétitions très fréquentes ou très anciennes.');

  const busy: Array<[number, number]> = [];
  let events = 0;
  let computed = 0;

  for (const calendar of parseCalendars(text)) {
    const vevents = calendar.getAllSubcomponents('vevent');
    events += vevents.length;

    // Replacements of single occurrences, by the UID of their series (grouped once: ical.js would
    // otherwise scan every event of the feed for each recurring one).
    const replaced = new Map<string, Set<string>>();
    const masters: Component[] = [];
    const lengths = new Map<string, Length>();
    for (const vevent of vevents) {
      const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
      const recurrenceId = timeValue(vevent, 'recurrence-id');
      if (recurrenceId) {
        const keys = replaced.get(uid) ?? new Set<string>();
        keys.add(occurrenceKey(recurrenceId, tzidOf(vevent, 'recurrence-id')));
        replaced.set(uid, keys);
      } else {
        masters.push(vevent);
      }
    }

    try {
      for (const vevent of masters) {
        const start = timeValue(vevent, 'dtstart');
        // Without a start an event cannot be placed anywhere (the file is not valid iCalendar there).
        if (!start) continue;
        const length = lengthOf(vevent, start, null);
        lengths.set(String(vevent.getFirstPropertyValue('uid') ?? ''), length);
        if (isFree(vevent)) continue;
        const tzid = tzidOf(vevent, 'dtstart');
        const recurring = vevent.hasProperty('rrule') || vevent.hasProperty('rdate');
        if (!recurring) {
          computed += 1;
          const [busyStart, busyEnd] = intervalOf(start, tzid, length);
          if (busyEnd > fromMs && busyStart < toMs) busy.push([busyStart, busyEnd]);
          continue;
        }
        const [firstStart, firstEnd] = intervalOf(start, tzid, length);
        const lengthMs = firstEnd - firstStart;
        const skip = replaced.get(String(vevent.getFirstPropertyValue('uid') ?? ''));
        const iterator = new ICAL.Event(vevent, { exceptions: [] }).iterator(expansionStart(vevent, start, firstStart, lengthMs, fromMs));
        let count = 0;
        for (let occurrence = iterator.next(); occurrence; occurrence = iterator.next()) {
          count += 1;
          computed += 1;
          if (count > perEvent || computed > total) throw tooMany();
          const [busyStart, busyEnd] = intervalOf(occurrence, tzid, length);
          if (busyStart >= toMs) break;
          if (busyEnd <= fromMs || (skip && skip.has(occurrenceKey(occurrence, tzid)))) continue;
          busy.push([busyStart, busyEnd]);
        }
      }

      // Each replaced occurrence with its own times (it may have moved into or out of the window).
      for (const vevent of vevents) {
        if (!vevent.hasProperty('recurrence-id') || isFree(vevent)) continue;
        const start = timeValue(vevent, 'dtstart');
        if (!start) continue;
        computed += 1;
        const length = lengthOf(vevent, start, lengths.get(String(vevent.getFirstPropertyValue('uid') ?? '')) ?? null);
        const [busyStart, busyEnd] = intervalOf(start, tzidOf(vevent, 'dtstart'), length);
        if (busyEnd > fromMs && busyStart < toMs) busy.push([busyStart, busyEnd]);
      }
    } catch (error) {
      if (error instanceof FeedError) throw error;
      throw new FeedError('invalid-event', 'Le calendrier ne peut pas être lu : un de ses événements est invalide.', { cause: error });
    }
  }

  return { busy: mergeSpans(busy, fromMs, toMs).map(([start, end]) => ({ start: new Date(start), end: new Date(end) })), events };
}
