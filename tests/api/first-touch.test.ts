/**
 * Every contact's first source (decision 115), over HTTP against the app: each public entry (contact
 * request, webinar sign-up, newsletter, booking) records where the person came from — from the
 * submitting page's address or, for a visitor who landed earlier the same day, from the 48-hour
 * `visitor_first_sources` — never overwritten afterwards, each submission's own touch on its note; the
 * contacts list's "Origine" filter, the CSV export and import, the audited correction, the per-contact
 * export and the erasure.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { resetBookings, signInHost } from './booking/fixture.ts';
import { createApp } from '../../api/app.ts';
import { createLogger } from '../../api/platform/logger.ts';
import { daySalt, firstSourceSql, swissDay, visitorHash } from '../../api/features/attribution/index.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const LINKEDIN = '/?utm_source=linkedin&utm_medium=social&utm_campaign=Printemps';

let site: string;
let app: TestApp;
let admin: TestClient;
let viewer: TestClient;
let hostId: number;

function writeSite(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'innercircle-touch-site-'));
  for (const name of ['index.html', 'webinaire/index.html', 'a-propos/index.html', '404.html']) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), `<!doctype html><html lang="fr"><head><title>${name}</title></head><body></body></html>`);
  }
  return root;
}

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

let ipCounter = 0;
/** One person's browser: their own address (through the trusted proxy) and User-Agent, no cookie. */
function browser() {
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

/** A POST to a server of its own (a second instance), with the Host header the first one is reached by; a form, or JSON. */
function postTo(port: number, pathname: string, fields: Record<string, string>, headers: Record<string, string>, as: 'form' | 'json' = 'form'): Promise<number> {
  const body = as === 'form' ? new URLSearchParams(fields).toString() : JSON.stringify(fields);
  const type = as === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: pathname, method: 'POST', headers: { ...headers, 'content-type': type, 'content-length': Buffer.byteLength(body) } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const webinarSignUp = (email: string) => ({ firstName: 'Léa', lastName: 'Favre', email, type: 'webinar' });
const contactRequest = (email: string) => ({ firstName: 'Léa', lastName: 'Favre', email, phone: '+41 79 123 45 67', message: 'Bonjour', type: 'contact' });

async function firstTouchOf(email: string) {
  const lead = await app.knex('leads').whereRaw('lower(email) = ?', [email]).first('id');
  const response = await admin.get(`/api/admin/leads/${lead.id}`);
  expect(response.status).toBe(200);
  return response.body.firstTouch;
}
const noteTouches = async (email: string) =>
  (await app.knex('activities as a').join('leads as l', 'l.id', 'a.leadId').whereRaw('lower(l.email) = ?', [email]).orderBy('a.id').select('a.touch')).map(
    (row: { touch: Record<string, unknown> | null }) => row.touch && { channel: row.touch.channel, source: row.touch.source, campaign: row.touch.campaign },
  );

describe('capture at each entry, without a script', () => {
  it('a webinar sign-up posted by the form itself takes the UTM parameters of the page it was posted from', async () => {
    const person = browser();
    const response = await person.postForm('/api/leads', webinarSignUp('lea@example.ch'), LINKEDIN);
    expect(response.status).toBe(303);
    const touch = await firstTouchOf('lea@example.ch');
    expect(touch).toEqual({ channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', referrer: null, landingPage: '/', at: expect.any(String) });
    expect(Math.abs(Date.parse(touch.at) - Date.now())).toBeLessThan(60_000);
    expect(await noteTouches('lea@example.ch')).toEqual([{ channel: 'social', source: 'linkedin', campaign: 'printemps' }]);
  });

  it('a contact request, the newsletter and a booking record theirs too; what the script posts is used when there is no Referer', async () => {
    const person = browser();
    expect((await person.post('/api/leads', contactRequest('marc@example.ch'), '/webinaire/?utm_source=podcast&utm_medium=audio&utm_campaign=ep12')).status).toBe(201);
    expect(await firstTouchOf('marc@example.ch')).toMatchObject({ channel: 'referral', source: 'podcast', medium: 'audio', campaign: 'ep12', landingPage: '/webinaire' });

    const posted = { firstName: 'Zoé', email: 'zoe@example.ch', touchPage: '/a-propos', touchReferrer: 'https://www.google.com/search?q=stress' };
    expect((await browser().post('/api/newsletter', posted)).status).toBe(202);
    expect(await firstTouchOf('zoe@example.ch')).toMatchObject({ channel: 'search', source: 'google', medium: null, campaign: null, referrer: 'google.com', landingPage: '/a-propos' });

    const slots = await app.client().get('/api/bookings/slots', { query: { days: 3 } });
    const start = slots.body.days.flatMap((day: { slots: Array<{ start: string }> }) => day.slots)[0].start;
    const booking = { start, firstName: 'Noé', lastName: 'Rey', email: 'noe@example.ch' };
    expect((await browser().post('/api/bookings', booking, '/rendez-vous/?utm_source=emails&utm_medium=email&utm_campaign=webinar_followup&lead=3&token=x')).status).toBe(201);
    expect(await firstTouchOf('noe@example.ch')).toMatchObject({ channel: 'email', source: 'emails', campaign: 'webinar_followup', landingPage: '/rendez-vous' });
    expect(await noteTouches('noe@example.ch')).toEqual([{ channel: 'email', source: 'emails', campaign: 'webinar_followup' }]);
  });

  it('nothing known is Direct; a bad posted address is dropped, never a refusal; another site as Referer is not our page', async () => {
    expect((await browser().post('/api/leads', { ...contactRequest('direct@example.ch'), touchPage: 'javascript:alert(1)' })).status).toBe(201);
    expect(await firstTouchOf('direct@example.ch')).toMatchObject({ channel: 'direct', source: null, landingPage: null });
    const elsewhere = await app.client().post('/api/leads', contactRequest('autre@example.ch'), { headers: { referer: 'https://evil.example/?utm_source=spam' } });
    expect(elsewhere.status).toBe(201);
    expect(await firstTouchOf('autre@example.ch')).toMatchObject({ channel: 'direct', source: null });
  });

  it('is never overwritten: a later submission keeps the first touch and records its own on its note', async () => {
    const person = browser();
    await person.post('/api/leads', webinarSignUp('lea@example.ch'), LINKEDIN);
    await person.post('/api/leads', contactRequest('LEA@example.ch'), '/?utm_source=google&utm_medium=cpc&utm_campaign=ete');
    await person.post('/api/newsletter', { email: 'lea@example.ch' }, '/?utm_source=facebook&utm_medium=social');
    expect(await firstTouchOf('lea@example.ch')).toMatchObject({ channel: 'social', source: 'linkedin', campaign: 'printemps' });
    expect(await noteTouches('lea@example.ch')).toEqual([
      { channel: 'social', source: 'linkedin', campaign: 'printemps' },
      { channel: 'search', source: 'google', campaign: 'ete' },
    ]);
  });
});

describe("each submission's origin, as the team reads it", () => {
  it("the contact's activities show where each submission came from, the first touch unchanged; a viewer reads it, a note by hand has none", async () => {
    const person = browser();
    await person.post('/api/leads', webinarSignUp('lea@example.ch'), LINKEDIN);
    // The contact comes back weeks later from the newsletter's spring campaign.
    await person.post('/api/leads', contactRequest('lea@example.ch'), '/webinaire/?utm_source=newsletter&utm_medium=email&utm_campaign=Printemps-2027');
    const lead = await app.knex('leads').where({ email: 'lea@example.ch' }).first('id');
    const byHand = await admin.post(`/api/crm/leads/${lead.id}/activities`, { title: 'Appel de suivi' });
    expect(byHand.status).toBe(201);
    expect(byHand.body.touch).toBeNull();

    const answer = await viewer.get(`/api/crm/leads/${lead.id}/activities`);
    expect(answer.status).toBe(200);
    const touches = (answer.body.activities as Array<{ title: string; touch: unknown }>).map((activity) => activity.touch);
    // Newest first: the note by hand, the return from the newsletter, the first sign-up.
    expect(touches).toEqual([
      null,
      { channel: 'email', source: 'newsletter', medium: 'email', campaign: 'printemps-2027', landingPage: '/webinaire' },
      { channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', landingPage: '/' },
    ]);
    expect(await firstTouchOf('lea@example.ch')).toMatchObject({ channel: 'social', source: 'linkedin', campaign: 'printemps' });
  });
});

describe('a visitor who landed earlier the same day (the 48-hour first sources)', () => {
  it('credits the landing page and its source, from memory before the write and from the table after it', async () => {
    // The day's first visits wait unhashed (no salt loaded yet); the write loads it; later ones are hashed in memory.
    for (const [written, step] of [
      [false, 'unhashed'],
      [true, 'written'],
      [false, 'hashed'],
    ] as const) {
      const person = browser();
      expect((await person.visit(LINKEDIN, 'https://www.linkedin.com/')).status).toBe(200);
      await person.visit('/a-propos', person.page('/'));
      await person.visit('/webinaire', person.page('/a-propos'));
      if (written) await app.visits.flush();
      const email = `visiteur-${step}@example.ch`;
      expect((await person.postForm('/api/leads', webinarSignUp(email), '/webinaire')).status).toBe(303);
      expect(await firstTouchOf(email)).toMatchObject({ channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', referrer: 'linkedin.com', landingPage: '/' });
    }
    // Another person on the same page is not credited with someone else's source.
    const other = browser();
    await other.postForm('/api/leads', webinarSignUp('autre@example.ch'), '/webinaire');
    expect(await firstTouchOf('autre@example.ch')).toMatchObject({ channel: 'direct', landingPage: '/webinaire' });
  });

  it('a sign-up, a newsletter request and a booking sent to another instance that has counted nothing today credit the landing page the first one wrote', async () => {
    const person = browser();
    expect((await person.visit(LINKEDIN, 'https://www.linkedin.com/')).status).toBe(200);
    await person.visit('/a-propos', person.page('/'));
    await app.visits.flush();
    // A second instance on the same database, just started: its counter holds no salt and no visit.
    const second = createApp({ config: app.config, knex: app.knex, logger: createLogger('silent') });
    const server = http.createServer(second.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      // Behind one load balancer both instances see the site's one host name.
      const sameSite = { ...person.headers, host: new URL(app.url).host, referer: person.page('/webinaire') };
      expect(await postTo(port, '/api/leads', webinarSignUp('lea@example.ch'), sameSite)).toBe(303);
      expect(await postTo(port, '/api/newsletter', { email: 'zoe@example.ch' }, sameSite, 'json')).toBe(202);
      const slots = await app.client().get('/api/bookings/slots', { query: { days: 3 } });
      const start = slots.body.days.flatMap((day: { slots: Array<{ start: string }> }) => day.slots)[0].start;
      expect(await postTo(port, '/api/bookings', { start, firstName: 'Noé', lastName: 'Rey', email: 'noe@example.ch' }, sameSite, 'json')).toBe(201);
    } finally {
      await second.context.visits.stop();
      await new Promise((resolve) => server.close(resolve));
    }
    const written = await app.knex('visitorFirstSources').first('firstSeenAt');
    const landing = { channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', referrer: 'linkedin.com', landingPage: '/', at: new Date(written.firstSeenAt).toISOString() };
    for (const email of ['lea@example.ch', 'zoe@example.ch', 'noe@example.ch']) expect(await firstTouchOf(email), email).toEqual(landing);
    // The notes of the sign-up and of the call carry the same touch (the newsletter request writes none).
    const notes = await app.knex('activities as a').join('leads as l', 'l.id', 'a.leadId').orderBy('a.id').select('l.email', 'a.touch');
    expect(notes).toEqual([
      { email: 'lea@example.ch', touch: landing },
      { email: 'noe@example.ch', touch: landing },
    ]);
  });

  it("the statement's own HMAC-SHA256 with the stored salt finds the hash the counter wrote (IPv6, accented User-Agent)", async () => {
    const day = swissDay(new Date());
    const salt = await daySalt(app.knex, day);
    const visitors = [
      ['203.0.113.9', CHROME, '127.0.0.1:4321'],
      ['2001:db8::42', 'Mozilla/5.0 (Linux; Android 14; Téléphone Zürich) Mobile Safari/537.36', 'innercircle.example.ch'],
    ];
    for (const [index, [ip, userAgent, host]] of visitors.entries()) {
      await app.knex('visitorFirstSources').insert({ day, visitorHash: visitorHash(salt, ip!, userAgent!, host!), channel: 'social', source: `s${index}`, landingPage: '/', firstSeenAt: new Date() });
    }
    for (const [index, [ip, userAgent, host]] of visitors.entries()) {
      const { rows } = await app.knex.raw<{ rows: Array<{ source: string }> }>(
        `with r as (select 1 as n, ?::date as visitor_day, null::text as visitor_hash, ?::text as visitor_message), ${firstSourceSql('r')} select source from first_source`,
        [day, `${ip}\n${userAgent}\n${host}`],
      );
      expect(rows).toEqual([{ source: `s${index}` }]);
    }
  });

  it('takes another site that sent the visitor as the source (a search engine)', async () => {
    const person = browser();
    await person.visit('/a-propos', 'https://www.google.ch/');
    await app.visits.flush();
    await person.post('/api/newsletter', { email: 'zoe@example.ch' }, '/webinaire');
    expect(await firstTouchOf('zoe@example.ch')).toMatchObject({ channel: 'search', source: 'google', referrer: 'google.ch', landingPage: '/a-propos' });
  });
});

describe('the contacts list, its CSV, the import, the correction', () => {
  async function threeContacts() {
    await browser().post('/api/leads', webinarSignUp('lea@example.ch'), LINKEDIN);
    await browser().post('/api/leads', webinarSignUp('marc@example.ch'), '/?utm_source=linkedin&utm_medium=social&utm_campaign=automne');
    await browser().post('/api/leads', webinarSignUp('zoe@example.ch'), '/');
    await admin.post('/api/admin/leads', { firstName: 'Anne', email: 'anne@example.ch' });
  }
  const emails = (body: { leads: Array<{ email: string }> }) => body.leads.map((lead) => lead.email).sort();

  it('filters by channel and campaign, answers the shape, refuses an unknown channel in French', async () => {
    await threeContacts();
    expect(emails((await admin.get('/api/admin/leads', { query: { channel: 'social' } })).body)).toEqual(['lea@example.ch', 'marc@example.ch']);
    const printemps = await admin.get('/api/admin/leads', { query: { channel: 'social', campaign: 'PRINTEMPS' } });
    expect(emails(printemps.body)).toEqual(['lea@example.ch']);
    expect(printemps.body.pagination.total).toBe(1);
    expect(emails((await admin.get('/api/admin/leads', { query: { channel: 'direct' } })).body)).toEqual(['zoe@example.ch']);
    const anne = (await admin.get('/api/admin/leads', { query: { search: 'anne' } })).body.leads[0];
    expect(anne.firstTouch).toBeNull();
    const bad = await admin.get('/api/admin/leads', { query: { channel: 'tiktok' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toBe("L'origine doit être l'une des valeurs suivantes : Recherche, Réseaux sociaux, E-mail, Sites référents, Direct.");
  });

  it('exports the origin in leads.csv (filtered) and imports it back without overwriting a known one', async () => {
    await threeContacts();
    const csv = await admin.get('/api/admin/leads.csv', { query: { channel: 'social', campaign: 'printemps' } });
    expect(csv.status).toBe(200);
    const [header, row, end] = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain("Origine;Origine : source;Origine : support;Origine : campagne;Origine : site référent;Origine : page d'arrivée;Origine : date");
    expect(row).toContain('lea@example.ch');
    expect(row).toMatch(/;Réseaux sociaux;linkedin;social;printemps;;\/;\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(end).toBe('');
    // The selection's export (bulk action) carries the same columns.
    const lea = await app.knex('leads').where({ email: 'lea@example.ch' }).first('id');
    const selection = await admin.post('/api/admin/leads/bulk', { ids: [lea.id], action: 'export' });
    expect(selection.text.split('\r\n')[1]).toMatch(/;Réseaux sociaux;linkedin;social;printemps;;\/;\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);

    const file = `Prénom;Email;Origine;Origine : source;Origine : campagne;Origine : date\r\nAnne;anne@example.ch;E-mail;newsletter;noel;01.12.2026 09:30\r\nLéa;lea@example.ch;Direct;;;\r\nTom;tom@example.ch;Sites référents;salon;;\r\nSam;sam@example.ch;;;hiver;\r\n`;
    const imported = await admin.request('POST', '/api/admin/leads/import', { body: file, query: { dryRun: 'false' }, headers: { 'content-type': 'text/csv' } });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ created: 1, completed: 1, invalid: 1 });
    expect(imported.body.errors[0]).toEqual({
      row: 5,
      errors: [{ path: 'firstTouchChannel', message: "Indiquez l'origine (Recherche, Réseaux sociaux, E-mail, Sites référents ou Direct) de ce contact." }],
    });
    expect(await firstTouchOf('anne@example.ch')).toMatchObject({ channel: 'email', source: 'newsletter', campaign: 'noel', at: '2026-12-01T08:30:00.000Z' });
    expect(await firstTouchOf('lea@example.ch')).toMatchObject({ channel: 'social', campaign: 'printemps' });
    expect(await firstTouchOf('tom@example.ch')).toMatchObject({ channel: 'referral', source: 'salon' });
  });

  it('an administrator corrects it (audited, without personal data); a viewer cannot', async () => {
    await threeContacts();
    const lead = await app.knex('leads').where({ email: 'zoe@example.ch' }).first('id', 'firstTouchAt');
    expect((await viewer.patch(`/api/admin/leads/${lead.id}`, { firstTouch: { channel: 'social' } })).status).toBe(403);
    const corrected = await admin.patch(`/api/admin/leads/${lead.id}`, { firstTouch: { channel: 'social', source: 'instagram', campaign: 'Printemps' } });
    expect(corrected.status).toBe(200);
    expect(corrected.body.firstTouch).toEqual({ channel: 'social', source: 'instagram', medium: null, campaign: 'printemps', referrer: null, landingPage: null, at: lead.firstTouchAt.toISOString() });
    const events = await app.knex('auditEvents').where({ type: 'lead_origin_corrected' }).select('details');
    expect(events.map((event: { details: unknown }) => event.details)).toEqual([{ leadId: lead.id, channel: 'social' }]);
    const bad = await admin.patch(`/api/admin/leads/${lead.id}`, { firstTouch: { channel: 'social', source: 'x'.repeat(101) } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toBe('La source ne doit pas dépasser 100 caractères.');
    expect((await admin.patch(`/api/admin/leads/${lead.id}`, { firstTouch: null })).body.firstTouch).toBeNull();
  });
});

describe('privacy and the database', () => {
  it('the per-contact export carries the first touch and each submission’s; the erasure leaves none', async () => {
    const person = browser();
    await person.post('/api/leads', webinarSignUp('lea@example.ch'), LINKEDIN);
    await person.post('/api/leads', contactRequest('lea@example.ch'), '/?utm_source=google&utm_medium=cpc&utm_campaign=ete');
    const lead = await app.knex('leads').where({ email: 'lea@example.ch' }).first('id');
    const exported = await admin.get(`/api/admin/leads/${lead.id}/export`);
    expect(exported.body.contact.firstTouch).toMatchObject({ channel: 'social', campaign: 'printemps' });
    expect(exported.body.activities.map((activity: { touch: { campaign: string } }) => activity.touch.campaign)).toEqual(['printemps', 'ete']);
    expect((await admin.post(`/api/admin/leads/${lead.id}/erase`, { confirmEmail: 'lea@example.ch' })).status).toBe(204);
    const left = await app.knex.raw<{ rows: unknown[] }>(
      `select 1 from leads where first_touch_campaign in ('printemps', 'ete') union all select 1 from activities where touch::text like '%printemps%' or touch::text like '%ete"%'`,
    );
    expect(left.rows).toEqual([]);
  });

  it('refuses a first touch without its channel or date, an unknown channel and an unbounded value', async () => {
    const insert = (fields: Record<string, unknown>) => app.knex('leads').insert({ firstName: 'Test', email: `t${Math.random()}@example.ch`, ...fields });
    await expect(insert({ firstTouchChannel: 'social' })).rejects.toThrow(/leads_first_touch_complete/);
    await expect(insert({ firstTouchCampaign: 'printemps' })).rejects.toThrow(/leads_first_touch_complete/);
    await expect(insert({ firstTouchChannel: 'tiktok', firstTouchAt: new Date() })).rejects.toThrow(/leads_first_touch_channel_check/);
    await expect(insert({ firstTouchChannel: 'social', firstTouchAt: new Date(), firstTouchSource: 'x'.repeat(101) })).rejects.toThrow(/leads_first_touch_lengths/);
    await expect(insert({ firstTouchChannel: 'social', firstTouchAt: new Date(), firstTouchSource: '' })).rejects.toThrow(/leads_first_touch_lengths/);
  });
});
