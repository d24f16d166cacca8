/**
 * Phase `booking-pages` (decision 126): the booking page's rate beside the landing page's, and the public
 * page's p99 while a host's calendar feed is read, on `npm start` with its embedded database.
 *
 * Setup: the pages phase's host (Monday to Friday 09:00–17:00, seedBookingHost) whose calendar feed is a
 * generated iCalendar file of 400 weekly series begun three years ago (the feed that made readings slow, decision 126), served by a
 * local HTTP server; the feed is read once through the settings screen's "read now" before measuring.
 *
 * Measured, in the same run:
 * - `/` and `/rendez-vous/` with autocannon (32 connections, a browser's Accept and Accept-Encoding),
 *   alternated twice each; the rate of each is the mean of its two runs. Target: the booking page at no
 *   less than half the landing page's rate.
 * - `/` with 8 connections for the same time, first alone, then while the feed is read again and again
 *   through `POST /api/admin/hosts/:id/feed/refresh` (one reading after another for the whole run).
 *   Target: its p99 during the readings within 20 % of its p99 without them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../api/platform/db.ts';
import { hashPassword } from '../api/platform/lib/passwords.ts';
import { load, type LoadResult } from './lib/load.ts';
import { ApiSession, BENCH_ADMIN } from './lib/http.ts';
import { startProductionServer } from './lib/server.ts';
import { seedBookingHost } from './seed.ts';
import { FEED_SERIES, largeFeed } from './fixtures/weekly-series-feed.ts';
import { log, median, round } from './lib/util.ts';
import type { Target } from './lib/report-format.ts';

export const PAGE_RATE_TARGET = 0.5;
export const REFRESH_P99_TARGET = 1.2;
const RATE_CONNECTIONS = 32;
const LATENCY_CONNECTIONS = 8;
const SERIES = FEED_SERIES;

export interface BookingPagesResult {
  durationS: number;
  feed: { series: number; bytes: number; busyCount: number; readings: number; readingMs: { p50: number; max: number } };
  rate: { connections: number; landing: LoadResult[]; bookingPage: LoadResult[]; landingPerSec: number; bookingPerSec: number; ratio: number };
  refresh: { connections: number; quiet: LoadResult; during: LoadResult; ratio: number };
}

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br, zstd' };

export async function benchBookingPages(options: { siteDistDir: string; durationS: number }): Promise<BookingPagesResult> {
  const feedText = largeFeed(new Date());
  const feedServer = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(feedText);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/agenda.ics`;

  let hostId = 0;
  const server = await startProductionServer({
    name: 'booking-pages',
    siteDistDir: options.siteDistDir,
    env: { RATE_LIMITS: 'off', LOG_LEVEL: 'warn' },
    prepareDataDir: async (dataDir) => {
      await seedBookingHost(dataDir);
      const knex = await openDatabase({ databaseUrl: undefined, dataDir });
      try {
        hostId = (await knex('booking_hosts').first('userId')).userId as number;
        await knex('booking_hosts').where({ userId: hostId }).update({ feedUrl });
        await knex('users').insert({
          username: BENCH_ADMIN.email,
          email: BENCH_ADMIN.email,
          password: await hashPassword(BENCH_ADMIN.password),
          firstName: BENCH_ADMIN.firstName,
          lastName: BENCH_ADMIN.lastName,
          role: 'admin',
        });
      } finally {
        await knex.destroy();
      }
    },
  });
  try {
    const admin = new ApiSession(server.url);
    await admin.expect('POST', '/api/simple-auth/login', { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }, [200]);
    const readingMs: number[] = [];
    let busyCount = 0;
    const readFeedOnce = async () => {
      const answer = await admin.expect<{ status: string; busyCount: number }>('POST', `/api/admin/hosts/${hostId}/feed/refresh`, {}, [200]);
      if (answer.body.status !== 'ok') throw new Error(`feed not read: ${JSON.stringify(answer.body)}`);
      busyCount = answer.body.busyCount;
      readingMs.push(answer.ms);
    };
    await readFeedOnce();
    const page = await fetch(`${server.url}/rendez-vous/`);
    if (!(await page.text()).includes('name="start"')) throw new Error('the booking page offers no start: the host or its feed is not set up');
    log(`booking-pages: feed of ${SERIES} weekly series (${feedText.length.toLocaleString('en-US')} bytes) read in ${round(readingMs[0]!, 0)} ms, ${busyCount} busy intervals`);

    const durationS = options.durationS;
    const rateRun = (label: string, path: string) => load({ label, url: server.url, connections: RATE_CONNECTIONS, durationS, request: { method: 'GET', path, headers: BROWSER } });
    // Warm both (the free starts computed once, the compressed landing kept).
    await load({ label: 'warm-up', url: server.url, connections: 4, durationS: 1, request: { method: 'GET', path: '/rendez-vous/', headers: BROWSER } });
    const landing: LoadResult[] = [];
    const bookingPage: LoadResult[] = [];
    for (let round_ = 0; round_ < 2; round_ += 1) {
      landing.push(await rateRun('/', '/'));
      bookingPage.push(await rateRun('/rendez-vous/', '/rendez-vous/'));
      log(`booking-pages: round ${round_ + 1}: / ${landing.at(-1)!.requestsPerSec} req/s, /rendez-vous/ ${bookingPage.at(-1)!.requestsPerSec} req/s`);
    }
    const mean = (list: LoadResult[]) => round(list.reduce((sum, item) => sum + item.requestsPerSec, 0) / list.length, 0);
    const landingPerSec = mean(landing);
    const bookingPerSec = mean(bookingPage);

    const latencyRun = (label: string) => load({ label, url: server.url, connections: LATENCY_CONNECTIONS, durationS, request: { method: 'GET', path: '/', headers: BROWSER } });
    const quiet = await latencyRun('/ without a feed reading');
    let reading = true;
    const readings = (async () => {
      let count = 0;
      while (reading) {
        await readFeedOnce();
        count += 1;
      }
      return count;
    })();
    const during = await latencyRun('/ while the feed is read');
    reading = false;
    const count = await readings;
    log(`booking-pages: / p99 ${quiet.p99Ms} ms without a feed reading, ${during.p99Ms} ms during ${count} readings`);

    return {
      durationS,
      feed: { series: SERIES, bytes: Buffer.byteLength(feedText), busyCount, readings: count, readingMs: { p50: round(median(readingMs), 0), max: round(Math.max(...readingMs), 0) } },
      rate: { connections: RATE_CONNECTIONS, landing, bookingPage, landingPerSec, bookingPerSec, ratio: round(bookingPerSec / landingPerSec, 2) },
      refresh: { connections: LATENCY_CONNECTIONS, quiet, during, ratio: round(during.p99Ms / Math.max(quiet.p99Ms, 1), 2) },
    };
  } finally {
    await server.stop();
    await new Promise<void>((resolve) => feedServer.close(() => resolve()));
  }
}

const ms = (value: number) => `${value} ms`;

/** The phase's lines in bench/RESULTS.md. */
export function renderBookingPagesSection(result: BookingPagesResult, heading: string): string[] {
  const { rate, refresh, feed } = result;
  return [
    heading,
    '',
    `\`npm start\` on its embedded database, one host (Monday to Friday 09:00–17:00) whose calendar feed holds ${feed.series} weekly series begun three years ago (${feed.bytes.toLocaleString('en-US')} bytes, ${feed.busyCount} busy intervals in the window), served locally. Requests carry a browser's Accept and Accept-Encoding; ${result.durationS} s per run.`,
    '',
    '| Measure | Without | With | Ratio | Target | Met |',
    '|---|---|---|---|---|---|',
    `| Rate at ${rate.connections} connections: \`/\` vs \`/rendez-vous/\` (runs ${rate.landing.map((item) => item.requestsPerSec).join(', ')} vs ${rate.bookingPage.map((item) => item.requestsPerSec).join(', ')}) | ${rate.landingPerSec} req/s | ${rate.bookingPerSec} req/s | ${rate.ratio} | ≥ ${PAGE_RATE_TARGET} | ${rate.ratio >= PAGE_RATE_TARGET ? 'yes' : 'no'} |`,
    `| \`/\` p99 at ${refresh.connections} connections: without vs during ${feed.readings} feed readings (p50 ${ms(feed.readingMs.p50)} each) | ${ms(refresh.quiet.p99Ms)} (p50 ${ms(refresh.quiet.p50Ms)}) | ${ms(refresh.during.p99Ms)} (p50 ${ms(refresh.during.p50Ms)}) | ${refresh.ratio} | ≤ ${REFRESH_P99_TARGET} | ${refresh.ratio <= REFRESH_P99_TARGET ? 'yes' : 'no'} |`,
    '',
    'The free starts are kept computed per version of what they depend on (decision 126): a request reads one counter (on the embedded database, only after this process wrote something), and the page of a plain visit is made once per computation, its idempotency key spliced in per visit into its gzip body compressed once. The feed is parsed on a worker thread: a reading takes the request thread only for its fetch, its answer and the stored intervals.',
    '',
  ];
}

/** The phase's lines in the targets table. */
export function bookingPagesTargets(result: BookingPagesResult): Target[] {
  const { rate, refresh, feed } = result;
  return [
    {
      area: 'Booking',
      target: `/rendez-vous/ served at no less than half the rate of / (${rate.connections} connections, same run)`,
      measured: `${rate.bookingPerSec} req/s vs ${rate.landingPerSec} req/s: ${rate.ratio}`,
      met: rate.ratio >= PAGE_RATE_TARGET,
      why: "The free starts are computed once per version of what they depend on and the plain visit's page made once per computation (decision 126); a request reads the version (one query shared by the requests arriving together).",
    },
    {
      area: 'Booking',
      target: `p99 of / during a feed reading (${feed.series} weekly series over three years) within 20 % of its p99 without one`,
      measured: `${ms(refresh.during.p99Ms)} vs ${ms(refresh.quiet.p99Ms)}: ${refresh.ratio} (${feed.readings} readings, p50 ${ms(feed.readingMs.p50)})`,
      met: refresh.ratio <= REFRESH_P99_TARGET,
      why: 'The feed is parsed on a worker thread (decision 126); the request thread only fetches it, receives the busy intervals and stores them.',
    },
  ];
}
