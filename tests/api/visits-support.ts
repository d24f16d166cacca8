// What the visits tests share: a small built site, the app counting visits behind a trusted proxy, a new visitor, the counts written.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';

export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
export const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';
export const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

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

export let site: string;
export let app: TestApp;
export let admin: TestClient;
export let viewer: TestClient;

/** Starts the app for the calling test file, visits emptied before each of its tests. */
export function setUpVisitsApp(): void {
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
}

let ipCounter = 0;
/** A new visitor: their own address (through the trusted proxy) and browser. */
export function visitor(userAgent = BROWSER) {
  ipCounter += 1;
  const ip = `198.51.100.${ipCounter}`;
  const client = app.client();
  return {
    get: (pathname: string, headers: Record<string, string> = {}) => client.get(pathname, { headers: { 'user-agent': userAgent, 'x-forwarded-for': ip, ...headers } }),
    head: (pathname: string) => client.request('HEAD', pathname, { headers: { 'user-agent': userAgent, 'x-forwarded-for': ip } }),
  };
}

export interface CountRow {
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

export async function counts(): Promise<CountRow[]> {
  await app.visits.flush();
  const { rows } = await app.knex.raw<{ rows: CountRow[] }>(
    `select to_char(day, 'YYYY-MM-DD') as day, path, channel, source, medium, campaign, referrer, device, visits, visitors, entries
       from visit_daily_counts order by path, channel, source, device`,
  );
  return rows;
}

export const total = (rows: CountRow[], key: 'visits' | 'visitors' | 'entries') => rows.reduce((sum, row) => sum + row[key], 0);
