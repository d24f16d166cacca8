/** Webinar e-mails (decision 022) on a real SMTP server: the sign-up confirmation and team alert, the reminders as the date moves, and the cancellation on deletion. */
import { describe, expect, it } from 'vitest';
import { sessionDate } from '../support/webinars.ts';
import { swissDateTime } from '../../api/platform/mail/dates.ts';
import { frenchLongDate } from '../../api/platform/lib/french-dates.ts';
import { waitUntil } from '../support/smtp-sink.ts';
import { rescheduleWebinarReminders } from '../../api/features/webinars/mail/reminders.ts';
import { setUpEmailsTests, app, smtp, admin, TEAM, JOIN_URL, createWebinar, signUp, to, sendWaitingAlertNow, subjectOf, parseCalendar } from './emails-support.ts';

setUpEmailsTests();

describe('webinar sign-up', () => {
  it('sends the confirmation with the join link and a calendar file, and a team alert', async () => {
    const start = sessionDate('2027-01-28T17:00:00.000Z');
    const webinar = await createWebinar({ datetime: start });
    const response = await signUp('lea.favre@example.ch');
    expect(response.status).toBe(201);
    const lead = await app.knex('leads').where({ email: 'lea.favre@example.ch' }).first();
    const registration = await app.knex('webinarRegistrations').where({ leadId: lead.id }).first();

    await smtp.waitFor((messages) => messages.some(to('lea.favre@example.ch')) && messages.some(to(TEAM)));
    const confirmation = smtp.messages.find(to('lea.favre@example.ch'))!;
    expect(subjectOf(confirmation)).toBe('Votre inscription est confirmée : Le bonheur des dirigeants');
    expect(confirmation.parsed.from?.value[0]).toMatchObject({ address: 'bonjour@clairval.ch', name: 'Clairval Inner Circle' });
    // Swiss time, the French way: 17:00 UTC in January is 18:00 in Zurich.
    expect(confirmation.parsed.text).toContain(`${frenchLongDate(new Date(start), { weekday: true })} à 18 h 00 (heure suisse)`);
    expect(confirmation.parsed.text).toContain('1 heure');
    expect(confirmation.parsed.text).toContain(JOIN_URL);
    expect(confirmation.parsed.html).toContain(`href="${JOIN_URL.replace('&', '&amp;')}"`);
    expect(confirmation.parsed.html).toContain('Bonjour Léa,');

    const calendar = parseCalendar(confirmation);
    expect(calendar).toMatchObject({
      uid: `webinar-registration-${registration.id}@127.0.0.1`,
      summary: 'Le bonheur des dirigeants',
      url: JOIN_URL,
      location: JOIN_URL,
      start,
      end: new Date(Date.parse(start) + 3_600_000).toISOString(),
    });
    expect(calendar.description).toContain(JOIN_URL);
    expect(calendar.dtstamp).toBeTruthy();

    const alert = smtp.messages.find(to(TEAM))!;
    expect(subjectOf(alert)).toBe('Nouvelle inscription au webinaire : Léa Favre');
    expect(alert.parsed.text).toContain('lea.favre@example.ch');
    expect(alert.parsed.text).toContain(`${app.url}/admin/leads/${lead.id}`);
    expect(alert.parsed.text).toContain('Inscription confirmée');

    const rows = await waitUntil(async () => {
      const found = await app.knex('emails').where({ leadId: lead.id }).orderBy('id');
      return found.filter((row) => row.status === 'sent').length === 2 ? found : undefined;
    });
    expect(rows.map((row) => [row.kind, row.status])).toEqual(
      expect.arrayContaining([
        ['webinar_confirmation', 'sent'],
        ['team_alert', 'sent'],
      ]),
    );
    expect(rows.find((row) => row.kind === 'webinar_confirmation')).toMatchObject({
      toAddress: 'lea.favre@example.ch',
      transport: 'smtp',
      attempts: 1,
      webinarId: webinar.id,
      registrationId: registration.id,
    });
  });

  it('says the link will follow when the webinar has none, and a second sign-up sends no second confirmation', async () => {
    await createWebinar({ joinUrl: '', datetime: sessionDate('2027-02-04T17:00:00.000Z') });
    expect((await signUp('marc@example.ch', 'Marc')).status).toBe(201);
    // Drained rather than polled (decision 103): both e-mails have been accepted when it returns.
    await app.jobs.drain();
    await smtp.waitFor((messages) => messages.filter(to(TEAM)).length === 1 && messages.some(to('marc@example.ch')));
    const confirmation = smtp.messages.find(to('marc@example.ch'))!;
    expect(confirmation.parsed.text).toContain('Le lien de connexion vous sera envoyé dans le rappel, avant la session.');

    expect((await signUp('marc@example.ch', 'Marc')).status).toBe(201);
    await sendWaitingAlertNow('marc@example.ch', 1);
    await smtp.waitFor((messages) => messages.filter(to(TEAM)).length === 2);
    const confirmations = await app.knex('emails').where({ kind: 'webinar_confirmation', toAddress: 'marc@example.ch' });
    expect(confirmations).toHaveLength(1);
    expect(smtp.messages.filter(to('marc@example.ch'))).toHaveLength(1);
  });

  it('sends a reminder before the session, skips the one already past, and none to a removed registration', async () => {
    // Starts in 70 s: the 1-minute reminder is due in about 10 s; the 1440-minute one is already past.
    const start = new Date(Date.now() + 70_000);
    await createWebinar({ datetime: start.toISOString(), title: 'Session express' });
    await signUp('nadia@example.ch', 'Nadia');
    await signUp('thomas@example.ch', 'Thomas');
    const reminders = await waitUntil(async () => {
      const rows = await app.knex('emails').where({ kind: 'webinar_reminder' });
      return rows.length === 2 ? rows : undefined;
    });
    expect(reminders.every((row) => row.causeKey.endsWith(':1'))).toBe(true);

    // Thomas's registration goes before his reminder is due.
    const thomas = await app.knex('leads').where({ email: 'thomas@example.ch' }).first();
    await app.knex('webinarRegistrations').where({ leadId: thomas.id }).delete();

    await smtp.waitFor((messages) => messages.some((message) => to('nadia@example.ch')(message) && subjectOf(message).startsWith('Rappel')), 40_000);
    const reminder = smtp.messages.find((message) => to('nadia@example.ch')(message) && subjectOf(message).startsWith('Rappel'))!;
    expect(subjectOf(reminder)).toContain('Session express');
    expect(reminder.parsed.text).toContain(JOIN_URL);

    const thomasReminder = await waitUntil(async () => {
      const row = await app.knex('emails').where({ kind: 'webinar_reminder', leadId: thomas.id }).first();
      return row && row.status !== 'queued' ? row : undefined;
    }, 30_000);
    expect(thomasReminder.status).toBe('cancelled');
    expect(smtp.messages.filter((message) => to('thomas@example.ch')(message) && subjectOf(message).startsWith('Rappel'))).toHaveLength(0);
  }, 90_000);
});

describe('a webinar whose date changes', () => {
  it('moves its reminders: earlier (rescheduled at once) and later (noticed when the old time comes)', async () => {
    const early = await createWebinar({ datetime: new Date(Date.now() + 3 * 3600_000).toISOString(), title: 'Avancée' });
    await signUp('avance@example.ch', 'Anne');
    const pending = await waitUntil(async () => app.knex('emails').where({ kind: 'webinar_reminder', toAddress: 'avance@example.ch' }).first());
    expect(new Date(pending.sendAfter).getTime()).toBeGreaterThan(Date.now() + 2 * 3600_000);

    // Moved to 70 s from now: the 1-minute reminder is now due in about 10 s.
    await app
      .knex('webinars')
      .where({ id: early.id })
      .update({ datetime: new Date(Date.now() + 70_000) });
    await app.knex.transaction((trx) => rescheduleWebinarReminders(trx, early.id));
    await smtp.waitFor((messages) => messages.some((message) => to('avance@example.ch')(message) && subjectOf(message).startsWith('Rappel')), 40_000);

    const late = await createWebinar({ datetime: new Date(Date.now() + 75_000).toISOString(), title: 'Reportée' });
    await app.knex('webinars').where({ id: early.id }).update({ isActive: false });
    await signUp('report@example.ch', 'Rémi');
    const reminder = await waitUntil(async () => app.knex('emails').where({ kind: 'webinar_reminder', toAddress: 'report@example.ch' }).first());
    // Moved a week later without telling anyone: at the old time the worker finds the new one.
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    await app.knex('webinars').where({ id: late.id }).update({ datetime: nextWeek });
    const moved = await waitUntil(async () => {
      const row = await app.knex('emails').where({ id: reminder.id }).first();
      return new Date(row.sendAfter).getTime() > Date.now() + 86_400_000 ? row : undefined;
    }, 40_000);
    expect(moved.status).toBe('queued');
    expect(new Date(moved.sendAfter).toISOString()).toBe(new Date(nextWeek.getTime() - 60_000).toISOString());
  }, 90_000);
});

describe('webinar deletion', () => {
  it('tells each registrant with a METHOD:CANCEL calendar file of the same UID, and cancels their reminders', async () => {
    const start = sessionDate('2027-03-04T17:00:00.000Z');
    const webinar = await createWebinar({ datetime: start, title: 'Session annulée' });
    await signUp('lea@example.ch');
    await smtp.waitFor((messages) => messages.some(to('lea@example.ch')));
    const confirmationUid = parseCalendar(smtp.messages.find(to('lea@example.ch'))!).uid;

    const count = await admin.get(`/api/admin/webinars/${webinar.id}/cancellation-recipients`);
    expect(count.body).toEqual({ count: 1 });
    expect((await admin.delete(`/api/admin/webinars/${webinar.id}`)).status).toBe(204);

    await smtp.waitFor((messages) => messages.filter(to('lea@example.ch')).length === 2);
    const cancellation = smtp.messages.filter(to('lea@example.ch'))[1]!;
    expect(subjectOf(cancellation)).toBe('Annulation : Session annulée');
    expect(cancellation.parsed.text).toContain(swissDateTime(new Date(start)));
    const calendar = parseCalendar(cancellation);
    expect(calendar).toMatchObject({ method: 'CANCEL', uid: confirmationUid, status: 'CANCELLED', summary: 'Session annulée' });

    const reminders = await app.knex('emails').where({ kind: 'webinar_reminder' });
    expect(reminders.length).toBeGreaterThan(0);
    expect(reminders.every((row) => row.status === 'cancelled')).toBe(true);
  });
});
