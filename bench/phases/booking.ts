/**
 * Booking the discovery call (bench/booking.ts): the free starts of 30 days for 4 hosts whose calendar
 * feeds hold 2,000 events each (bench/fixtures/host-calendar-feed.ts), and booking under concurrent load
 * beside the contact request, with the no-double-booking invariants checked in SQL (decision 104).
 */
import { benchBooking, DAYS, SLOTS_TARGET_P95_MS, type BookingBenchResult, type Latency, type LoadFigures } from '../booking.ts';
import { ms, statusList, type Target } from '../lib/report-format.ts';
import { definePhase } from '../phase.ts';

export const bookingPhase = definePhase({
  name: 'booking',
  key: 'booking',
  run: (context) => benchBooking({ siteDistDir: context.siteDistDir, samples: context.quick ? 30 : 200 }),
  targets: (booking) => bookingTargets(booking),
  report: (booking, measured) => bookingSection(booking, measured),
});

export function bookingTargets(result: BookingBenchResult): Target[] {
  const { slots, contested, invariant, load } = result;
  const contestedCreated = contested.booking.statuses['201'] ?? 0;
  const contestedRefused = contested.booking.statuses['409'] ?? 0;
  const parse = result.feeds.map((feed) => feed.parseMs);
  return [
    {
      area: 'Booking',
      target: `Free starts of 30 days for ${result.hosts} hosts with feeds of ${result.eventsPerFeed.toLocaleString('en-US')} events: GET /api/bookings/slots p95 < ${SLOTS_TARGET_P95_MS} ms`,
      measured: `${ms(slots.route.p95Ms)} (p50 ${ms(slots.route.p50Ms)}; /api/health p95 ${ms(slots.health.p95Ms)}; in process: reads ${ms(slots.inProcessLoad.p95Ms)}, computeSlots ${ms(slots.inProcessCompute.p95Ms)})`,
      met: slots.route.p95Ms < SLOTS_TARGET_P95_MS,
      why:
        `The feeds are read by the refresh job, not by the request (readFeed: ${Math.min(...parse)}–${Math.max(...parse)} ms per feed of ${result.eventsPerFeed.toLocaleString('en-US')} events): ` +
        `the route reads the settings, the ${result.hosts} host rows with their stored busy intervals (${result.feeds.map((feed) => feed.busyIntervals).join(', ')}) and the bookings around the days asked, then computes the starts (${slots.offered} offered, ${slots.answerBytes.toLocaleString('en-US')} bytes).`,
    },
    {
      area: 'Booking',
      target: `No double booking: after the load and ${contested.booking.requests} attempts at once at one start, no two live bookings of one host overlap, the start has one new booking, one row per 201`,
      measured: `${invariant.overlappingPairs} overlapping pairs; ${invariant.bookingsAtContested} new booking(s) at the contested start (${contested.freeHosts} host free there); ${invariant.rowsCreated} rows for ${invariant.created201} answers 201`,
      met: contested.freeHosts === 1 && invariant.overlappingPairs === 0 && invariant.bookingsAtContested === 1 && invariant.rowsCreated === invariant.created201,
      why: 'The exclusion constraint on (host, blocked range) refuses whatever would overlap, and the host rows locked for the check make concurrent bookings take turns (decision 104).',
    },
    {
      area: 'Booking',
      target: `${contested.booking.requests} attempts at once at one start: one 201 and ${contested.booking.requests - 1} × 409`,
      measured: `${statusList(contested.booking.statuses)} (p50 ${ms(contested.booking.p50Ms)}, p99 ${ms(contested.booking.p99Ms)}); at ${load.booking.connections} connections: ${load.booking.perSec} bookings/s, ${statusList(load.booking.statuses)} (contact request: ${load.contact.perSec}/s)`,
      met: contestedCreated === 1 && contestedRefused === contested.booking.requests - 1,
      why:
        `One booking alone takes ${ms(load.sequentialBooking.p50Ms)} (p50; a contact request ${ms(load.sequentialContact.p50Ms)}), and bookings take turns on the host rows' lock (decision 104). ` +
        'The bookings of one process run one after another and wait for their turn in memory, without a connection: before that, bookings waiting on the lock held the whole pool of 10 and the requests behind them waited more than 2 s for a connection (the acquire timeout) and got 503 instead of 201 or 409 (21 to 44 of 200 in three runs out of five of this phase). Nothing is double booked either way: a 503 books nothing. ' +
        "**What would reach it:** if 503s come back, look for what else holds the pool during the burst (the 409s' next free slots are computed outside the turn); shorter turns would come from reading only the chosen host's bookings under the lock.",
    },
  ];
}

function bookingSection(result: BookingBenchResult, measured: string): string[] {
  const { slots, load, contested, invariant } = result;
  const out = [`## 9. Booking the discovery call ${measured}`, ''];
  out.push(
    `${result.hosts} hosts (Mon–Fri 08:00–18:00 Swiss time, one day off) whose calendar feeds hold ${result.eventsPerFeed.toLocaleString('en-US')} events each, generated as calendar applications publish them (${Object.entries(
      result.feedMix,
    )
      .map(([kind, count]) => `${count} ${kind}`)
      .join(
        '; ',
      )}), read with \`readFeed\` (ical.js) over the refresh job's window and stored as it stores them (\`feed_busy\`, status ok, read now); ${result.existingBookings.past.toLocaleString('en-US')} past and ${result.existingBookings.upcoming} upcoming bookings; the default settings (30-minute call, 10 minutes after, 12 h notice, 30 days, a start every 30 minutes). \`npm start\` on PostgreSQL, rate limits off.`,
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
