// Every contact's first source (decision 115) captured at each public entry, from the submitting page or the visitor's 48-hour first source, never overwritten.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { createLogger } from '../../api/platform/logger.ts';
import { daySalt, firstSourceSql, swissDay, visitorHash } from '../../api/features/attribution/index.ts';
import { admin, app, browser, CHROME, contactRequest, firstTouchOf, LINKEDIN, noteTouches, setUpFirstTouchApp, viewer, webinarSignUp } from './first-touch-support.ts';

setUpFirstTouchApp();

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
