/**
 * Visits counted by the server (decision 111), over HTTP against the app: what counts and what does
 * not, where a visit comes from (UTM, referrer, own site), unique visitors per day, the batch written
 * on a stop, the salts' 48 hours, no IP address or User-Agent anywhere in the database, and the
 * visits report of the back office.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { startTestApp, TEST_PASSWORD_HASH_COST, type TestApp, type TestClient } from './harness.ts';
import { loadConfig } from '../../api/platform/config.ts';
import { databaseOptions, openDatabase } from '../../api/platform/db.ts';
import { startServer } from '../../api/server.ts';
import { createScratchDatabase } from '../scratch-database.ts';
import { pgliteTemplate } from '../template-database.ts';
import { rotateSalts, swissDay, VISIT_SALTS_QUEUE } from '../../api/features/attribution/index.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const TABLES = ['visit_daily_counts', 'visitor_first_sources', 'visitor_pages'];

function writeSite(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'innercircle-visits-site-'));
  const page = (title: string) => `<!doctype html><html lang="fr"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
  const files: Record<string, string> = {
    'index.html': page('Accueil'),
    'webinaire/index.html': page('Webinaire'),
    'mentions-legales/index.html': page('Mentions légales'),
    'merci/index.html': page('Merci'),
    '404.html': page('Page introuvable'),
    'admin/index.html': page('Administration'),
    'login/index.html': page('Connexion'),
    '_astro/app.js': 'console.log(1);',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return root;
}

let site: string;
let app: TestApp;
let admin: TestClient;
let viewer: TestClient;

beforeAll(async () => {
  site = writeSite();
  // Written only when a test asks (flush), so each test sees exactly what it sent.
  app = await startTestApp({ SITE_DIST_DIR: site, VISITS_FLUSH_SECONDS: '3600', TRUST_PROXY: 'true' });
  admin = await app.signIn();
  viewer = await app.signIn({ role: 'viewer', email: 'lecture@example.ch' });
});
afterAll(async () => {
  await app.close();
  rmSync(site, { recursive: true, force: true });
});
beforeEach(async () => {
  await app.visits.flush();
  await app.emptyTables(...TABLES);
});

let ipCounter = 0;
/** A new visitor: their own address (through the trusted proxy) and browser. */
function visitor(userAgent = BROWSER) {
  ipCounter += 1;
  const ip = `198.51.100.${ipCounter}`;
  const client = app.client();
  return {
    get: (pathname: string, headers: Record<string, string> = {}) => client.get(pathname, { headers: { 'user-agent': userAgent, 'x-forwarded-for': ip, ...headers } }),
    head: (pathname: string) => client.request('HEAD', pathname, { headers: { 'user-agent': userAgent, 'x-forwarded-for': ip } }),
  };
}

interface CountRow {
  day: string;
  path: string;
  channel: string;
  source: string;
  medium: string;
  campaign: string;
  referrer: string;
  device: string;
  visits: number;
  visitors: number;
  entries: number;
}

async function counts(): Promise<CountRow[]> {
  await app.visits.flush();
  const { rows } = await app.knex.raw<{ rows: CountRow[] }>(
    `select to_char(day, 'YYYY-MM-DD') as day, path, channel, source, medium, campaign, referrer, device, visits, visitors, entries
       from visit_daily_counts order by path, channel, source, device`,
  );
  return rows;
}

const total = (rows: CountRow[], key: 'visits' | 'visitors' | 'entries') => rows.reduce((sum, row) => sum + row[key], 0);

describe('what is counted', () => {
  it('counts a GET of each public page answered 200 or 304, by its canonical path', async () => {
    const someone = visitor();
    expect((await someone.get('/')).status).toBe(200);
    expect((await someone.get('/webinaire')).status).toBe(200);
    expect((await someone.get('/webinaire/')).status).toBe(200);
    expect((await someone.get('/mentions-legales/')).status).toBe(200);
    expect((await someone.get('/merci?type=contact')).status).toBe(200);
    const first = await someone.get('/');
    const revalidated = await someone.get('/', { 'if-none-match': first.headers.get('etag')!, 'cache-control': 'max-age=0' });
    expect(revalidated.status).toBe(304);

    const rows = await counts();
    expect(rows.map((row) => [row.path, row.visits, row.visitors])).toEqual([
      ['/', 3, 1],
      ['/mentions-legales', 1, 1],
      ['/merci', 1, 1],
      ['/webinaire', 2, 1],
    ]);
    expect(rows.every((row) => row.day === swissDay(new Date()) && row.channel === 'direct' && row.device === 'desktop')).toBe(true);
    // One visitor for the whole site that day.
    expect(total(rows, 'entries')).toBe(1);
  });

  it('leaves out bots, prefetches, HEAD, the back office, the API, assets, errors and signed-in team members', async () => {
    expect((await visitor(GOOGLEBOT).get('/')).status).toBe(200);
    expect((await visitor('').get('/')).status).toBe(200);
    expect((await visitor().get('/', { 'sec-purpose': 'prefetch' })).status).toBe(200);
    expect((await visitor().get('/', { 'sec-purpose': 'prefetch;prerender' })).status).toBe(200);
    expect((await visitor().get('/', { purpose: 'prefetch' })).status).toBe(200);
    expect((await visitor().head('/')).status).toBe(200);
    expect((await visitor().get('/admin')).status).toBe(200);
    expect((await visitor().get('/admin/contacts')).status).toBe(200);
    expect((await visitor().get('/admin-dev')).status).toBe(200);
    expect((await visitor().get('/login')).status).toBe(200);
    expect((await visitor().get('/api/health')).status).toBe(200);
    expect((await visitor().get('/api/nothing-here')).status).toBe(404);
    expect((await visitor().get('/_astro/app.js')).status).toBe(200);
    expect((await visitor().get('/favicon.svg')).status).toBe(200);
    expect((await visitor().get('/page-qui-n-existe-pas')).status).toBe(404);
    expect((await visitor().get('/404.html')).status).toBe(200);
    for (const member of [admin, viewer]) {
      expect((await member.get('/', { headers: { 'user-agent': BROWSER } })).status).toBe(200);
      expect((await member.get('/webinaire', { headers: { 'user-agent': BROWSER } })).status).toBe(200);
    }
    expect(await counts()).toEqual([]);

    // A session cookie this site did not sign is nobody's session: that visit counts.
    const forged = app.client();
    forged.cookies.set('ic.sid', 'invente');
    forged.cookies.set('ic.sid.sig', 'faux');
    const answer = await forged.get('/', { headers: { 'user-agent': BROWSER, 'x-forwarded-for': '198.51.100.250' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(total(await counts(), 'visits')).toBe(1);
  });

  it('counts the same visitor twice as one visitor and two visits, across writes too', async () => {
    const someone = visitor();
    await someone.get('/');
    await someone.get('/');
    let rows = await counts();
    expect(rows.map((row) => [row.path, row.visits, row.visitors, row.entries])).toEqual([['/', 2, 1, 1]]);

    // The next batch: the database, not the memory, knows this visitor already.
    await someone.get('/');
    await someone.get('/webinaire');
    rows = await counts();
    expect(rows.map((row) => [row.path, row.visits, row.visitors, row.entries])).toEqual([
      ['/', 3, 1, 1],
      ['/webinaire', 1, 1, 0],
    ]);

    // Another browser on the same address is another visitor.
    const { get } = visitor(IPHONE);
    await get('/');
    rows = await counts();
    expect(total(rows, 'entries')).toBe(2);
  });
});

describe('where a visit comes from', () => {
  it('reads UTM parameters, classifies referring domains, and carries the first source to the next pages', async () => {
    const fromLinkedIn = visitor(IPHONE);
    await fromLinkedIn.get('/?utm_source=LinkedIn&utm_medium=social&utm_campaign=printemps');
    // The next page, from a link on the site: still LinkedIn's visit.
    await fromLinkedIn.get('/webinaire', { referer: `${app.url}/?utm_source=LinkedIn` });
    await visitor(IPAD).get('/', { referer: 'https://www.google.ch/' });
    await visitor(ANDROID_TABLET).get('/', { referer: 'https://mail.google.com/mail/u/0/' });
    await visitor().get('/webinaire', { referer: 'https://blog.exemple.org/article' });
    await visitor().get('/', { referer: 'https://lnkd.in/abc' });
    await visitor().get('/?ref=podcast');
    await visitor().get('/?utm_source=emails&utm_medium=email&utm_campaign=webinar_reminder');
    // A page of the site with no earlier source known: direct.
    await visitor().get('/merci', { referer: `${app.url}/` });
    await visitor().get('/mentions-legales');

    const rows = await counts();
    const seen = rows.map((row) => ({ path: row.path, channel: row.channel, source: row.source, medium: row.medium, campaign: row.campaign, referrer: row.referrer, device: row.device }));
    expect(seen).toEqual(
      expect.arrayContaining([
        { path: '/', channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', referrer: '', device: 'mobile' },
        { path: '/webinaire', channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', referrer: '', device: 'mobile' },
        { path: '/', channel: 'search', source: 'google', medium: '', campaign: '', referrer: 'google.ch', device: 'tablet' },
        { path: '/', channel: 'email', source: 'gmail', medium: '', campaign: '', referrer: 'mail.google.com', device: 'tablet' },
        { path: '/webinaire', channel: 'referral', source: 'blog.exemple.org', medium: '', campaign: '', referrer: 'blog.exemple.org', device: 'desktop' },
        { path: '/', channel: 'social', source: 'linkedin', medium: '', campaign: '', referrer: 'lnkd.in', device: 'desktop' },
        { path: '/', channel: 'referral', source: 'podcast', medium: '', campaign: '', referrer: '', device: 'desktop' },
        { path: '/', channel: 'email', source: 'emails', medium: 'email', campaign: 'webinar_reminder', referrer: '', device: 'desktop' },
        { path: '/merci', channel: 'direct', source: '', medium: '', campaign: '', referrer: '', device: 'desktop' },
        { path: '/mentions-legales', channel: 'direct', source: '', medium: '', campaign: '', referrer: '', device: 'desktop' },
      ]),
    );
    expect(rows).toHaveLength(10);
    // The site's own address is never a source.
    expect(rows.some((row) => row.referrer.startsWith('127.0.0.1') || row.source.startsWith('127.0.0.1'))).toBe(false);

    // Kept for 48 hours: each visitor's first source of the day, for a sign-up later that day.
    const first = await app.knex('visitorFirstSources').where({ campaign: 'printemps' });
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ channel: 'social', source: 'linkedin', medium: 'social', landingPage: '/' });
    expect(Number((await app.knex('visitorFirstSources').count({ n: '*' }).first())!.n)).toBe(9);
  });
});

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
