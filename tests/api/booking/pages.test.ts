/**
 * The booking page /rendez-vous/ as the server fills it at each visit (api/features/booking/pages/page.ts):
 * the free starts grouped by Swiss day, in Swiss time; the name and e-mail only from a signed link; the
 * phone field for the call's mode; the reschedule mode only with a valid manage token; and the
 * form-encoded fallback of POST /api/bookings (303 to the confirmation, or back with the signed French
 * message, nothing recorded on a 409). The free starts are kept computed between visits (decision 126),
 * never stale: a booking made, moved back to free, a settings change, a host's schedule or feed reading,
 * each written through the API or straight in the database as another instance would, shows at the next
 * visit; and the passing of time alone drops a start once it is within the notice period.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import { resetBookings, signInHost } from './fixture.ts';
import { writeSiteFixture } from '../site-fixture.ts';
import { bookingPageUrl } from '../../../api/features/booking/index.ts';
import { manageToken } from '../../../api/features/booking/manage/links.ts';
import { freeStarts } from '../../../api/features/booking/engine/free-starts.ts';
import { swissDay } from '../../../api/platform/lib/swiss-day.ts';
import { verifyMessage } from '../../../api/platform/lib/signed-message.ts';
import { frenchLongDate, frenchTime } from '../../../api/platform/lib/french-dates.ts';

let app: TestApp;
let hostId: number;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const person = { firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch', phone: '+41 79 123 45 67', message: 'Le stress au travail' };

beforeAll(async () => {
  app = await startTestApp({ SITE_DIST_DIR: writeSiteFixture() });
  hostId = await signInHost(app);
});
afterAll(() => app.close());

beforeEach(() => resetBookings(app, hostId));

/** The text of an HTML fragment, entities and spaces normalised (the page uses no-break spaces). */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

const page = (query: Record<string, string> = {}) => app.client().get('/rendez-vous/', { query });
const starts = (html: string) => [...html.matchAll(/<input type="radio" name="start" value="([^"]+)"/g)].map((match) => match[1]!);
const inputValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0].match(/ value="([^"]*)"/)?.[1];
const serverMessage = (html: string) => /<p[^>]*data-server-message(?! hidden)[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1];

function formPost(body: Record<string, string>) {
  return app.client().request('POST', '/api/bookings', { body: new URLSearchParams(body).toString(), headers: FORM });
}

async function slotsFromApi(days = 14): Promise<Array<{ date: string; slots: Array<{ start: string }> }>> {
  return (await app.client().get('/api/bookings/slots', { query: { days } })).body.days;
}

describe('the page at each visit', () => {
  it('offers the free starts of the next 14 days as radio buttons, grouped by Swiss day, in Swiss time', async () => {
    const response = await page();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const days = await slotsFromApi(14);
    const offered = days.flatMap((day) => day.slots.map((slot) => slot.start));
    expect(starts(response.text)).toEqual(offered);
    expect(response.text).toContain('(heure suisse)');

    // One group per day with slots, headed by its French date; each start written as Swiss wall-clock time.
    const groups = [
      ...response.text.matchAll(/<details[^>]*data-booking-day="([\d-]+)"[^>]*>[\s\S]*?<h2[^>]*>([^<]+)<\/h2>[\s\S]*?<div role="group" aria-labelledby="slots-\1"[^>]*>([\s\S]*?)<\/div><\/details>/g),
    ];
    expect(groups.map((group) => group[1])).toEqual(days.filter((day) => day.slots.length > 0).map((day) => day.date));
    // A day with several starts (late in the evening, today may have one left).
    const daysWithSlots = days.filter((day) => day.slots.length > 0);
    const at = daysWithSlots.findIndex((day) => day.slots.length > 1);
    const full = daysWithSlots[at]!;
    expect(text(groups[at]![2]!)).toBe(frenchLongDate(new Date(`${full.date}T12:00:00Z`), { weekday: true }));
    expect(text(groups[at]![3]!).split(' h ')).toHaveLength(full.slots.length + 1);
    // The first two days are open, the others folded (native disclosure, no script).
    expect(groups.map((group) => / open>/.test(group[0].slice(0, group[0].indexOf('<summary'))))).toEqual(groups.map((_group, index) => index < 2));
    expect(text(groups[at]![0])).toContain(`${full.slots.length} créneaux`);
    expect(text(groups[at]![3]!).startsWith(text(frenchTime(new Date(full.slots[0]!.start))))).toBe(true);

    // The booking mode: the person's fields, phone optional, the form posting to /api/bookings, nothing filled.
    expect(response.text).toContain('action="/api/bookings"');
    expect(response.text).toContain('Réservez votre appel découverte');
    expect(response.text).not.toContain('Déplacer');
    expect(response.text).not.toContain('data-booking-only="phone-required"');
    expect(response.text).toMatch(/<input id="p" name="phone" type="tel">/);
    expect(inputValue(response.text, 'firstName')).toBeUndefined();
    expect(inputValue(response.text, 'email')).toBeUndefined();
    expect(serverMessage(response.text)).toBeUndefined();
  });

  it('asks for the phone number when the team calls, and says so when no slot is free, with the contact form link', async () => {
    await app.knex('booking_settings').where({ id: 1 }).update({ mode: 'phone' });
    const phone = await page();
    expect(phone.text).not.toContain('data-booking-only="phone-optional"');
    expect(phone.text).toMatch(/<div class="col" data-booking-only="phone-required"|<div data-booking-only="phone-required" class="col">/);
    expect(phone.text).toContain('<input id="pr" name="phone" type="tel" required>');

    await app.knex('booking_hosts').update({ isHost: false });
    const none = await page();
    expect(none.text).not.toContain('<form');
    expect(none.text.trimEnd().endsWith('</html>')).toBe(true);
    expect(text(none.text)).toContain("Aucun créneau n'est disponible pour le moment. Écrivez-nous : nous convenons ensemble d'un moment.");
    expect(none.text).toContain('href="/innercircle/#contact"');
  });

  it('fills the name and e-mail only from a link signed for that contact, and reveals nothing otherwise', async () => {
    const [lead] = await app.knex('leads').insert({ firstName: 'Léa', lastName: 'O’Brien <b>', email: 'lea@example.ch', type: 'contact', source: 'form' }).returning('id');
    const [other] = await app.knex('leads').insert({ firstName: 'Marc', lastName: 'Dupont', email: 'marc@example.ch', type: 'contact', source: 'form' }).returning('id');
    const link = new URL(bookingPageUrl('https://example.ch', app.config.sessionSecret, lead.id));
    expect(link.pathname).toBe('/rendez-vous/');
    expect(bookingPageUrl('https://example.ch', app.config.sessionSecret)).toBe('https://example.ch/rendez-vous/');

    const filled = await page(Object.fromEntries(link.searchParams));
    expect(inputValue(filled.text, 'firstName')).toBe('Léa');
    expect(inputValue(filled.text, 'lastName')).toBe('O’Brien &lt;b&gt;');
    expect(inputValue(filled.text, 'email')).toBe('lea@example.ch');
    expect(inputValue(filled.text, 'lead')).toBe(String(lead.id));
    expect(starts(filled.text).length).toBeGreaterThan(0);

    const token = link.searchParams.get('token')!;
    const refused: Array<Record<string, string>> = [
      { lead: String(other.id), token },
      { lead: String(lead.id), token: `${token.slice(0, -1)}A` === token ? `${token.slice(0, -1)}B` : `${token.slice(0, -1)}A` },
      { lead: String(lead.id) },
      { lead: `${lead.id}x`, token },
    ];
    for (const query of refused) {
      const response = await page(query);
      expect(response.status).toBe(200);
      expect(response.text).not.toContain('lea@example.ch');
      expect(response.text).not.toContain('marc@example.ch');
      expect(response.text).not.toContain('Marc');
      expect(inputValue(response.text, 'firstName')).toBeUndefined();
    }
  });

  it('moves a booking only from a valid manage link: the slots, the current time, no personal field, a form to /api/bookings/reschedule', async () => {
    const [start] = (await slotsFromApi(3)).flatMap((day) => day.slots.map((slot) => slot.start));
    expect((await app.client().post('/api/bookings', { start, ...person })).status).toBe(201);
    const booking = await app.knex('bookings').first('id');
    const token = manageToken(app.config.sessionSecret, booking.id);

    const response = await page({ booking: String(booking.id), token });
    expect(response.text).toContain('action="/api/bookings/reschedule"');
    expect(response.text).toContain(`<input type="hidden" name="booking" data-query-field="booking" value="${booking.id}">`);
    expect(response.text).toContain(`name="token" data-query-field="token" value="${token}"`);
    expect(response.text).toContain('Déplacer votre appel découverte');
    expect(response.text).toContain('Déplacer le rendez-vous');
    expect(response.text).not.toContain('Réservez votre appel découverte');
    expect(response.text).not.toContain('name="firstName"');
    expect(response.text).not.toContain('name="email"');
    expect(response.text).not.toContain('name="website"');
    expect(text(response.text)).toContain(text(`${frenchLongDate(new Date(start!), { weekday: true })} à ${frenchTime(new Date(start!))}`));
    expect(starts(response.text).length).toBeGreaterThan(0);
    expect(starts(response.text)).not.toContain(start);

    for (const query of [
      { booking: String(booking.id), token: manageToken('another-secret', booking.id) },
      { booking: String(booking.id + 1), token },
    ]) {
      const refused = await page(query);
      expect(refused.text).toContain('action="/api/bookings"');
      expect(refused.text).not.toContain('data-booking-current');
      expect(refused.text).not.toContain('name="booking"');
      expect(text(serverMessage(refused.text)!)).toBe("Ce lien de modification n'est pas valide ou le rendez-vous n'existe plus. Vous pouvez réserver un nouvel appel ci-dessous.");
    }
    await app.knex('bookings').update({ status: 'cancelled' });
    expect((await page({ booking: String(booking.id), token })).text).not.toContain('/api/bookings/reschedule');
  });
});

describe('POST /api/bookings from the page without JavaScript', () => {
  it('answers 303 to the confirmation page with the booked time, signed, and the page shows it', async () => {
    const [start] = (await slotsFromApi(3)).flatMap((day) => day.slots.map((slot) => slot.start));
    const response = await formPost({ start: start!, ...person, website: '' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, app.url);
    expect(location.pathname).toBe('/rendez-vous/confirme/');
    const message = location.searchParams.get('message')!;
    const when = `${frenchLongDate(new Date(start!), { weekday: true })} à ${frenchTime(new Date(start!))}`;
    expect(text(message)).toBe(text(`Votre appel découverte est réservé le ${when} (heure suisse).`));
    expect(verifyMessage(app.config.sessionSecret, message, location.searchParams.get('sig')!)).toBe(true);
    expect(await app.knex('bookings')).toHaveLength(1);

    const confirmation = await app.client().get(`${location.pathname}${location.search}`);
    expect(text(serverMessage(confirmation.text)!)).toBe(text(message));
    // A forged message is not shown.
    const forged = await app.client().get('/rendez-vous/confirme/', { query: { message: 'Autre chose', sig: location.searchParams.get('sig')! } });
    expect(forged.text).not.toContain('Autre chose');
  });

  it('sends a start just taken back to the page with the French message and fresh slots, recording nothing', async () => {
    const [start] = (await slotsFromApi(3)).flatMap((day) => day.slots.map((slot) => slot.start));
    expect((await formPost({ start: start!, ...person })).status).toBe(303);

    const taken = await formPost({ start: start!, ...person, email: 'autre@example.ch' });
    expect(taken.status).toBe(303);
    const location = new URL(taken.headers.get('location')!, app.url);
    expect(location.pathname).toBe('/rendez-vous/');
    expect(location.hash).toBe('#reservation');
    expect(location.searchParams.get('message')).toBe("Ce créneau n'est plus disponible.");
    expect(verifyMessage(app.config.sessionSecret, location.searchParams.get('message')!, location.searchParams.get('sig')!)).toBe(true);
    expect(await app.knex('leads').where({ email: 'autre@example.ch' })).toHaveLength(0);
    expect(await app.knex('bookings')).toHaveLength(1);

    const back = await app.client().get(`${location.pathname}${location.search}`);
    expect(text(serverMessage(back.text)!)).toBe("Ce créneau n'est plus disponible.");
    expect(starts(back.text).length).toBeGreaterThan(0);
    expect(starts(back.text)).not.toContain(start);
  });

  it('sends a missing field back with its French message, keeping a signed link’s pre-fill; JSON keeps its answers', async () => {
    const [lead] = await app.knex('leads').insert({ firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch', type: 'contact', source: 'form' }).returning('id');
    const link = new URL(bookingPageUrl('https://example.ch', app.config.sessionSecret, lead.id));
    const [start] = (await slotsFromApi(3)).flatMap((day) => day.slots.map((slot) => slot.start));

    const missing = await formPost({ start: start!, ...person, firstName: '', lead: String(lead.id), leadToken: link.searchParams.get('token')! });
    expect(missing.status).toBe(303);
    const location = new URL(missing.headers.get('location')!, app.url);
    expect(location.pathname).toBe('/rendez-vous/');
    expect(location.searchParams.get('message')).toMatch(/prénom/i);
    expect(location.searchParams.get('lead')).toBe(String(lead.id));
    const back = await app.client().get(`${location.pathname}${location.search}`);
    expect(inputValue(back.text, 'email')).toBe('lea@example.ch');

    const noStart = await formPost({ ...person, lead: String(lead.id), leadToken: 'forged-token' });
    const noStartLocation = new URL(noStart.headers.get('location')!, app.url);
    expect(noStartLocation.searchParams.get('message')).toBe('Choisissez un créneau.');
    expect(noStartLocation.searchParams.has('lead')).toBe(false);
    expect(await app.knex('bookings')).toHaveLength(0);

    const json = await app.client().post('/api/bookings', { ...person, start: new Date(Date.now() + 5 * 60_000).toISOString() });
    expect(json.status).toBe(409);
    expect(json.body.message).toBe("Ce créneau n'est plus disponible.");
  });

  it('books once when the same form is posted twice (a double click), and shows the confirmation both times', async () => {
    const key = inputValue((await page()).text, 'idempotencyKey')!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(inputValue((await page()).text, 'idempotencyKey')).not.toBe(key);
    const [start] = (await slotsFromApi(3)).flatMap((day) => day.slots.map((slot) => slot.start));
    const first = await formPost({ start: start!, ...person, idempotencyKey: key });
    const second = await formPost({ start: start!, ...person, idempotencyKey: key });
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(new URL(second.headers.get('location')!, app.url).pathname).toBe('/rendez-vous/confirme/');
    expect(await app.knex('bookings')).toHaveLength(1);
  });

  it('answers a robot filling the honeypot like a person, recording nothing', async () => {
    const [start] = (await slotsFromApi(3)).flatMap((day) => day.slots.map((slot) => slot.start));
    const response = await formPost({ start: start!, ...person, website: 'https://spam.example' });
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!, app.url).pathname).toBe('/rendez-vous/confirme/');
    expect(await app.knex('bookings')).toHaveLength(0);
    expect(await app.knex('leads')).toHaveLength(0);
  });
});

describe('the free starts kept computed between visits (decision 126)', () => {
  const offeredNow = async () => starts((await page()).text);

  it('no longer offers a start once it is booked, and offers it again once the booking is cancelled elsewhere', async () => {
    const before = await offeredNow();
    const start = before[2]!;
    expect(before).toContain(start);
    expect(await offeredNow()).toEqual(before); // kept: the same page twice
    // Compressed from its kept parts, with a key of its own at each visit (api/platform/http/spliced-gzip.ts).
    const visits = await Promise.all([1, 2].map(() => app.client().get('/rendez-vous/', { headers: { 'accept-encoding': 'gzip' } })));
    expect(visits.map((visit) => visit.headers.get('content-encoding'))).toEqual(['gzip', 'gzip']);
    expect(visits.map((visit) => starts(visit.text))).toEqual([before, before]);
    const keys = visits.map((visit) => inputValue(visit.text, 'idempotencyKey'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);

    const booked = await app.client().post('/api/bookings', { start, ...person });
    expect(booked.status).toBe(201);
    expect(await offeredNow()).not.toContain(start);
    expect((await slotsFromApi(14)).flatMap((day) => day.slots.map((slot) => slot.start))).not.toContain(start);

    // Cancelled by another instance on the same database (no request through this one).
    await app.knex('bookings').update({ status: 'cancelled' });
    expect(await offeredNow()).toContain(start);
  });

  it('shows a settings change made through the settings screen at the next visit', async () => {
    const admin = await app.signIn();
    const before = await offeredNow();
    expect(before.some((start) => new Date(start).getUTCMinutes() === 30)).toBe(true);
    const settings = (await admin.get('/api/admin/booking-settings')).body;
    expect((await admin.request('PUT', '/api/admin/booking-settings', { json: { ...settings, slotStepMinutes: 60 } })).status).toBe(200);
    const after = await offeredNow();
    expect(after.length).toBeGreaterThan(0);
    // Every start now on the hour (the host's ranges start on the hour, Swiss time is a whole-hour offset).
    expect(after.filter((start) => new Date(start).getUTCMinutes() !== 0)).toEqual([]);
    expect((await admin.request('PUT', '/api/admin/booking-settings', { json: settings })).status).toBe(200);
    expect(await offeredNow()).toEqual(before);
  });

  it('shows a host schedule or a feed reading written by another instance at the next visit', async () => {
    const before = await offeredNow();
    const tomorrow = (await slotsFromApi(3))[1]!;
    expect(tomorrow.slots.length).toBeGreaterThan(0);
    await app
      .knex('booking_hosts')
      .where({ userId: hostId })
      .update({ overrides: JSON.stringify([{ date: tomorrow.date, ranges: [] }]) });
    const closed = await offeredNow();
    expect(closed.filter((start) => tomorrow.slots.some((slot) => slot.start === start))).toEqual([]);
    expect(closed.length).toBeLessThan(before.length);

    // A feed read as busy over the first start offered now.
    const first = closed[0]!;
    await app
      .knex('booking_hosts')
      .where({ userId: hostId })
      .update({
        feedUrl: 'https://calendar.example.ch/helene.ics',
        feedStatus: 'ok',
        feedReadAt: new Date(),
        feedBusy: JSON.stringify([[Date.parse(first), Date.parse(first) + 60_000]]),
      });
    expect(await offeredNow()).not.toContain(first);
  });

  it('drops a start once it is within the notice period, with nothing changed in the database', async () => {
    const now = new Date();
    const range = { from: swissDay(now), days: 14 };
    const first = (await freeStarts(app.knex, now, range)).slots.days.flatMap((day) => day.slots)[0]!.start;
    const notice = (await app.knex('booking_settings').where({ id: 1 }).first('minimumNoticeMinutes')).minimumNoticeMinutes as number;
    // The very instant the start comes within the notice: no longer offered.
    const later = new Date(Date.parse(first) - notice * 60_000 + 1);
    const offered = (await freeStarts(app.knex, later, { from: swissDay(later), days: 14 })).slots.days.flatMap((day) => day.slots.map((slot) => slot.start));
    expect(offered).not.toContain(first);
    expect(offered.length).toBeGreaterThan(0);
  });
});
