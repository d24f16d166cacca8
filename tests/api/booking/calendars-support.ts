/** The calendars tests' starting point: a local calendar server, the sample feed moved to the coming weeks, and an admin, a viewer and a host. */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { BOOKING_FEEDS_QUEUE } from '../../../api/features/booking/index.ts';
import { QUEUE_SCHEMA } from '../../../api/platform/queue/queue.ts';
import { startTestApp, type TestApp, type TestClient } from '../harness.ts';

const HOST_CALENDAR = readFileSync(path.resolve(import.meta.dirname, '../../support/host-calendar.ics'), 'utf8');
const SWISS = 'Europe/Zurich';
const DAY_MS = 86_400_000;

/** The sample feed's weeks start on Monday 15 March 2027; the test moves them to the coming weeks. */
const SAMPLE_MONDAY = Date.UTC(2027, 2, 15);

function swissDateOf(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SWISS, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export function swissTimeOf(instant: Date): string {
  return new Intl.DateTimeFormat('fr-CH', { timeZone: SWISS, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first Monday at least two days from today (Swiss): the sample's Monday 15 March lands there. */
export const today = swissDateOf(new Date());
export const monday = (() => {
  let date = addDays(today, 2);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 1) date = addDays(date, 1);
  return date;
})();
const shiftDays = Math.round((Date.parse(`${monday}T00:00:00Z`) - SAMPLE_MONDAY) / DAY_MS);

/**
 * The sample feed with every date from 2010 on moved by whole weeks (so weekdays, EXDATEs and
 * RECURRENCE-IDs still match; the time zones' own rules of 1601 and 1970 stay as they are).
 */
const shiftedCalendar = HOST_CALENDAR.replace(/\b(20[1-9]\d)(\d\d)(\d\d)(?=T|\r?\n|$)/gm, (_match, year: string, month: string, day: string) => {
  const moved = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)) + shiftDays * DAY_MS);
  return moved.toISOString().slice(0, 10).replaceAll('-', '');
});

/** A wall time in a zone on one of the shifted days, as the Swiss "HH:MM" the slots list shows. */
export function swissTimeFrom(date: string, time: string, zone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return swissTimeOf(new Date(new TZDate(year, month - 1, day, hour, minute, 0, zone).getTime()));
}

// The local calendar server: what it answers is set by each test.
type FeedMode = 'ics' | 'error' | 'garbage' | 'redirect';
let feedMode: FeedMode = 'ics';
/** Sets what the local calendar server answers from now on (a test's setting; an import cannot be assigned). */
export function answerFeedsWith(mode: FeedMode): void {
  feedMode = mode;
}
export let feedRequests: Array<{ cookie: string | undefined }> = [];
let server: Server;
export let feedUrl: string;

export let app: TestApp;
export let admin: TestClient;
export let viewer: TestClient;
export let hostId: number;

const ALL_WEEK_DAYTIME = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '07:00', end: '18:00' }));

/** The offered starts, as Swiss "HH:MM" per Swiss date. */
export async function slotsByDay(from: string, days: number): Promise<Map<string, string[]>> {
  const response = await app.client().get('/api/bookings/slots', { query: { from, days } });
  expect(response.status).toBe(200);
  const byDay = new Map<string, string[]>();
  for (const day of response.body.days as Array<{ date: string; slots: Array<{ start: string }> }>) {
    byDay.set(
      day.date,
      day.slots.map((slot) => swissTimeOf(new Date(slot.start))),
    );
  }
  return byDay;
}

export async function allSlots(): Promise<number> {
  const byDay = await slotsByDay(today, 14);
  return [...byDay.values()].reduce((sum, slots) => sum + slots.length, 0);
}

export async function makeHost(feed: string | null = feedUrl) {
  return admin.request('PUT', `/api/admin/hosts/${hostId}/availability`, {
    json: { isHost: true, weekly: ALL_WEEK_DAYTIME, overrides: [], videoUrl: 'https://meet.example.ch/helene', feedUrl: feed },
  });
}

export const feedAlerts = () => app.knex('emails').where({ kind: 'booking_feed_alert' }).orderBy('id');

/** Registers this file's hooks: each test file starts its own app (a module imported by several files is evaluated once per worker). */
export function setUpCalendarsTests(): void {
  beforeAll(async () => {
    server = createServer((request, response) => {
      feedRequests.push({ cookie: request.headers.cookie });
      if (request.url === '/moved.ics' || feedMode === 'redirect') {
        if (request.url === '/moved.ics') {
          response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', 'set-cookie': 'tracker=1' });
          response.end(shiftedCalendar);
          return;
        }
        response.writeHead(302, { location: '/moved.ics', 'set-cookie': 'tracker=1' });
        response.end();
        return;
      }
      if (feedMode === 'error') {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('Internal Server Error');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      response.end(feedMode === 'garbage' ? '<html><body>Connexion requise</body></html>' : shiftedCalendar);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendrier.ics`;

    app = await startTestApp();
    admin = await app.signIn({ email: 'admin@example.ch', firstName: 'Alice', lastName: 'Admin' });
    viewer = await app.signIn({ role: 'viewer', email: 'lecture@example.ch', firstName: 'Victor', lastName: 'Lecteur' });
    await app.signIn({ email: 'hote@example.ch', firstName: 'Hélène', lastName: 'Hôte' });
    hostId = (await app.knex('users').where({ email: 'hote@example.ch' }).first()).id;
    // This file reads the feeds itself, at chosen moments: the every-ten-minutes refresh would change a
    // feed's state in the middle of a test (a stale feed read again, a request counted twice).
    await app.jobs.queue.unschedule(BOOKING_FEEDS_QUEUE);
    await app.knex.raw(`delete from ${QUEUE_SCHEMA}.job where name = ? and state in ('created', 'retry')`, [BOOKING_FEEDS_QUEUE]);
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(async () => {
    feedMode = 'ics';
    feedRequests = [];
    await app.emptyTables('bookings', 'leads', 'booking_hosts', 'idempotency_keys', 'emails');
    await app.knex('booking_settings').where({ id: 1 }).update({
      durationMinutes: 30,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      minimumNoticeMinutes: 60,
      horizonDays: 30,
      slotStepMinutes: 30,
      dailyCapPerHost: null,
      mode: 'video',
    });
  });
}
