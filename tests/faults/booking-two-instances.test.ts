/**
 * No double booking with two app instances on one PostgreSQL (decision 104): the host rows locked for
 * the check and the exclusion constraint live in the database, so they hold whichever process answers.
 * - 200 attempts at once at one start, split across both instances: one booking, 199 × 409;
 * - attempts at once at overlapping starts (a 30-minute call and 10 minutes after it, a start every
 *   10 minutes), across both instances and two hosts: every answer is 201 or 409, one booking per 201,
 *   and no two live bookings of one host overlap.
 * Both instances keep their free starts computed (decision 126): the booking page and the free starts of
 * each, read before the race, no longer offer the start booked through either one.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductionServer, removeDataDir, type ProductionServer } from '../e2e/server.ts';
import { TestClient } from '../api/harness.ts';
import { createScratchDatabase, type ScratchDatabase } from '../scratch-database.ts';

let scratch: ScratchDatabase;
let first: ProductionServer;
let second: ProductionServer;
let db: pg.Pool;
let hostIds: number[];

/** Every day 08:00–18:00 Swiss time, so the test finds slots whatever day it runs. */
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '18:00' }));

beforeAll(async () => {
  scratch = await createScratchDatabase('booking_two');
  const shared = { DATABASE_URL: scratch.url, SESSION_SECRET: randomBytes(32).toString('hex') };
  // One after the other: the first migrates the empty database.
  first = await startProductionServer(shared);
  second = await startProductionServer(shared);
  db = new pg.Pool({ connectionString: scratch.url, max: 2 });
  // The pool's last connections may still be closing when the scratch database is dropped WITH (FORCE):
  // the server ends them ("terminating connection due to administrator command") and the pool re-emits
  // that on itself. Only idle connections report here (a query's own error rejects its promise).
  db.on('error', () => {});
  hostIds = [];
  for (const name of ['Hélène', 'Marc']) {
    const { rows } = await db.query<{ id: number }>(
      `insert into users (username, email, password, first_name, last_name, role) values ($1, $1, 'pas-de-connexion', $2, 'Hôte', 'admin') returning id`,
      [`${name.toLowerCase()}@example.ch`, name],
    );
    hostIds.push(rows[0]!.id);
    await db.query(`insert into booking_hosts (user_id, is_host, weekly, overrides, video_url, calendar_token) values ($1, false, $2, '[]', $3, $4)`, [
      rows[0]!.id,
      JSON.stringify(EVERY_DAY),
      `https://meet.example.ch/${rows[0]!.id}`,
      `jeton-${rows[0]!.id}`,
    ]);
  }
});

afterAll(async () => {
  for (const server of [first, second]) {
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  }
  await db?.end();
  await scratch?.drop();
});

/** `days` Swiss days from today at `hour`:`minute` Swiss time, as the API writes instants. */
function swissStart(days: number, hour: number, minute = 0): string {
  const today = new TZDate(Date.now(), 'Europe/Zurich');
  return new Date(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, hour, minute, 'Europe/Zurich').getTime()).toISOString();
}

async function offeredOn(client: TestClient, start: string): Promise<string[]> {
  const date = new TZDate(Date.parse(start), 'Europe/Zurich');
  const from = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const response = await client.get('/api/bookings/slots', { query: { from, days: 1 } });
  expect(response.status).toBe(200);
  return response.body.days[0].slots.map((slot: { start: string }) => slot.start);
}

/** The starts the booking page of an instance offers. */
async function pageStarts(server: ProductionServer): Promise<string[]> {
  const response = await new TestClient(server.url).get('/rendez-vous/');
  expect(response.status).toBe(200);
  return [...response.text.matchAll(/<input type="radio" name="start" value="([^"]+)"/g)].map((match) => match[1]!);
}

/** `count` people posting at once, alternately through each instance, each at `startOf(index)`. */
async function bookAtOnce(count: number, startOf: (index: number) => string, prefix: string) {
  const clients = [new TestClient(first.url), new TestClient(second.url)];
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      clients[index % 2]!.post('/api/bookings', {
        start: startOf(index),
        firstName: 'Léa',
        lastName: 'Favre',
        email: `${prefix}-${index}@example.ch`,
        phone: '+41 79 123 45 67',
      }),
    ),
  );
}

/** Pairs of live bookings of one host whose blocked ranges (call and buffers) overlap. */
async function overlappingPairs(): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    `select count(*) from bookings a join bookings b on a.host_id = b.host_id and a.id < b.id and a.blocked && b.blocked
     where a.status <> 'cancelled' and b.status <> 'cancelled'`,
  );
  return Number(rows[0]!.count);
}

describe('booking with two instances on one PostgreSQL', () => {
  it('gives one booking and 199 × 409 for 200 attempts at one start split across both instances', async () => {
    await db.query(`update booking_settings set minimum_notice_minutes = 60, slot_step_minutes = 30, duration_minutes = 30, buffer_after_minutes = 10`);
    await db.query(`update booking_hosts set is_host = (user_id = $1)`, [hostIds[0]]);
    const start = swissStart(2, 10);
    // Both instances offer it.
    expect(await offeredOn(new TestClient(first.url), start)).toContain(start);
    expect(await offeredOn(new TestClient(second.url), start)).toContain(start);
    for (const server of [first, second]) expect(await pageStarts(server)).toContain(start);

    const answers = await bookAtOnce(200, () => start, 'un-creneau');
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(199);
    // Each instance refused some: both took part in the race.
    expect(statuses.filter((status, index) => status === 409 && index % 2 === 0).length).toBeGreaterThan(0);
    expect(statuses.filter((status, index) => status === 409 && index % 2 === 1).length).toBeGreaterThan(0);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe("Ce créneau n'est plus disponible.");

    const { rows } = await db.query(`select host_id, start_at from bookings where status <> 'cancelled' and start_at = $1`, [start]);
    expect(rows).toHaveLength(1);
    expect(rows[0].host_id).toBe(hostIds[0]);
    // Refused attempts left no contact behind.
    expect(Number((await db.query(`select count(*) from leads where email like 'un-creneau-%'`)).rows[0].count)).toBe(1);
    // The start is no longer offered, by either instance.
    expect(await offeredOn(new TestClient(second.url), start)).not.toContain(start);
    expect(await offeredOn(new TestClient(first.url), start)).not.toContain(start);
    for (const server of [first, second]) expect(await pageStarts(server)).not.toContain(start);
  }, 120_000);

  it('never leaves two overlapping bookings of one host for attempts at overlapping starts across both instances', async () => {
    // A 30-minute call holds 40 minutes (10 after it); starts every 10 minutes overlap their neighbours.
    await db.query(`update booking_settings set minimum_notice_minutes = 60, slot_step_minutes = 10, duration_minutes = 30, buffer_after_minutes = 10`);
    await db.query(`update booking_hosts set is_host = true`);
    const starts = [0, 10, 20, 30, 40, 50].map((minute) => swissStart(3, 9, minute));
    const offered = await offeredOn(new TestClient(first.url), starts[0]!);
    expect(offered).toEqual(expect.arrayContaining(starts));

    const answers = await bookAtOnce(120, (index) => starts[Math.floor(index / 2) % starts.length]!, 'chevauchement');
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    const created = statuses.filter((status) => status === 201).length;

    const { rows } = await db.query<{ host_id: number; start_at: Date }>(
      `select host_id, start_at from bookings where status <> 'cancelled' and start_at >= $1 and start_at <= $2 order by host_id, start_at`,
      [starts[0], starts.at(-1)],
    );
    expect(rows).toHaveLength(created);
    expect(await overlappingPairs()).toBe(0);
    // Both hosts were free for every start: each took at least one call, and at most two (09:00 and 09:40 at best).
    for (const hostId of hostIds) {
      const mine = rows.filter((row) => row.host_id === hostId);
      expect(mine.length).toBeGreaterThanOrEqual(1);
      expect(mine.length).toBeLessThanOrEqual(2);
    }
    // Every 201 answered a start that is booked now, and what both instances offer agrees.
    for (const answer of answers.filter((item) => item.status === 201)) {
      expect(rows.map((row) => new Date(row.start_at).toISOString())).toContain(answer.body.start);
    }
    expect(await offeredOn(new TestClient(second.url), starts[0]!)).toEqual(await offeredOn(new TestClient(first.url), starts[0]!));
  }, 120_000);
});
