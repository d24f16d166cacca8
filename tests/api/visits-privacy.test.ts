/**
 * What a copy of the database holds about visitors once the visit salt has rotated twice (decision 111):
 * no IP address, no User-Agent, no visitor hash older than 48 hours and no old salt. On PostgreSQL the
 * copy is a real `pg_dump` (as the backups take, api/features/operations/backup-take.ts); on the embedded
 * engine, which pg_dump cannot read, every row of every table as text.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { rotateSalts, swissDay } from '../../api/features/attribution/index.ts';

const run = promisify(execFile);
const usePg = process.env.TEST_DB === 'pg';
const HOUR = 3_600_000;
const IP = '203.0.113.58';
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Sonde4412';

let site: string;
let app: TestApp;

beforeAll(async () => {
  site = mkdtempSync(path.join(tmpdir(), 'innercircle-visits-privacy-'));
  for (const name of ['index.html', 'webinaire/index.html']) {
    mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
    writeFileSync(path.join(site, name), '<!doctype html><html lang="fr"><head><title>Page</title></head><body><h1>Page</h1></body></html>');
  }
  app = await startTestApp({ SITE_DIST_DIR: site, VISITS_FLUSH_SECONDS: '3600', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await app.close();
  rmSync(site, { recursive: true, force: true });
});

/** The whole database as text: pg_dump's plain SQL on PostgreSQL, every row of every table on PGlite. */
async function dump(): Promise<string> {
  if (usePg) {
    const { stdout } = await run('pg_dump', ['--format=plain', '--no-owner', '--no-privileges', app.config.databaseUrl!], { maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  }
  const { rows: tables } = await app.knex.raw<{ rows: { schema: string; name: string }[] }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { schema, name } of tables) {
    const { rows } = await app.knex.raw<{ rows: { row: string }[] }>(`select t::text as row from "${schema}"."${name}" t`);
    parts.push(`-- ${schema}.${name}`, ...rows.map((row) => row.row));
  }
  return parts.join('\n');
}

it('holds no IP address, no User-Agent, no visitor hash older than 48 hours and no old salt after two rotations', async () => {
  const client = app.client();
  for (const page of ['/?utm_source=linkedin&utm_medium=social&utm_campaign=printemps', '/webinaire']) {
    expect((await client.get(page, { headers: { 'user-agent': USER_AGENT, 'x-forwarded-for': IP } })).status).toBe(200);
  }
  await app.visits.flush();
  const today = swissDay(new Date());
  const [salt] = (await app.knex('visitSalts').where({ day: today }).select('salt')) as { salt: string }[];
  const hashes = ((await app.knex('visitorFirstSources').where({ day: today }).select('visitorHash')) as { visitorHash: string }[]).map((row) => row.visitorHash);
  expect(salt?.salt).toMatch(/^[\w-]{43}$/);
  expect(hashes).toHaveLength(1);

  // The day's copy still holds them (so the test can find them), but never the address or the browser.
  const before = await dump();
  expect(before).toContain(salt!.salt);
  expect(before).toContain(hashes[0]);
  expect(before).toContain('printemps');
  for (const needle of [IP, 'Sonde4412', 'Chrome/131']) expect(before, needle).not.toContain(needle);

  // Two days and an hour go by: the rows are aged as the clock would, then the hourly cron runs as it
  // did yesterday (a new salt) and as it does now (another new salt, the old day's data gone).
  await app.knex.raw(`update visit_salts set day = day - 2, created_at = created_at - interval '49 hours'`);
  await app.knex.raw(`update visitor_first_sources set day = day - 2, first_seen_at = first_seen_at - interval '49 hours'`);
  await app.knex.raw('update visitor_pages set day = day - 2');
  const now = Date.now();
  await rotateSalts(app.knex, new Date(now - 24 * HOUR));
  await rotateSalts(app.knex, new Date(now));
  const salts = (await app.knex('visitSalts').select(app.knex.raw(`to_char(day, 'YYYY-MM-DD') as day`))) as { day: string }[];
  expect(salts.map((row) => row.day).sort()).toEqual([swissDay(new Date(now - 24 * HOUR)), swissDay(new Date(now))]);

  const after = await dump();
  expect(after.length).toBeGreaterThan(usePg ? 10_000 : 1_000);
  // The daily totals stay: the visit is still counted, by its source.
  expect(after).toContain('printemps');
  for (const needle of [IP, 'Sonde4412', 'Chrome/131', salt!.salt, ...hashes]) expect(after, needle).not.toContain(needle);
});
