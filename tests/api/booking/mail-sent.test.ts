/** A booked call's e-mails on the real SMTP sink: the confirmation and host alert with their calendar file, and the reminders (none past, once, none after a cancellation). */
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../support/smtp-sink.ts';
import { manageToken } from '../../../api/features/booking/manage/links.ts';
import { queueBookedEmails } from '../../../api/features/booking/mail/mail.ts';
import { setUpBookingMailTests, app, HOST, PERSON, startIn, book, mailsTo, mailTo, calendarOf, manageLinkIn, swiss, runNow } from './mail-support.ts';

setUpBookingMailTests();

describe('booking e-mails', () => {
  it('confirms to the person and alerts the host with the same calendar file, in Swiss time, with the manage link', async () => {
    const start = await startIn(30);
    const booking = await book(start);
    const confirmation = await mailTo(PERSON, /confirmé/);
    expect(confirmation.parsed.subject).toContain('(heure suisse)');
    expect(confirmation.parsed.text).toContain(swiss(start));
    expect(confirmation.parsed.text).toContain('Bonjour Léa,');
    expect(confirmation.parsed.text).toContain('https://meet.example.ch/helene');
    const file = calendarOf(confirmation);
    expect(file).toMatchObject({
      method: 'REQUEST',
      uid: booking.uid,
      sequence: 0,
      start,
      startIsUtc: true,
      organizer: `mailto:${HOST}`,
      attendee: `mailto:${PERSON}`,
      location: 'https://meet.example.ch/helene',
    });
    expect(file.text).toContain(`DTSTART:${start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);

    const alert = await mailTo(HOST, /Nouvel appel/);
    expect(alert.parsed.text).toContain('Léa Favre');
    expect(alert.parsed.text).toContain('Le stress au travail');
    // The host's own copy: from the sender, the host as ATTENDEE (decision 121).
    expect(calendarOf(alert)).toMatchObject({ method: 'REQUEST', uid: booking.uid, sequence: 0, start, organizer: 'mailto:ne-pas-repondre@clairval.ch', attendee: `mailto:${HOST}` });

    for (const message of [confirmation, alert]) {
      const link = manageLinkIn(message);
      expect(link.searchParams.get('booking')).toBe(String(booking.id));
      expect(link.searchParams.get('token')).toBe(manageToken(app.config.sessionSecret, booking.id));
    }
    const rows = await app.knex('emails').where({ bookingId: booking.id }).orderBy('id');
    expect(rows.map((row) => row.kind).sort()).toEqual(['booking_confirmation', 'booking_host_alert', 'booking_reminder', 'booking_reminder']);
  });

  it('says "Nous vous appelons au …" by phone, in the e-mail and the calendar file', async () => {
    await app.knex('booking_settings').where({ id: 1 }).update({ mode: 'phone' });
    await book(await startIn(30));
    const confirmation = await mailTo(PERSON, /confirmé/);
    expect(confirmation.parsed.text).toContain('Nous vous appelons au +41 79 123 45 67');
    expect(calendarOf(confirmation).location).toBe('Nous vous appelons au +41 79 123 45 67');
  });

  it('a restart (the cause run again) adds no e-mail', async () => {
    const booking = await book(await startIn(30));
    const before = await app.knex('emails').where({ bookingId: booking.id }).count({ count: '*' }).first();
    await app.knex.transaction((trx) => queueBookedEmails(trx, booking.id, app.config.bookingReminders));
    const after = await app.knex('emails').where({ bookingId: booking.id }).count({ count: '*' }).first();
    expect(Number(after!.count)).toBe(Number(before!.count));
  });
});

describe('reminders', () => {
  it('are due BOOKING_REMINDERS minutes before the call, none already past at booking time', async () => {
    const far = await startIn(30);
    const farBooking = await book(far);
    const near = await startIn(2, 20);
    const nearBooking = await book(near, { email: 'marc@example.ch' });
    const due = async (id: number) => (await app.knex('emails').where({ bookingId: id, kind: 'booking_reminder' }).orderBy('sendAfter')).map((row) => new Date(row.sendAfter).toISOString());
    expect(await due(farBooking.id)).toEqual([new Date(Date.parse(far) - 1440 * 60_000).toISOString(), new Date(Date.parse(far) - 60 * 60_000).toISOString()]);
    expect(await due(nearBooking.id)).toEqual([new Date(Date.parse(near) - 60 * 60_000).toISOString()]);
  });

  it('do not go early, go once when due, and never after a cancellation', async () => {
    const booking = await book(await startIn(30));
    const [day, hour] = (await app.knex('emails').where({ bookingId: booking.id, kind: 'booking_reminder' }).orderBy('sendAfter')) as Array<{ id: number }>;
    // Its job run early (a clock skew, a moved call): the sender re-checks and the reminder waits.
    await runNow(hour!.id);
    const waiting = await app.knex('emails').where({ id: hour!.id }).first();
    expect(waiting.status).toBe('queued');
    expect(new Date(waiting.sendAfter).getTime()).toBeGreaterThan(Date.now() + 3600_000);
    expect(mailsTo(PERSON, /^Rappel/)).toHaveLength(0);

    // The call is now 30 minutes away: the hour's reminder is due; run twice, it goes once.
    const start = new Date(Date.now() + 30 * 60_000);
    await app
      .knex('bookings')
      .where({ id: booking.id })
      .update({
        startAt: start,
        endAt: new Date(start.getTime() + 30 * 60_000),
        blocked: app.knex.raw('tstzrange(?, ?)', [start.toISOString(), new Date(start.getTime() + 40 * 60_000).toISOString()]),
      });
    await runNow(hour!.id);
    await runNow(hour!.id);
    const reminder = await mailTo(PERSON, /^Rappel/);
    expect(reminder.parsed.text).toContain(swiss(start.toISOString()));
    expect(manageLinkIn(reminder).searchParams.get('booking')).toBe(String(booking.id));
    await waitUntil(async () => (await app.knex('emails').where({ id: hour!.id, status: 'sent' }).first()) ?? undefined);
    expect(mailsTo(PERSON, /^Rappel/)).toHaveLength(1);

    // Cancelled: the day's reminder (already past here) is cancelled and its job sends nothing.
    const link = manageLinkIn(await mailTo(PERSON, /confirmé/));
    const cancelled = await app.client().post('/api/bookings/cancel', { booking: Number(link.searchParams.get('booking')), token: link.searchParams.get('token') });
    expect(cancelled.body, JSON.stringify({ link: link.href, booking: booking.id })).toMatchObject({ status: 'cancelled' });
    await runNow(day!.id);
    expect(await app.knex('emails').where({ id: day!.id }).first()).toMatchObject({ status: 'cancelled' });
    expect(mailsTo(PERSON, /^Rappel/)).toHaveLength(1);
  });
});
