/**
 * Phase `booking` (the discovery call): the free starts of 30 days for 4 hosts whose calendar feeds
 * hold 2,000 events each, and booking under concurrent load, on `npm start` + PostgreSQL.
 *
 * Setup, in its own `bench_booking_*` database: 4 hosts whose generated calendar feeds hold 2,000 events
 * each (bench/fixtures/host-calendar-feed.ts), read and stored as the feed refresh stores them, and a
 * year of past calls and a few upcoming ones per host (bench/fixtures/booking-hosts.ts).
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
import { checkStart, computeSlots, loadHostSchedules, readBookingSettings } from '../api/features/booking/index.ts';
import { swissDay } from '../api/platform/lib/swiss-day.ts';
import { createDatabase, dropDatabase } from './lib/pg.ts';
import { startProductionServer, type RunningProcess } from './lib/server.ts';
import { ROOT, log } from './lib/util.ts';
import { pickLatency } from './lib/latency.ts';
import { send, sendEach, type Answer, type ClosedLoopFigures } from './lib/closed-loop.ts';
import { FEED_MIX } from './fixtures/host-calendar-feed.ts';
import { seedBookingHosts, type FeedFigures } from './fixtures/booking-hosts.ts';

export const SLOTS_TARGET_P95_MS = 50;
const HOSTS = 4;
const EVENTS_PER_FEED = 2000;
export const DAYS = 30;
const LOAD_CONNECTIONS = 50;
const CONTESTED_ATTEMPTS = 200;
/** Bookings (and contact requests) sent one at a time before the load. */
const SEQUENTIAL = 20;

export interface Latency {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/** A closed-loop load (bench/lib/closed-loop.ts): the field names of results.json. */
export type LoadFigures = ClosedLoopFigures;

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
    const seeded = await seedBookingHosts(client, new Date(), { hosts: HOSTS, horizonDays: settings.horizonDays, upcomingDays: DAYS });
    for (const feed of seeded.feeds) {
      log(
        `booking: feed of host ${feed.host}: ${feed.events} events, ${Math.round(feed.bytes / 1024)} KiB, read in ${feed.parseMs} ms (first ${feed.firstParseMs} ms), ${feed.busyIntervals} busy intervals`,
      );
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
      route: pickLatency(routeTimes),
      health: pickLatency(healthTimes),
      inProcessLoad: pickLatency(loadTimes),
      inProcessCompute: pickLatency(computeTimes),
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
    const sequentialBooking = await sendEach(sequentialStarts, 1, bookingRequest(base, `rdv-seul-${Date.now()}`));
    const sequentialContact = await sendEach(
      Array.from({ length: SEQUENTIAL }, () => null),
      1,
      contactRequest(base, `contact-seul-${Date.now()}`),
    );
    log(`booking: one at a time: booking p50 ${sequentialBooking.p50Ms} ms (${JSON.stringify(sequentialBooking.statuses)}), contact request p50 ${sequentialContact.p50Ms} ms`);
    // Every other offered start booked once, 50 at a time.
    const booking = await sendEach(offered, LOAD_CONNECTIONS, bookingRequest(base, `rdv-charge-${Date.now()}`));
    log(
      `booking: ${booking.requests} bookings at ${LOAD_CONNECTIONS} connections: ${booking.perSec} req/s, p50 ${booking.p50Ms} ms, p95 ${booking.p95Ms} ms, p99 ${booking.p99Ms} ms, ${JSON.stringify(booking.statuses)}`,
    );

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
    const liveAt = async () => Number((await client.query<{ count: string }>(`select count(*) from bookings where start_at = $1 and status <> 'cancelled'`, [contestedStart])).rows[0]!.count);
    const liveBefore = await liveAt();
    const contestedBooking = await sendEach(
      Array.from({ length: CONTESTED_ATTEMPTS }, () => contestedStart),
      CONTESTED_ATTEMPTS,
      bookingRequest(base, `rdv-course-${Date.now()}`),
    );
    log(
      `booking: ${CONTESTED_ATTEMPTS} attempts at once at ${contestedStart} (${freeHosts} host free): ${JSON.stringify(contestedBooking.statuses)}, p50 ${contestedBooking.p50Ms} ms, p99 ${contestedBooking.p99Ms} ms`,
    );
    const rowsAfter = Number((await client.query<{ count: string }>(`select count(*) from bookings`)).rows[0]!.count);

    // Baseline: the contact request, same concurrency, same server.
    const contactItems = Array.from({ length: offered.length }, () => null);
    const contact = await sendEach(contactItems, LOAD_CONNECTIONS, contactRequest(base, `contact-charge-${Date.now()}`));
    log(
      `booking: baseline ${contact.requests} contact requests at ${LOAD_CONNECTIONS} connections: ${contact.perSec} req/s, p50 ${contact.p50Ms} ms, p99 ${contact.p99Ms} ms, ${JSON.stringify(contact.statuses)}`,
    );
    const contactAtOnce = await sendEach(
      Array.from({ length: CONTESTED_ATTEMPTS }, () => null),
      CONTESTED_ATTEMPTS,
      contactRequest(base, `contact-course-${Date.now()}`),
    );
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
    log(
      `booking: overlapping live bookings of one host: ${invariant.overlappingPairs}; bookings at the contested start: ${invariant.bookingsAtContested}; 201 answers ${invariant.created201}, rows ${invariant.rowsCreated}`,
    );

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
