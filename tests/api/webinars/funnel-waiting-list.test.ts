// A webinar's seats (decisions 050, 051, 053): the waiting list, cancellation by link and the promotion it brings, the contact's registrations, seats under concurrency.
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../support/smtp-sink.ts';
import { cancelToken } from '../../../api/features/webinars/mail/links.ts';
import { sessionDate } from '../../support/webinars.ts';
import { admin, app, createWebinar, linkIn, mailTo, postForm, registrationOf, setUpFunnelApp, signUp } from './funnel-support.ts';

setUpFunnelApp();

describe('waiting list and cancellation by link', () => {
  it('waitlists a sign-up for a full session; cancelling by the e-mail link registers the first person waiting, who is told', async () => {
    const webinar = await createWebinar({ maxAttendees: 1 });
    expect((await signUp('lea@example.ch')).body.registration).toEqual({ webinarId: webinar.id, status: 'registered' });
    const second = await signUp('marc@example.ch', 'Marc');
    expect(second.body.registration).toEqual({ webinarId: webinar.id, status: 'waitlisted' });
    expect(second.body.notice).toMatch(/liste d'attente/);
    await signUp('zoe@example.ch', 'Zoé');

    const confirmation = await mailTo('lea@example.ch', /confirmée/);
    const link = linkIn(confirmation, '/annulation/');
    expect(confirmation.parsed.text).toContain('Annuler mon inscription');

    // Following the link (what a mail scanner does) shows the page and cancels nothing.
    const page = await app.client().get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain(`value="${link.searchParams.get('token')}"`);
    expect((await registrationOf('lea@example.ch')).status).toBe('registered');

    const answer = await postForm('/api/registrations/cancel', { registration: link.searchParams.get('registration')!, token: link.searchParams.get('token')! });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location')!, app.url);
    expect(location.pathname).toBe('/annulation/resultat/');
    expect(location.searchParams.get('message')).toMatch(/annulée/);
    expect((await registrationOf('lea@example.ch')).status).toBe('cancelled');
    expect((await registrationOf('marc@example.ch')).status).toBe('registered');
    expect((await registrationOf('zoe@example.ch')).status).toBe('waitlisted');

    const promoted = await mailTo('marc@example.ch', /place s'est libérée/);
    expect(promoted.parsed.attachments.some((item) => item.contentType.startsWith('text/calendar'))).toBe(true);
    expect(linkIn(promoted, '/annulation/').searchParams.get('registration')).toBe(String((await registrationOf('marc@example.ch')).id));
    const row = await app.knex('emails').where({ kind: 'waitlist_promoted' }).first();
    expect(row).toMatchObject({ toAddress: 'marc@example.ch', webinarId: webinar.id });

    // The same form again: nothing more happens.
    const again = await app.client().post('/api/registrations/cancel', { registration: Number(link.searchParams.get('registration')), token: link.searchParams.get('token') });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('already_cancelled');
    expect((await registrationOf('zoe@example.ch')).status).toBe('waitlisted');
  });

  it('tells a person put on the waiting list by e-mail, without a join link or calendar file; its link takes them off the list', async () => {
    await createWebinar({ maxAttendees: 1, joinUrl: 'https://meet.example.ch/bonheur' });
    await signUp('lea@example.ch');
    expect((await signUp('marc@example.ch', 'Marc')).body.registration.status).toBe('waitlisted');
    const marc = await registrationOf('marc@example.ch');

    const waiting = await mailTo('marc@example.ch', /^Liste d'attente/);
    expect(waiting.parsed.subject).toBe("Liste d'attente : Le bonheur des dirigeants");
    expect(waiting.parsed.text).toContain('Bonjour Marc,');
    expect(waiting.parsed.text).toContain("La session est complète pour le moment : vous êtes sur la liste d'attente.");
    expect(waiting.parsed.text).toMatch(/\(heure suisse\)/);
    expect(waiting.parsed.text).toContain("Quitter la liste d'attente");
    expect(waiting.parsed.text).not.toContain('meet.example.ch');
    expect(waiting.parsed.attachments).toHaveLength(0);
    const link = linkIn(waiting, '/annulation/');
    expect(link.searchParams.get('registration')).toBe(String(marc.id));
    // Only Marc is told he waits: Léa has her confirmation, the team its alert.
    expect((await app.knex('emails').where({ kind: 'waitlist_joined' }).select('toAddress')).map((row) => row.toAddress)).toEqual(['marc@example.ch']);
    await waitUntil(() => app.knex('emails').where({ kind: 'waitlist_joined', status: 'sent' }).first());
    const listed = await admin.get('/api/admin/emails', { query: { kind: 'waitlist_joined' } });
    expect(listed.body.emails).toEqual([expect.objectContaining({ kind: 'waitlist_joined', to: 'marc@example.ch', status: 'sent' })]);

    const answer = await postForm('/api/registrations/cancel', { registration: link.searchParams.get('registration')!, token: link.searchParams.get('token')! });
    expect(answer.status).toBe(303);
    expect((await registrationOf('marc@example.ch')).status).toBe('cancelled');
    expect((await registrationOf('lea@example.ch')).status).toBe('registered');
    // Signing up again for the same full session puts Marc back on the list, and tells him again.
    expect((await signUp('marc@example.ch', 'Marc')).body.registration.status).toBe('waitlisted');
    await waitUntil(async () => (await app.knex('emails').where({ kind: 'waitlist_joined', status: 'sent' })).length === 2);
  });

  it('refuses a link whose token does not match, in French, without cancelling', async () => {
    await createWebinar();
    await signUp('lea@example.ch');
    const registration = await registrationOf('lea@example.ch');
    const forged = await app.client().post('/api/registrations/cancel', { registration: registration.id, token: cancelToken('autre-secret', registration.id) });
    expect(forged.status).toBe(404);
    expect(forged.body.message).toMatch(/lien n’est pas valide/);
    const unknown = await app.client().post('/api/registrations/cancel', { registration: 999_999, token: cancelToken(app.config.sessionSecret, 999_999) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(forged.body.message);
    const missing = await postForm('/api/registrations/cancel', { registration: 'abc' });
    expect(missing.status).toBe(303);
    expect(new URL(missing.headers.get('location')!, app.url).searchParams.get('message')).toMatch(/lien n’est pas valide/);
    expect((await registrationOf('lea@example.ch')).status).toBe('registered');
  });

  it('cancels the waiting e-mails of a cancelled registration (its reminder does not go out)', async () => {
    await createWebinar();
    await signUp('lea@example.ch');
    const registration = await registrationOf('lea@example.ch');
    await waitUntil(() => app.knex('emails').where({ registrationId: registration.id, kind: 'webinar_reminder' }).first());
    await app.client().post('/api/registrations/cancel', { registration: registration.id, token: cancelToken(app.config.sessionSecret, registration.id) });
    const reminder = await app.knex('emails').where({ registrationId: registration.id, kind: 'webinar_reminder' }).first();
    expect(reminder.status).toBe('cancelled');
  });

  it('confirms again, with new reminders, a person who cancelled and signs up again', async () => {
    await createWebinar();
    await signUp('lea@example.ch');
    const registration = await registrationOf('lea@example.ch');
    const { leadId } = await app.knex('webinarRegistrations').where({ id: registration.id }).first('leadId');
    const seatEmails = (kind: string) => app.knex('emails').where({ registrationId: registration.id, kind }).orderBy('id').pluck('status');
    // Wait on this registration's own rows: an e-mail of the previous test may still reach the sink.
    await waitUntil(async () => (await seatEmails('webinar_confirmation'))[0] === 'sent' || undefined);
    await app.client().post('/api/registrations/cancel', { registration: registration.id, token: cancelToken(app.config.sessionSecret, registration.id) });

    expect((await signUp('lea@example.ch')).body.registration).toMatchObject({ status: 'registered' });
    await waitUntil(async () => (await seatEmails('webinar_confirmation')).join() === 'sent,sent' || undefined);
    expect(await seatEmails('webinar_reminder')).toEqual(['cancelled', 'queued']);
    // A third sign-up while registered changes nothing: no third confirmation, no more reminders.
    await signUp('lea@example.ch');
    // All three sign-ups reached the team, in at most two alerts (one per contact and 10 minutes, decision 088).
    await waitUntil(async () => {
      const alerts = (await app.knex('emails').where({ leadId, kind: 'team_alert' }).pluck('data')) as Array<{ submissions?: unknown[] }>;
      return (alerts.length <= 2 && alerts.reduce((sum, data) => sum + (data.submissions?.length ?? 0), 0) === 3) || undefined;
    });
    expect(await seatEmails('webinar_confirmation')).toEqual(['sent', 'sent']);
    expect(await seatEmails('webinar_reminder')).toEqual(['cancelled', 'queued']);
  });
});

describe('the contact detail', () => {
  it('lists the contact’s registrations with webinar, date and status, for administrators only', async () => {
    const firstStart = sessionDate('2027-01-28T17:00:00.000Z');
    const first = await createWebinar({ title: 'Première session', datetime: firstStart, maxAttendees: 1 });
    await signUp('lea@example.ch');
    await signUp('marc@example.ch', 'Marc');
    const marc = await app.knex('leads').where({ email: 'marc@example.ch' }).first();
    const response = await admin.get(`/api/admin/leads/${marc.id}/registrations`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      registrations: [{ id: expect.any(Number), status: 'waitlisted', registeredAt: expect.any(String), webinar: { id: first.id, title: 'Première session', datetime: firstStart } }],
      pagination: { page: 1, limit: 20, total: 1 },
    });
    expect((await app.client().get(`/api/admin/leads/${marc.id}/registrations`)).status).toBe(401);
    const missing = await admin.get('/api/admin/leads/999999/registrations');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/[Cc]ontact/);
  });
});

// PGlite runs one statement at a time; on PostgreSQL sign-ups, cancellations and promotions really
// interleave, and every one of them must queue on the webinar row.
if (process.env.TEST_DB === 'pg') {
  describe('seats under concurrency on PostgreSQL', () => {
    it('never holds more registered than maxAttendees while people sign up and cancel at the same time; the waiting list moves in order', async () => {
      const webinar = await createWebinar({ maxAttendees: 5 });
      for (let index = 0; index < 8; index += 1) await signUp(`avant${index}@example.ch`);
      const registered = await app.knex('webinarRegistrations').where({ webinarId: webinar.id, status: 'registered' }).orderBy('id');
      expect(registered).toHaveLength(5);
      const firstWaiting = await app.knex('webinarRegistrations').where({ webinarId: webinar.id, status: 'waitlisted' }).orderBy('id').limit(3);

      const cancellations = registered
        .slice(0, 3)
        .map((row: { id: number }) => app.client().post('/api/registrations/cancel', { registration: row.id, token: cancelToken(app.config.sessionSecret, row.id) }));
      const signUps = Array.from({ length: 12 }, (_, index) => signUp(`pendant${index}@example.ch`));
      const answers = await Promise.all([...cancellations, ...signUps]);
      expect(answers.slice(0, 3).every((answer) => answer.status === 200 && answer.body.status === 'cancelled')).toBe(true);
      expect(answers.slice(3).every((answer) => answer.status === 201)).toBe(true);

      const counts = (await app.knex('webinarRegistrations').where({ webinarId: webinar.id }).groupBy('status').select('status').count({ count: '*' })) as Array<{
        status: string;
        count: string | number;
      }>;
      const byStatus = Object.fromEntries(counts.map((row) => [row.status, Number(row.count)]));
      expect(byStatus).toEqual({ registered: 5, cancelled: 3, waitlisted: 12 });
      // The three freed seats went to the three who were waiting first: none went to a later sign-up ahead of them.
      const promoted = await app.knex('webinarRegistrations').whereIn(
        'id',
        firstWaiting.map((row: { id: number }) => row.id),
      );
      expect(promoted.every((row: { status: string }) => row.status === 'registered')).toBe(true);
      expect(await app.knex('emails').where({ kind: 'waitlist_promoted', webinarId: webinar.id })).toHaveLength(3);
    });
  });
}
