// The booking page /rendez-vous/ as the server fills it at each visit: free starts by Swiss day, signed pre-fill, phone field, reschedule mode.
import { describe, expect, it } from 'vitest';
import { app, person, setUpBookingApp } from './app-setup.ts';
import { inputValue, page, serverMessage, slotsFromApi, starts, text } from './pages-support.ts';
import { writeSiteFixture } from '../site-fixture.ts';
import { bookingPageUrl } from '../../../api/features/booking/index.ts';
import { manageToken } from '../../../api/features/booking/manage/links.ts';
import { frenchLongDate, frenchTime } from '../../../api/platform/lib/french-dates.ts';

setUpBookingApp({ SITE_DIST_DIR: writeSiteFixture() });

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
