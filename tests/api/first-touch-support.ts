// What the first-touch tests share: a small built site, the app behind a trusted proxy with a host, one person's browser, a contact's touches.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { resetBookings, signInHost } from './booking/fixture.ts';

export const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const LINKEDIN = '/?utm_source=linkedin&utm_medium=social&utm_campaign=Printemps';

let site: string;
export let app: TestApp;
export let admin: TestClient;
export let viewer: TestClient;
let hostId: number;

export function writeSite(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'innercircle-touch-site-'));
  for (const name of ['index.html', 'webinaire/index.html', 'a-propos/index.html', '404.html']) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), `<!doctype html><html lang="fr"><head><title>${name}</title></head><body></body></html>`);
  }
  return root;
}

/** Starts the app for the calling test file; visits, bookings, contacts and audit emptied before each of its tests. */
export function setUpFirstTouchApp(): void {
  beforeAll(async () => {
    site = writeSite();
    // Visits are written only when a test asks (flush): the memory path and the table path both get tested.
    app = await startTestApp({ SITE_DIST_DIR: site, VISITS_FLUSH_SECONDS: '3600', TRUST_PROXY: 'true' });
    admin = await app.signIn();
    viewer = await app.signIn({ role: 'viewer', email: 'lecture@example.ch' });
    hostId = await signInHost(app);
  });
  afterAll(async () => {
    await app.close();
    rmSync(site, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await app.visits.flush();
    await resetBookings(app, hostId);
    await app.emptyTables('activities', 'leads', 'audit_events', 'visitor_first_sources', 'visitor_pages', 'visit_daily_counts');
  });
}

let ipCounter = 0;
/** One person's browser: their own address (through the trusted proxy) and User-Agent, no cookie. */
export function browser() {
  ipCounter += 1;
  const headers = { 'user-agent': CHROME, 'x-forwarded-for': `203.0.113.${ipCounter}` };
  const client = app.client();
  const page = (pathname: string) => `${app.url}${pathname}`;
  return {
    headers,
    visit: (pathname: string, from?: string) => client.get(pathname, { headers: { ...headers, ...(from ? { referer: from } : {}) } }),
    post: (pathname: string, json: unknown, from?: string) => client.post(pathname, json, { headers: { ...headers, ...(from ? { referer: page(from) } : {}) } }),
    postForm: (pathname: string, form: Record<string, string>, from: string) =>
      client.request('POST', pathname, { body: new URLSearchParams(form).toString(), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', referer: page(from) } }),
    page,
  };
}

export const webinarSignUp = (email: string) => ({ firstName: 'Léa', lastName: 'Favre', email, type: 'webinar' });
export const contactRequest = (email: string) => ({ firstName: 'Léa', lastName: 'Favre', email, phone: '+41 79 123 45 67', message: 'Bonjour', type: 'contact' });

export async function firstTouchOf(email: string) {
  const lead = await app.knex('leads').whereRaw('lower(email) = ?', [email]).first('id');
  const response = await admin.get(`/api/admin/leads/${lead.id}`);
  expect(response.status).toBe(200);
  return response.body.firstTouch;
}
export const noteTouches = async (email: string) =>
  (await app.knex('activities as a').join('leads as l', 'l.id', 'a.leadId').whereRaw('lower(l.email) = ?', [email]).orderBy('a.id').select('a.touch')).map(
    (row: { touch: Record<string, unknown> | null }) => row.touch && { channel: row.touch.channel, source: row.touch.source, campaign: row.touch.campaign },
  );
