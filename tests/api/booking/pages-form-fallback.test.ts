// The form-encoded fallback of POST /api/bookings: 303 to the confirmation, or back with the signed French message, nothing recorded on a 409.
import { describe, expect, it } from 'vitest';
import { app, person, setUpBookingApp } from './app-setup.ts';
import { formPost, inputValue, page, serverMessage, slotsFromApi, starts, text } from './pages-support.ts';
import { writeSiteFixture } from '../site-fixture.ts';
import { bookingPageUrl } from '../../../api/features/booking/index.ts';
import { verifyMessage } from '../../../api/platform/lib/signed-message.ts';
import { frenchLongDate, frenchTime } from '../../../api/platform/lib/french-dates.ts';

setUpBookingApp({ SITE_DIST_DIR: writeSiteFixture() });

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
