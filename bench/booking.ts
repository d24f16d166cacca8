/**
 * Phase `booking` (the discovery call): the free starts of 30 days for 4 hosts whose calendar feeds
 * hold 2,000 events each, and booking under concurrent load, on `npm start` + PostgreSQL.
 *
 * Setup, in its own `bench_booking_*` database: 4 hosts (Mon–Fri 08:00–18:00 Swiss time, one day off),
 * each with a generated iCalendar feed of 2,000 events as calendar applications publish them (two
 * years of history and the coming months: single events, weekly and daily series with EXDATE and
 * moved occurrences, all-day events, events in New York, Tokyo and UTC time, cancelled and "free"
 * events). Each feed is read with readFeed (api/features/booking/feed.ts), timed, and its busy
 * intervals stored as the feed refresh stores them (feed_busy, feed_status 'ok', feed_read_at now).
 * Existing bookings: a year of past calls and a few upcoming ones per host, seeded in SQL.
 *
 * Measured, each beside a baseline of the same run:
 * - `GET /api/bookings/slots?days=30`, p50/p95 (target p95 < 50 ms); baselines: `GET /api/health` on the
 *   same server (one query round trip), and in this process the same work without HTTP: the storage
 *   reads (loadHostSchedules) and the pure computation (computeSlots) on the same data;
 * - `POST /api/bookings` with 50 connections, one request per offered start, and 200 attempts at once at
 *   one start that exactly one host can take; baseline: the contact request (`POST /api/leads`, type
 *   contact) at the same concurrency on the same server. The invariants are then checked in SQL: no two
 *   live bookings of one host overlap, the contested start has exactly one booking, one row per 201.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, migrateLatest } from '../api/platform/db.ts';
import { checkStart, computeSlots, loadHostSchedules, readBookingSettings, readFeed } from '../api/features/booking/index.ts';
import { swissDay } from '../api/platform/lib/swiss-day.ts';
import { createDatabase, dropDatabase } from './lib/pg.ts';
import { startProductionServer, type RunningProcess } from './lib/server.ts';
import { ROOT, log, median, percentile, round } from './lib/util.ts';

export const SLOTS_TARGET_P95_MS = 50;
const HOSTS = 4;
const EVENTS_PER_FEED = 2000;
const DAYS = 30;
const LOAD_CONNECTIONS = 50;
const CONTESTED_ATTEMPTS = 200;
/** Bookings (and contact requests) sent one at a time before the load. */
const SEQUENTIAL = 20;
const DAY_MS = 86_400_000;
const ZURICH = 'Europe/Zurich';

export interface Latency {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface FeedFigures {
  host: number;
  events: number;
  bytes: number;
  /** readFeed's first reading in this process (ical.js cold). */
  firstParseMs: number;
  /** Median of the following readings. */
  parseMs: number;
  /** Merged busy intervals stored for the window the refresh reads (yesterday to the horizon's end and a day). */
  busyIntervals: number;
}

export interface LoadFigures {
  requests: number;
  connections: number;
  wallMs: number;
  perSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  statuses: Record<string, number>;
}

export interface BookingBenchResult {
  hosts: number;
  eventsPerFeed: number;
  feeds: FeedFigures[];
  feedMix: Record<string, number>;
  existingBookings: { upcoming: number; past: number };
  slots: {
    samples: number;
    route: Latency;
    health: Latency;
    inProcessLoad: Latency;
    inProcessCompute: Latency;
    offered: number;
    daysWithSlots: number;
    answerBytes: number;
  };
  load: { booking: LoadFigures; contact: LoadFigures; sequentialBooking: LoadFigures; sequentialContact: LoadFigures };
  contested: { start: string; freeHosts: number; booking: LoadFigures; contact: LoadFigures };
  invariant: { overlappingPairs: number; bookingsAtContested: number; created201: number; rowsCreated: number };
}

// ─── Feeds ──────────────────────────────────────────────────────────────────────────────────────────

/** A small deterministic generator (mulberry32): the same feeds on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A calendar day `offset` days from `today` (YYYY-MM-DD), as parts and ISO weekday. */
function day(today: string, offset: number) {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + offset));
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate(), isoWeekday: ((date.getUTCDay() + 6) % 7) + 1 };
}

type Day = ReturnType<typeof day>;
const ymd = (date: Day) => `${date.y}${pad(date.m)}${pad(date.d)}`;
/** A wall-clock DATE-TIME value, minutes from midnight. */
const wall = (date: Day, minutes: number) => `${ymd(date)}T${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}00`;
const BYDAY = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

const VTIMEZONES = `BEGIN:VTIMEZONE
TZID:Europe/Zurich
X-LIC-LOCATION:Europe/Zurich
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE
BEGIN:VTIMEZONE
TZID:America/New_York
X-LIC-LOCATION:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE
BEGIN:VTIMEZONE
TZID:Asia/Tokyo
X-LIC-LOCATION:Asia/Tokyo
BEGIN:STANDARD
TZOFFSETFROM:+0900
TZOFFSETTO:+0900
TZNAME:JST
DTSTART:19700101T000000
END:STANDARD
END:VTIMEZONE`;

/** How many events of each kind one feed holds (2,000 in all). */
export const FEED_MIX = {
  'single (Swiss time)': 1410,
  'single (New York, Tokyo, UTC)': 120,
  'single, cancelled': 30,
  'single, free (transparent)': 20,
  'all-day (most free, some absences of 1–5 days)': 100,
  'weekly series (with UNTIL, or ongoing with EXDATE)': 250,
  'moved occurrence (RECURRENCE-ID)': 30,
  'daily series (COUNT, UNTIL, or ongoing weekdays with EXDATE)': 40,
} as const;

/**
 * One host's feed as a calendar application publishes it: two years of history and three months
 * ahead. Most series ended long ago; a few run on (a weekly meeting, a daily check-in) with
 * exceptions, some of them in the coming weeks.
 */
export function hostFeed(host: number, today: string): string {
  const next = random(1009 * (host + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const events: string[] = [];
  let serial = 0;
  const stamp = `${ymd(day(today, -1))}T080000Z`;
  const event = (lines: string[], uid = `bench-${host}-${serial++}@calendar.example.ch`) =>
    events.push(['BEGIN:VEVENT', `UID:${uid}`, `DTSTAMP:${stamp}`, ...lines, 'SUMMARY:Rendez-vous', 'END:VEVENT'].join('\r\n'));
  /** A working day (Mon–Fri) between `from` and `to` days from today. */
  const workday = (from: number, to: number): Day => {
    for (;;) {
      const date = day(today, between(from, to));
      if (date.isoWeekday <= 5) return date;
    }
  };
  const officeStart = () => between(16, 35) * 30; // 08:00 to 17:30
  const length = () => pick([30, 45, 60, 60, 60, 90]);

  for (let n = 0; n < FEED_MIX['single (Swiss time)']; n++) {
    // One in eight outside office hours (an evening or a weekend).
    const date = n % 8 === 0 ? day(today, between(-700, 90)) : workday(-700, 90);
    const start = n % 8 === 0 ? between(36, 42) * 30 : officeStart();
    events.push(
      [
        'BEGIN:VEVENT',
        `UID:bench-${host}-${serial++}@calendar.example.ch`,
        `DTSTAMP:${stamp}`,
        `DTSTART;TZID=Europe/Zurich:${wall(date, start)}`,
        `DTEND;TZID=Europe/Zurich:${wall(date, start + length())}`,
        'STATUS:CONFIRMED',
        'SUMMARY:Séance client',
        'TRANSP:OPAQUE',
        'END:VEVENT',
      ].join('\r\n'),
    );
  }
  for (let n = 0; n < FEED_MIX['single (New York, Tokyo, UTC)']; n++) {
    const date = workday(-700, 90);
    if (n % 4 < 2) {
      // 09:00–12:00 in New York: the Swiss afternoon.
      const start = between(18, 23) * 30;
      event([`DTSTART;TZID=America/New_York:${wall(date, start)}`, `DTEND;TZID=America/New_York:${wall(date, start + 60)}`]);
    } else if (n % 4 === 2) {
      // 15:00–17:00 in Tokyo: the Swiss early morning.
      const start = between(30, 33) * 30;
      event([`DTSTART;TZID=Asia/Tokyo:${wall(date, start)}`, `DTEND;TZID=Asia/Tokyo:${wall(date, start + 60)}`]);
    } else {
      const start = between(14, 32) * 30;
      event([`DTSTART:${wall(date, start)}Z`, `DTEND:${wall(date, start + 45)}Z`]);
    }
  }
  for (let n = 0; n < FEED_MIX['single, cancelled']; n++) {
    const date = workday(-200, 60);
    const start = officeStart();
    event([`DTSTART;TZID=Europe/Zurich:${wall(date, start)}`, `DTEND;TZID=Europe/Zurich:${wall(date, start + 60)}`, 'STATUS:CANCELLED']);
  }
  for (let n = 0; n < FEED_MIX['single, free (transparent)']; n++) {
    const date = workday(-200, 60);
    const start = officeStart();
    event([`DTSTART;TZID=Europe/Zurich:${wall(date, start)}`, `DTEND;TZID=Europe/Zurich:${wall(date, start + 120)}`, 'TRANSP:TRANSPARENT']);
  }
  for (let n = 0; n < FEED_MIX['all-day (most free, some absences of 1–5 days)']; n++) {
    const first = day(today, between(-700, 90));
    // A quarter are absences (busy), the others birthdays and reminders (free, as calendar apps mark them).
    const absence = n % 4 === 0;
    const days = absence ? between(1, 5) : 1;
    const end = new Date(Date.UTC(first.y, first.m - 1, first.d + days));
    event([
      `DTSTART;VALUE=DATE:${ymd(first)}`,
      `DTEND;VALUE=DATE:${end.getUTCFullYear()}${pad(end.getUTCMonth() + 1)}${pad(end.getUTCDate())}`,
      `TRANSP:${absence ? 'OPAQUE' : 'TRANSPARENT'}`,
    ]);
  }
  const ongoingWeekly: Array<{ uid: string; first: Day; start: number; weekday: number }> = [];
  for (let n = 0; n < FEED_MIX['weekly series (with UNTIL, or ongoing with EXDATE)']; n++) {
    const uid = `bench-${host}-weekly-${n}@calendar.example.ch`;
    const ongoing = n < 8;
    const first = workday(ongoing ? -700 : -720, ongoing ? -30 : -120);
    const start = officeStart();
    const lines = [
      `DTSTART;TZID=Europe/Zurich:${wall(first, start)}`,
      `DTEND;TZID=Europe/Zurich:${wall(first, start + length())}`,
      `RRULE:FREQ=WEEKLY;${n % 5 === 0 ? 'INTERVAL=2;' : ''}BYDAY=${BYDAY[first.isoWeekday - 1]}${ongoing ? '' : `;UNTIL=${ymd(day(today, between(-400, -60)))}T230000Z`}`,
    ];
    if (ongoing) {
      // Holidays skipped over the years, and one in the coming weeks.
      // Each on an occurrence of the series: a whole number of its periods after the first.
      const interval = n % 5 === 0 ? 2 : 1;
      const exdates = [between(-600, -300), between(-290, -10), between(1, 28)].map((offset) => {
        const target = day(today, offset);
        const weeks = Math.round((Date.UTC(target.y, target.m - 1, target.d) - Date.UTC(first.y, first.m - 1, first.d)) / (7 * DAY_MS));
        return wall(day(`${first.y}-${pad(first.m)}-${pad(first.d)}`, interval * Math.max(1, Math.round(weeks / interval)) * 7), start);
      });
      lines.push(`EXDATE;TZID=Europe/Zurich:${exdates.join(',')}`);
      ongoingWeekly.push({ uid, first, start, weekday: first.isoWeekday });
    }
    event(lines, uid);
  }
  for (let n = 0; n < FEED_MIX['moved occurrence (RECURRENCE-ID)']; n++) {
    const series = ongoingWeekly[n % ongoingWeekly.length]!;
    const interval = ongoingWeekly.indexOf(series) % 5 === 0 ? 2 : 1;
    // An occurrence of the series (in the past mostly, a few in the coming weeks), moved by one to three hours.
    const weeks = interval * Math.floor(between(n < 25 ? 10 : 95, n < 25 ? 90 : 104) / interval);
    const original = day(`${series.first.y}-${pad(series.first.m)}-${pad(series.first.d)}`, weeks * 7);
    const moved = Math.min(series.start + between(2, 6) * 30, 17 * 60);
    event(
      [
        `RECURRENCE-ID;TZID=Europe/Zurich:${wall(original, series.start)}`,
        `DTSTART;TZID=Europe/Zurich:${wall(original, moved)}`,
        `DTEND;TZID=Europe/Zurich:${wall(original, moved + 60)}`,
        'SEQUENCE:1',
      ],
      series.uid,
    );
  }
  for (let n = 0; n < FEED_MIX['daily series (COUNT, UNTIL, or ongoing weekdays with EXDATE)']; n++) {
    const start = n < 2 ? 8 * 60 + 30 : officeStart();
    if (n < 2) {
      // A daily check-in on working days, 15 minutes, running for a year, with a few days skipped.
      const first = workday(-365, -300);
      const skipped = [between(2, 25), between(-100, -1)].map((offset) => wall(day(today, offset), start));
      event([
        `DTSTART;TZID=Europe/Zurich:${wall(first, start)}`,
        `DTEND;TZID=Europe/Zurich:${wall(first, start + 15)}`,
        'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR',
        `EXDATE;TZID=Europe/Zurich:${skipped.join(',')}`,
      ]);
    } else {
      const first = workday(-700, -60);
      event([
        `DTSTART;TZID=Europe/Zurich:${wall(first, start)}`,
        `DTEND;TZID=Europe/Zurich:${wall(first, start + 30)}`,
        n % 3 === 0 ? `RRULE:FREQ=DAILY;UNTIL=${ymd(day(today, between(-59, -20)))}T230000Z` : `RRULE:FREQ=DAILY;COUNT=${between(5, 20)}`,
      ]);
    }
  }
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:Hôte ${host + 1}`,
    'X-WR-TIMEZONE:Europe/Zurich',
    VTIMEZONES.replaceAll('\n', '\r\n'),
    ...events,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

// ─── HTTP ───────────────────────────────────────────────────────────────────────────────────────────

interface Answer {
  status: number;
  ms: number;
  body: string;
}

/** One request on a keep-alive agent (node:http: cheaper for the client than fetch on the shared cores). */
function send(agent: http.Agent, base: URL, method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path: pathname,
        headers: { accept: 'application/json', ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin: base.origin } : {}), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
    request.end(payload);
  });
}

function latency(times: number[]): Latency {
  return { p50Ms: round(percentile(times, 50), 1), p95Ms: round(percentile(times, 95), 1), maxMs: round(Math.max(...times), 1) };
}

/** Every item sent once, `connections` at a time (closed loop): throughput, latency and status counts. */
async function sendAll<T>(items: T[], connections: number, request: (agent: http.Agent, item: T) => Promise<Answer>): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let index = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(connections, items.length) }, async () => {
      while (index < items.length) {
        const answer = await request(agent, items[index++]!);
        times.push(answer.ms);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }
    }),
  );
  const wallMs = performance.now() - started;
  agent.destroy();
  return {
    requests: items.length,
    connections,
    wallMs: round(wallMs, 0),
    perSec: round((items.length / wallMs) * 1000, 0),
    p50Ms: round(percentile(times, 50), 1),
    p95Ms: round(percentile(times, 95), 1),
    p99Ms: round(percentile(times, 99), 1),
    maxMs: round(Math.max(...times), 1),
    statuses,
  };
}

const PERSON = { lastName: 'Favre', phone: '+41 79 123 45 67', message: 'J’aimerais parler du programme et de son prix.' };

function bookingRequest(base: URL, prefix: string) {
  let n = 0;
  return (agent: http.Agent, start: string) => {
    const index = n++;
    return send(agent, base, 'POST', '/api/bookings', { start, firstName: 'Léa', email: `${prefix}-${index}@exemple.ch`, ...PERSON }, { 'idempotency-key': randomUUID() });
  };
}

function contactRequest(base: URL, prefix: string) {
  let n = 0;
  return (agent: http.Agent) => {
    const index = n++;
    return send(
      agent,
      base,
      'POST',
      '/api/leads',
      { firstName: 'Léa', email: `${prefix}-${index}@exemple.ch`, company: 'Atelier Léman SA', type: 'contact', ...PERSON },
      { 'idempotency-key': randomUUID() },
    );
  };
}

// ─── Seeding ────────────────────────────────────────────────────────────────────────────────────────

const WEEKLY = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '18:00' }));

/** The hosts, their feeds read as the refresh job reads them, and their bookings (past and upcoming), in SQL. */
async function seed(client: pg.Client, now: Date, horizonDays: number): Promise<{ feeds: FeedFigures[]; hostIds: number[]; existing: { upcoming: number; past: number } }> {
  const today = swissDay(now);
  // The refresh job's window: from yesterday (a call's buffers reach back) to the horizon's end and a day.
  const window = { from: new Date(now.getTime() - DAY_MS), to: new Date(now.getTime() + (horizonDays + 1) * DAY_MS) };
  const feeds: FeedFigures[] = [];
  const hostIds: number[] = [];
  for (let host = 0; host < HOSTS; host++) {
    const { rows } = await client.query<{ id: number }>(
      `insert into users (username, email, password, first_name, last_name, role) values ($1, $1, 'pas-de-connexion', $2, 'Banc', 'admin') returning id`,
      [`hote${host + 1}@exemple.ch`, `Hôte ${host + 1}`],
    );
    const userId = rows[0]!.id;
    hostIds.push(userId);
    const text = hostFeed(host, today);
    const times: number[] = [];
    let reading = readFeed(text, window);
    for (let run = 0; run < 6; run++) {
      const started = performance.now();
      reading = readFeed(text, window);
      times.push(performance.now() - started);
    }
    const firstParseMs = times.shift()!;
    feeds.push({ host: host + 1, events: reading.events, bytes: Buffer.byteLength(text), firstParseMs: round(firstParseMs, 1), parseMs: round(median(times), 1), busyIntervals: reading.busy.length });
    // One day off in the coming weeks for the first host (a date override with no range).
    const overrides = host === 0 ? [{ date: swissDay(now.getTime() + 9 * DAY_MS), ranges: [] }] : [];
    await client.query(
      `insert into booking_hosts (user_id, is_host, weekly, overrides, video_url, feed_url, feed_status, feed_read_at, feed_checked_at, feed_busy, calendar_token)
       values ($1, true, $2, $3, $4, $5, 'ok', now(), now(), $6, $7)`,
      [
        userId,
        JSON.stringify(WEEKLY),
        JSON.stringify(overrides),
        `https://meet.exemple.ch/hote-${host + 1}`,
        `https://calendar.exemple.ch/hote-${host + 1}/basic.ics`,
        JSON.stringify(reading.busy.map((interval) => [interval.start.getTime(), interval.end.getTime()])),
        `bench-token-${host + 1}`,
      ],
    );
  }
  // A year of calls held (some missed, some cancelled), one a working day per host at its own hour; then
  // upcoming calls every third working day. The blocked range is the call and its 10 minutes after.
  const bookings = `
    with hosts as (select user_id, row_number() over (order by user_id) - 1 as h from booking_hosts),
    slots as (
      select h.user_id, h.h, n,
        ((date_trunc('day', now() at time zone '${ZURICH}') + n * interval '1 day' + (9 + 2 * h.h) * interval '1 hour') at time zone '${ZURICH}') as start_at
      from hosts h, generate_series($1::int, $2::int) as n
    ),
    chosen as (
      select * from slots
      where extract(isodow from start_at at time zone '${ZURICH}') < 6 and ($3 or (n + h) % 3 = 0)
    ),
    leads_made as (
      insert into leads (first_name, last_name, email, type, source, status)
      select 'Personne', 'Banc', 'rdv-' || user_id || '-' || n || '@exemple.ch', 'contact', 'form', 'new' from chosen
      returning id, email
    )
    insert into bookings (uid, lead_id, host_id, start_at, end_at, blocked, status, mode, video_url, created_at)
    select 'bench-' || c.user_id || '-' || c.n || '@exemple.ch', l.id, c.user_id, c.start_at, c.start_at + interval '30 minutes',
      tstzrange(c.start_at, c.start_at + interval '40 minutes'),
      case when $3 then (case when c.n % 17 = 0 then 'no-show' when c.n % 23 = 0 then 'cancelled' else 'held' end) else 'confirmed' end,
      'video', 'https://meet.exemple.ch/hote', c.start_at - interval '6 days'
    from chosen c join leads_made l on l.email = 'rdv-' || c.user_id || '-' || c.n || '@exemple.ch'`;
  const past = await client.query(bookings, [-365, -1, true]);
  const upcoming = await client.query(bookings, [2, DAYS - 1, false]);
  await client.query('vacuum analyze');
  return { feeds, hostIds, existing: { upcoming: upcoming.rowCount ?? 0, past: past.rowCount ?? 0 } };
}

// ─── The phase ──────────────────────────────────────────────────────────────────────────────────────

export async function benchBooking(options: { siteDistDir: string; samples: number }): Promise<BookingBenchResult> {
  const database = await createDatabase('booking');
  const client = new pg.Client({ connectionString: database.url });
  let server: RunningProcess | undefined;
  const knex = await openDatabase({ databaseUrl: database.url, dataDir: path.join(ROOT, 'bench', '.work') });
  try {
    await migrateLatest(knex);
    await client.connect();
    const settings = await readBookingSettings(knex);
    log(`booking: ${HOSTS} hosts, feeds of ${EVENTS_PER_FEED.toLocaleString('en-US')} events generated and read…`);
    const seeded = await seed(client, new Date(), settings.horizonDays);
    for (const feed of seeded.feeds) {
      log(`booking: feed of host ${feed.host}: ${feed.events} events, ${Math.round(feed.bytes / 1024)} KiB, read in ${feed.parseMs} ms (first ${feed.firstParseMs} ms), ${feed.busyIntervals} busy intervals`);
    }
    log(`booking: ${seeded.existing.past} past and ${seeded.existing.upcoming} upcoming bookings seeded`);

    server = await startProductionServer({
      name: 'booking-app',
      siteDistDir: options.siteDistDir,
      env: { DATABASE_URL: database.url, RATE_LIMITS: 'off', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
    });
    const base = new URL(server.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

    // The same work in this process, without HTTP: the storage reads, then the pure computation on their result.
    const loadTimes: number[] = [];
    const computeTimes: number[] = [];
    for (let index = 0; index < options.samples + 5; index++) {
      const now = new Date();
      const from = swissDay(now);
      const loadStarted = performance.now();
      const hosts = await loadHostSchedules(knex, now, from, DAYS);
      const loadMs = performance.now() - loadStarted;
      const computeStarted = performance.now();
      computeSlots(settings, now, { from, days: DAYS }, hosts);
      const computeMs = performance.now() - computeStarted;
      if (index >= 5) {
        loadTimes.push(loadMs);
        computeTimes.push(computeMs);
      }
    }

    // The route and the health check, alternated so both meet the same moments of the shared machine.
    const routeTimes: number[] = [];
    const healthTimes: number[] = [];
    let answer: Answer | undefined;
    for (let index = 0; index < options.samples + 5; index++) {
      answer = await send(agent, base, 'GET', `/api/bookings/slots?days=${DAYS}`);
      if (answer.status !== 200) throw new Error(`GET /api/bookings/slots answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      const health = await send(agent, base, 'GET', '/api/health');
      if (health.status !== 200) throw new Error(`GET /api/health answered ${health.status}`);
      if (index >= 5) {
        routeTimes.push(answer.ms);
        healthTimes.push(health.ms);
      }
    }
    const slotsAnswer = JSON.parse(answer!.body) as { days: Array<{ date: string; slots: Array<{ start: string }> }> };
    const offered = slotsAnswer.days.flatMap((item) => item.slots.map((slot) => slot.start));
    if (offered.length === 0) throw new Error('no slot offered: the hosts are busy or their feeds stale');
    const slots = {
      samples: options.samples,
      route: latency(routeTimes),
      health: latency(healthTimes),
      inProcessLoad: latency(loadTimes),
      inProcessCompute: latency(computeTimes),
      offered: offered.length,
      daysWithSlots: slotsAnswer.days.filter((item) => item.slots.length > 0).length,
      answerBytes: Buffer.byteLength(answer!.body),
    };
    log(
      `booking: GET slots?days=${DAYS} p50 ${slots.route.p50Ms} ms, p95 ${slots.route.p95Ms} ms (${slots.offered} starts on ${slots.daysWithSlots} days, ${slots.answerBytes} B); ` +
        `/api/health p95 ${slots.health.p95Ms} ms; in process: reads p95 ${slots.inProcessLoad.p95Ms} ms, computeSlots p95 ${slots.inProcessCompute.p95Ms} ms`,
    );
    agent.destroy();

    const rowsBefore = Number((await client.query<{ count: string }>(`select count(*) from bookings`)).rows[0]!.count);
    // One at a time first (the latest starts, a few): what one booking costs when nothing waits, beside one contact request.
    const sequentialStarts = offered.splice(-SEQUENTIAL, SEQUENTIAL);
    const sequentialBooking = await sendAll(sequentialStarts, 1, bookingRequest(base, `rdv-seul-${Date.now()}`));
    const sequentialContact = await sendAll(Array.from({ length: SEQUENTIAL }, () => null), 1, contactRequest(base, `contact-seul-${Date.now()}`));
    log(`booking: one at a time: booking p50 ${sequentialBooking.p50Ms} ms (${JSON.stringify(sequentialBooking.statuses)}), contact request p50 ${sequentialContact.p50Ms} ms`);
    // Every other offered start booked once, 50 at a time.
    const booking = await sendAll(offered, LOAD_CONNECTIONS, bookingRequest(base, `rdv-charge-${Date.now()}`));
    log(`booking: ${booking.requests} bookings at ${LOAD_CONNECTIONS} connections: ${booking.perSec} req/s, p50 ${booking.p50Ms} ms, p95 ${booking.p95Ms} ms, p99 ${booking.p99Ms} ms, ${JSON.stringify(booking.statuses)}`);

    // A start that exactly one host can still take: 200 attempts at once must give one booking.
    const now = new Date();
    const after = JSON.parse((await send(new http.Agent(), base, 'GET', `/api/bookings/slots?days=${DAYS}`)).body) as typeof slotsAnswer;
    const hosts = await loadHostSchedules(knex, now, swissDay(now), DAYS);
    const candidates = after.days.flatMap((item) => item.slots.map((slot) => slot.start));
    const freeHostsAt = (start: string) => {
      const check = checkStart(settings, now, new Date(start), hosts);
      return check.ok ? check.hostIds.length : 0;
    };
    const contestedStart = candidates.find((start) => freeHostsAt(start) === 1) ?? candidates[0];
    if (!contestedStart) throw new Error('no start left to contest');
    const freeHosts = freeHostsAt(contestedStart);
    const liveAt = async () =>
      Number((await client.query<{ count: string }>(`select count(*) from bookings where start_at = $1 and status <> 'cancelled'`, [contestedStart])).rows[0]!.count);
    const liveBefore = await liveAt();
    const contestedBooking = await sendAll(Array.from({ length: CONTESTED_ATTEMPTS }, () => contestedStart), CONTESTED_ATTEMPTS, bookingRequest(base, `rdv-course-${Date.now()}`));
    log(`booking: ${CONTESTED_ATTEMPTS} attempts at once at ${contestedStart} (${freeHosts} host free): ${JSON.stringify(contestedBooking.statuses)}, p50 ${contestedBooking.p50Ms} ms, p99 ${contestedBooking.p99Ms} ms`);
    const rowsAfter = Number((await client.query<{ count: string }>(`select count(*) from bookings`)).rows[0]!.count);

    // Baseline: the contact request, same concurrency, same server.
    const contactItems = Array.from({ length: offered.length }, () => null);
    const contact = await sendAll(contactItems, LOAD_CONNECTIONS, contactRequest(base, `contact-charge-${Date.now()}`));
    log(`booking: baseline ${contact.requests} contact requests at ${LOAD_CONNECTIONS} connections: ${contact.perSec} req/s, p50 ${contact.p50Ms} ms, p99 ${contact.p99Ms} ms, ${JSON.stringify(contact.statuses)}`);
    const contactAtOnce = await sendAll(Array.from({ length: CONTESTED_ATTEMPTS }, () => null), CONTESTED_ATTEMPTS, contactRequest(base, `contact-course-${Date.now()}`));
    log(`booking: baseline ${CONTESTED_ATTEMPTS} contact requests at once: ${JSON.stringify(contactAtOnce.statuses)}, p50 ${contactAtOnce.p50Ms} ms, p99 ${contactAtOnce.p99Ms} ms`);

    // The invariants, read in SQL.
    const overlapping = await client.query<{ count: string }>(
      `select count(*) from bookings a join bookings b on a.host_id = b.host_id and a.id < b.id and a.blocked && b.blocked
       where a.status <> 'cancelled' and b.status <> 'cancelled'`,
    );
    const invariant = {
      overlappingPairs: Number(overlapping.rows[0]!.count),
      // Other hosts may already hold a call at that start (booked by the load before): only the new ones count.
      bookingsAtContested: (await liveAt()) - liveBefore,
      created201: (sequentialBooking.statuses['201'] ?? 0) + (booking.statuses['201'] ?? 0) + (contestedBooking.statuses['201'] ?? 0),
      rowsCreated: rowsAfter - rowsBefore,
    };
    log(`booking: overlapping live bookings of one host: ${invariant.overlappingPairs}; bookings at the contested start: ${invariant.bookingsAtContested}; 201 answers ${invariant.created201}, rows ${invariant.rowsCreated}`);

    return {
      hosts: HOSTS,
      eventsPerFeed: EVENTS_PER_FEED,
      feeds: seeded.feeds,
      feedMix: { ...FEED_MIX },
      existingBookings: seeded.existing,
      slots,
      load: { booking, contact, sequentialBooking, sequentialContact },
      contested: { start: contestedStart, freeHosts, booking: contestedBooking, contact: contactAtOnce },
      invariant,
    };
  } finally {
    await server?.stop();
    await knex.destroy();
    await client.end().catch(() => undefined);
    await dropDatabase(database.name);
  }
}

// ─── Report ─────────────────────────────────────────────────────────────────────────────────────────

const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status} × ${count.toLocaleString('en-US')}`)
    .join(', ');

/** The section of bench/RESULTS.md. */
export function renderBookingSection(result: BookingBenchResult | undefined, heading: string): string[] {
  if (!result) return [];
  const { slots, load, contested, invariant } = result;
  const out = [heading, ''];
  out.push(
    `${result.hosts} hosts (Mon–Fri 08:00–18:00 Swiss time, one day off) whose calendar feeds hold ${result.eventsPerFeed.toLocaleString('en-US')} events each, generated as calendar applications publish them (${Object.entries(result.feedMix)
      .map(([kind, count]) => `${count} ${kind}`)
      .join('; ')}), read with \`readFeed\` (ical.js) over the refresh job's window and stored as it stores them (\`feed_busy\`, status ok, read now); ${result.existingBookings.past.toLocaleString('en-US')} past and ${result.existingBookings.upcoming} upcoming bookings; the default settings (30-minute call, 10 minutes after, 12 h notice, 30 days, a start every 30 minutes). \`npm start\` on PostgreSQL, rate limits off.`,
    '',
  );
  out.push('| Feed | Events | Size (KiB) | readFeed (median of 5, ms) | First reading (ms) | Busy intervals stored |');
  out.push('| --- | --- | --- | --- | --- | --- |');
  for (const feed of result.feeds) {
    out.push(`| host ${feed.host} | ${feed.events.toLocaleString('en-US')} | ${Math.round(feed.bytes / 1024)} | ${feed.parseMs} | ${feed.firstParseMs} | ${feed.busyIntervals} |`);
  }
  out.push('');
  out.push(
    `**Free starts of 30 days**, ${slots.samples} sequential requests each (the route and the health check alternated): ${slots.offered} starts on ${slots.daysWithSlots} days, ${slots.answerBytes.toLocaleString('en-US')} bytes. Target: p95 < ${SLOTS_TARGET_P95_MS} ms.`,
    '',
  );
  out.push('| Measure | p50 (ms) | p95 (ms) | max (ms) |');
  out.push('| --- | --- | --- | --- |');
  const row = (label: string, item: Latency) => out.push(`| ${label} | ${item.p50Ms} | ${item.p95Ms} | ${item.maxMs} |`);
  row(`\`GET /api/bookings/slots?days=${DAYS}\``, slots.route);
  row('baseline: `GET /api/health` (one query round trip), same server', slots.health);
  row('in process: the storage reads (`loadHostSchedules`)', slots.inProcessLoad);
  row('in process: the computation alone (`computeSlots`)', slots.inProcessCompute);
  out.push('');
  out.push(
    `**Booking under load.** ${load.sequentialBooking.requests} bookings one at a time (the last offered starts), then every other offered start booked once with ${load.booking.connections} connections (closed loop), then ${contested.booking.requests} attempts sent at once at one start ${contested.freeHosts === 1 ? 'that exactly one host could still take' : `that ${contested.freeHosts} hosts could still take`} (${contested.start}). Baseline: the contact request (\`POST /api/leads\`, type contact, which also enqueues its e-mails) with the same concurrency on the same server. A 503 is a request that waited more than 2 s for a pooled database connection (the pool holds 10). Each request carries its own Idempotency-Key and e-mail, as the public forms send them.`,
    '',
  );
  out.push('| Load | Requests | req/s | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) | Statuses |');
  out.push('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const loadRow = (label: string, item: LoadFigures) =>
    out.push(`| ${label} | ${item.requests} | ${item.perSec} | ${item.p50Ms} | ${item.p95Ms} | ${item.p99Ms} | ${item.maxMs} | ${statusList(item.statuses)} |`);
  loadRow('`POST /api/bookings`, one at a time', load.sequentialBooking);
  loadRow('baseline: `POST /api/leads`, one at a time', load.sequentialContact);
  loadRow(`\`POST /api/bookings\`, distinct starts, ${load.booking.connections} connections`, load.booking);
  loadRow(`baseline: \`POST /api/leads\`, ${load.contact.connections} connections`, load.contact);
  loadRow(`\`POST /api/bookings\`, one start, ${contested.booking.requests} at once`, contested.booking);
  loadRow(`baseline: \`POST /api/leads\`, ${contested.contact.requests} at once`, contested.contact);
  out.push('');
  out.push(
    'A booking is one transaction (its Idempotency-Key, the settings, the host rows locked for the check, their bookings around the day and their last booking, the contact, the notice shown, the activity, the booking, its e-mail rows and reminders, the answer stored); the bookings of one process run one after another before they take a connection, and instances take turns on the host rows (decision 104); the contact request is one prepared statement shared by the requests arriving together (decision 082). ' +
      'A 409 among the distinct starts is a start offered for one host only, which the booking of a neighbouring start took meanwhile (a call holds its 10 minutes after it, into the next start).',
    '',
  );
  out.push(
    `Checked in SQL afterwards: ${invariant.overlappingPairs} pairs of live bookings of one host whose blocked ranges overlap; ${invariant.bookingsAtContested} new live booking(s) at the contested start; ${invariant.rowsCreated} booking rows created for ${invariant.created201} answers 201.`,
    '',
  );
  return out;
}
