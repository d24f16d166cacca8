// Visits counted by the server (decision 111): the batch written on a stop, the salts' 48 hours, no IP address or User-Agent stored, the back office's visits report.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { TEST_PASSWORD_HASH_COST } from './harness.ts';
import { loadConfig } from '../../api/platform/config.ts';
import { databaseOptions, openDatabase } from '../../api/platform/db.ts';
import { startServer } from '../../api/server.ts';
import { createScratchDatabase } from '../scratch-database.ts';
import { pgliteTemplate } from '../template-database.ts';
import { rotateSalts, swissDay, VISIT_SALTS_QUEUE } from '../../api/features/attribution/index.ts';
import { admin, app, BROWSER, counts, setUpVisitsApp, site, total, viewer, visitor } from './visits-support.ts';

setUpVisitsApp();

describe('writing and forgetting', () => {
  it('writes the visits counted when the server stops gracefully (what npm start does on SIGTERM), not before', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'innercircle-visits-server-'));
    const scratch = process.env.TEST_DB === 'pg' ? await createScratchDatabase('visits', { template: inject('pgTemplateDatabase') }) : undefined;
    if (!scratch) {
      // The embedded database on disk, as `npm start` keeps it, starting from the run's migrated template.
      const seed = await openDatabase({ databaseUrl: undefined, dataDir, loadDataDir: pgliteTemplate(inject('pgliteTemplateFile')) });
      await seed.destroy();
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_DIST_DIR: site,
      SHUTDOWN_GRACE_SECONDS: '0',
      VISITS_FLUSH_SECONDS: '3600',
      ...TEST_PASSWORD_HASH_COST,
    });
    try {
      const running = await startServer(config);
      for (const page of ['/', '/webinaire', '/']) expect((await fetch(`${running.url}${page}`, { headers: { 'user-agent': BROWSER } })).status).toBe(200);
      expect(await running.knex('visitDailyCounts').select('path')).toEqual([]);
      await running.stop();
      const knex = await openDatabase(databaseOptions(config));
      try {
        expect(await knex('visitDailyCounts').orderBy('path').select('path', 'visits', 'entries')).toEqual([
          { path: '/', visits: 2, entries: 1 },
          { path: '/webinaire', visits: 1, entries: 0 },
        ]);
      } finally {
        await knex.destroy();
      }
    } finally {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Its own budget: it starts and stops a whole server on a database on disk, 20 s alone at load 31 and
    // over the 30 s of the API tests beside other files (decision 124).
  }, 120_000);

  it('rotates the salt every day and deletes salts and first sources older than 48 hours (an hourly cron)', async () => {
    const now = new Date();
    const daysAgo = (days: number) => swissDay(new Date(now.getTime() - days * 86_400_000));
    await app.emptyTables('visit_salts');
    for (const days of [3, 2, 1]) await app.knex('visitSalts').insert({ day: daysAgo(days), salt: `ancien-${days}`, createdAt: new Date(now.getTime() - days * 86_400_000) });
    const firstSource = (days: number, hash: string) => ({ day: daysAgo(days), visitorHash: hash, channel: 'direct', landingPage: '/', firstSeenAt: new Date(now.getTime() - days * 86_400_000) });
    await app.knex('visitorFirstSources').insert([firstSource(3, 'h3'), firstSource(2, 'h2'), firstSource(1, 'h1'), firstSource(0, 'h0')]);
    await app.knex('visitorPages').insert([
      { day: daysAgo(2), visitorHash: 'h2', path: '/' },
      { day: daysAgo(0), visitorHash: 'h0', path: '/' },
    ]);

    const purged = await rotateSalts(app.knex, now);
    expect(purged).toEqual({ salts: 2, firstSources: 2, pages: 1 });
    const salts = await app.knex('visitSalts').orderBy('day').select(app.knex.raw(`to_char(day, 'YYYY-MM-DD') as day`));
    expect(salts.map((row: { day: string }) => row.day)).toEqual([daysAgo(1), swissDay(now)]);
    expect((await app.knex('visitorFirstSources').orderBy('visitorHash').select('visitorHash')).map((row: { visitorHash: string }) => row.visitorHash)).toEqual(['h0', 'h1']);
    expect(await app.knex('visitorPages').select('visitorHash')).toEqual([{ visitorHash: 'h0' }]);

    const { rows } = await app.knex.raw<{ rows: { cron: string; timezone: string }[] }>('select cron, timezone from pgboss.schedule where name = ?', [VISIT_SALTS_QUEUE]);
    expect(rows).toEqual([{ cron: '0 * * * *', timezone: 'Europe/Zurich' }]);
  });

  it('stores no IP address and no User-Agent in any table', async () => {
    const ip = '203.0.113.77';
    const userAgent = `${BROWSER} Temoin7731`;
    const client = app.client();
    for (const page of ['/?utm_source=linkedin&utm_campaign=printemps', '/webinaire', '/merci']) {
      expect((await client.get(page, { headers: { 'user-agent': userAgent, 'x-forwarded-for': ip } })).status).toBe(200);
    }
    expect(total(await counts(), 'visits')).toBe(3);

    const { rows: tables } = await app.knex.raw<{ rows: { schema: string; name: string }[] }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { schema, name } of tables) {
      for (const needle of [ip, 'Temoin7731', 'Chrome/131']) {
        const { rows } = await app.knex.raw<{ rows: { n: number }[] }>(`select count(*)::int as n from "${schema}"."${name}" t where t::text like ?`, [`%${needle}%`]);
        if (rows[0]!.n > 0) found.push(`${schema}.${name}: ${needle}`);
      }
    }
    expect(found).toEqual([]);
  });
});

describe('GET /api/admin/analytics/visits', () => {
  it('gives the days, sources and pages of the period to any signed-in member, and 401 to anyone else', async () => {
    const fromLinkedIn = visitor();
    await fromLinkedIn.get('/?utm_source=linkedin&utm_medium=social&utm_campaign=printemps');
    await fromLinkedIn.get('/webinaire', { referer: `${app.url}/` });
    await fromLinkedIn.get('/webinaire', { referer: `${app.url}/` });
    await visitor().get('/webinaire');
    await app.visits.flush();
    // Forty days ago: in the 90 days, not in the 30.
    const longAgo = swissDay(new Date(Date.now() - 40 * 86_400_000));
    await app
      .knex('visitDailyCounts')
      .insert({ day: longAgo, path: '/mentions-legales', channel: 'search', source: 'google', referrer: 'google.ch', device: 'mobile', visits: 5, visitors: 4, entries: 4 });

    const answer = await viewer.get('/api/admin/analytics/visits?period=30d');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(answer.body).sort()).toEqual(['days', 'pages', 'sources']);
    expect(answer.body.days).toHaveLength(30);
    expect(answer.body.days.at(-1)).toEqual({ date: swissDay(new Date()), visits: 4, visitors: 2 });
    expect(answer.body.days.slice(0, -1).every((day: { visits: number }) => day.visits === 0)).toBe(true);
    expect(answer.body.sources).toEqual([
      { channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', visits: 3, visitors: 1, contacts: 0 },
      { channel: 'direct', source: null, medium: null, campaign: null, visits: 1, visitors: 1, contacts: 0 },
    ]);
    expect(answer.body.pages).toEqual([
      { path: '/webinaire', visits: 3, visitors: 2 },
      { path: '/', visits: 1, visitors: 1 },
    ]);

    const quarter = await admin.get('/api/admin-dev/analytics/visits?period=90d');
    expect(quarter.status).toBe(200);
    expect(quarter.body.days).toHaveLength(90);
    expect(quarter.body.days.find((day: { date: string }) => day.date === longAgo)).toEqual({ date: longAgo, visits: 5, visitors: 4 });
    expect(quarter.body.sources[0]).toEqual({ channel: 'search', source: 'google', medium: null, campaign: null, visits: 5, visitors: 4, contacts: 0 });
    expect(quarter.body.pages.map((page: { path: string }) => page.path)).toEqual(['/mentions-legales', '/webinaire', '/']);

    const year = await admin.get('/api/admin/analytics/visits', { query: { period: '12m' } });
    expect(year.status).toBe(200);
    expect(year.body.days.length).toBeGreaterThanOrEqual(365);
    expect((await admin.get('/api/admin/analytics/visits')).body.days).toHaveLength(30);

    const wrong = await admin.get('/api/admin/analytics/visits?period=7d');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toEqual({ path: 'period', message: "La période doit être l'une des valeurs suivantes : 30 jours, 90 jours, 12 mois." });
    expect((await app.client().get('/api/admin/analytics/visits')).status).toBe(401);
  });
});
