/**
 * A webinar's public journey (decisions 050, 051, 053): the waiting list, cancellation by link (GET shows, only POST cancels), the
 * promotion of the first person waiting, the invitation of those who signed up while no session was
 * planned, the follow-up after the session. E-mails are checked on the real SMTP sink.
 */
import { describe, expect, it } from 'vitest';
import { setUpAppWithSmtp, type TestApp, type TestClient } from '../harness.ts';
import { waitUntil, type ReceivedMail, type SmtpSink } from '../../support/smtp-sink.ts';
import { queueDueFollowups, FOLLOWUP_QUEUE } from '../../../api/features/webinars/follow-ups/followups.ts';
import { cancelToken } from '../../../api/features/webinars/mail/links.ts';
import { writeSiteFixture } from '../site-fixture.ts';
import { bookingPageUrl } from '../../../api/features/booking/index.ts';
import { sessionDate } from '../../support/webinars.ts';
import { swissDateTime } from '../../../api/platform/mail/dates.ts';
import { frenchLongDate } from '../../../api/platform/lib/french-dates.ts';

let app: TestApp;
let smtp: SmtpSink;
let admin: TestClient;

setUpAppWithSmtp({ SITE_DIST_DIR: writeSiteFixture(), NOTIFY_EMAIL: 'equipe@clairval.ch', WEBINAR_REMINDERS: '60' }, ['webinars', 'leads'], (running) => ({ app, smtp, admin } = running));

const IN_A_MONTH = () => new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

async function createWebinar(fields: Record<string, unknown> = {}) {
  const response = await admin.post('/api/admin/webinars', {
    title: 'Le bonheur des dirigeants',
    description: 'Webinaire gratuit.',
    datetime: IN_A_MONTH(),
    maxAttendees: 100,
    ...fields,
  });
  expect(response.status).toBe(201);
  return response.body as { id: number };
}

const signUp = (email: string, firstName = 'Léa') => app.client().post('/api/leads', { firstName, email, type: 'webinar' });
const to = (address: string) => (message: ReceivedMail) => message.envelopeTo.includes(address);
/** Runs the due e-mail work at once (decision 103); a message due later (a reminder) is still awaited. */
const mailTo = async (address: string, subject: RegExp) => {
  await app.jobs.drain();
  await smtp.waitFor((messages) => messages.some((message) => to(address)(message) && subject.test(message.parsed.subject ?? '')));
  return smtp.messages.find((message) => to(address)(message) && subject.test(message.parsed.subject ?? ''))!;
};

/** The link of a button in the e-mail's text part. */
function linkIn(message: ReceivedMail, pathname: string): URL {
  const match = (message.parsed.text ?? '').match(new RegExp(`https?://[^\\s]+${pathname.replace(/\//g, '\\/')}\\?[^\\s\\]]+`));
  expect(match, `a link to ${pathname}`).not.toBeNull();
  return new URL(match![0]);
}

async function registrationOf(email: string) {
  return app.knex('webinarRegistrations as r').join('leads as l', 'l.id', 'r.leadId').where('l.email', email).first('r.id', 'r.status', 'r.webinarId');
}

function postForm(pathname: string, fields: Record<string, string>) {
  return app.client().request('POST', pathname, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

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

describe('sign-ups while no session is planned', () => {
  it('keeps them waiting, invites each one when a session is created, and registers them in one step from the invitation', async () => {
    const none = await signUp('lea@example.ch');
    expect(none.body).toMatchObject({ registration: null, notice: expect.stringMatching(/invitation/) });
    await signUp('marc@example.ch', 'Marc');
    expect(await app.knex('webinarInterests').whereNull('invitedAt')).toHaveLength(2);

    const start = sessionDate('2027-01-28T17:00:00.000Z');
    const webinar = await createWebinar({ datetime: start });
    const invitation = await mailTo('lea@example.ch', /Nouvelle session/);
    expect(invitation.parsed.text).toContain(`${frenchLongDate(new Date(start), { weekday: true })} à 18 h 00 (heure suisse)`);
    await mailTo('marc@example.ch', /Nouvelle session/);
    expect(await app.knex('emails').where({ kind: 'webinar_invitation', webinarId: webinar.id })).toHaveLength(2);
    expect(await app.knex('webinarInterests').whereNull('invitedAt')).toHaveLength(0);

    const link = linkIn(invitation, '/inscription-webinaire/');
    const page = await app.client().get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await registrationOf('lea@example.ch')).toBeUndefined();

    const fields = Object.fromEntries(link.searchParams);
    const joined = await postForm('/api/registrations/join', fields);
    expect(joined.status).toBe(303);
    expect(new URL(joined.headers.get('location')!, app.url).pathname).toBe('/merci/');
    expect(await registrationOf('lea@example.ch')).toMatchObject({ status: 'registered', webinarId: webinar.id });
    await mailTo('lea@example.ch', /confirmée/);

    // A second click keeps the one seat.
    const twice = await app.client().post('/api/registrations/join', { ...fields, webinar: Number(fields.webinar), lead: Number(fields.lead) });
    expect(twice.status).toBe(200);
    expect(twice.body.message).toMatch(/déjà enregistrée/);
    expect(await app.knex('webinarRegistrations').where({ webinarId: webinar.id })).toHaveLength(1);

    // A second session invites nobody again.
    await createWebinar({ datetime: sessionDate('2027-02-28T17:00:00.000Z') });
    expect(await app.knex('emails').where({ kind: 'webinar_invitation' })).toHaveLength(2);
  });

  it('refuses an invitation link for someone else', async () => {
    await signUp('lea@example.ch');
    const webinar = await createWebinar();
    const invitation = await mailTo('lea@example.ch', /Nouvelle session/);
    const fields = Object.fromEntries(linkIn(invitation, '/inscription-webinaire/').searchParams);
    const other = await app.knex('leads').insert({ firstName: 'Autre', email: 'autre@example.ch', type: 'webinar', source: 'form', status: 'new' }).returning('id');
    const response = await app.client().post('/api/registrations/join', { webinar: webinar.id, lead: (other[0] as { id: number }).id, token: fields.token });
    expect(response.status).toBe(404);
    expect(await app.knex('webinarRegistrations')).toHaveLength(0);
  });
});

describe('follow-up after the session', () => {
  it('sends one follow-up to each registrant marked attended or no-show, never twice', async () => {
    const past = await createWebinar({ datetime: new Date(Date.now() + 3600 * 1000).toISOString() });
    for (const email of ['lea@example.ch', 'marc@example.ch', 'zoe@example.ch']) await signUp(email);
    const nextStart = sessionDate('2027-03-25T17:00:00.000Z');
    const next = await createWebinar({ datetime: nextStart });
    // The session took place; the team marks who came (however it is done: here, directly).
    await app
      .knex('webinars')
      .where({ id: past.id })
      .update({ datetime: new Date(Date.now() - 2 * 3600 * 1000) });
    await app
      .knex('webinarRegistrations')
      .whereIn('leadId', app.knex('leads').select('id').where({ email: 'lea@example.ch' }))
      .update({ status: 'attended' });
    await app
      .knex('webinarRegistrations')
      .whereIn('leadId', app.knex('leads').select('id').where({ email: 'marc@example.ch' }))
      .update({ status: 'no-show' });

    // The every-minute cron may queue them first: what counts is what is queued, once.
    await queueDueFollowups(app.knex);
    expect(await queueDueFollowups(app.knex)).toBe(0);
    const thanks = await mailTo('lea@example.ch', /Merci d'avoir participé/);
    expect(thanks.parsed.text).toContain('appel découverte');
    // The booking page, signed for Léa: it opens with her name and e-mail filled.
    const lea = await app.knex('leads').where({ email: 'lea@example.ch' }).first('id');
    expect(thanks.parsed.text).toContain(bookingPageUrl(app.url, app.config.sessionSecret, lea.id));
    const missed = await mailTo('marc@example.ch', /Nous vous avons manqué/);
    expect(missed.parsed.text).toContain(swissDateTime(new Date(nextStart)));
    expect(await app.knex('emails').where({ kind: 'webinar_followup' })).toHaveLength(2);
    expect(await app.knex('emails').where({ kind: 'webinar_followup', toAddress: 'zoe@example.ch' })).toHaveLength(0);

    // Marked the other way afterwards: still one follow-up per registration.
    await app
      .knex('webinarRegistrations')
      .whereIn('leadId', app.knex('leads').select('id').where({ email: 'marc@example.ch' }))
      .update({ status: 'attended' });
    expect(await queueDueFollowups(app.knex)).toBe(0);
    expect(next.id).toBeGreaterThan(past.id);
  });

  it('follows up only sessions that started less than 7 days ago (a restart does not thank every past session)', async () => {
    const old = await createWebinar({ datetime: new Date(Date.now() + 3600 * 1000).toISOString(), title: 'Session ancienne' });
    await signUp('lea@example.ch');
    await signUp('marc@example.ch', 'Marc');
    await app
      .knex('webinars')
      .where({ id: old.id })
      .update({ datetime: new Date(Date.now() - 10 * 86_400_000) });
    const recent = await createWebinar({ datetime: new Date(Date.now() + 3600 * 1000).toISOString(), title: 'Session récente' });
    await signUp('zoe@example.ch', 'Zoé');
    await app
      .knex('webinars')
      .where({ id: recent.id })
      .update({ datetime: new Date(Date.now() - 2 * 86_400_000) });
    // Everyone came; the statuses are set only now, as after a restart or a late attendance import.
    await app.knex('webinarRegistrations').whereIn('webinarId', [old.id, recent.id]).update({ status: 'attended' });
    expect(await app.knex('webinarRegistrations').where({ webinarId: old.id })).toHaveLength(2);
    expect(await app.knex('webinarRegistrations').where({ webinarId: recent.id })).toHaveLength(1);

    // The every-minute cron may queue it first: what counts is what is queued, once.
    await queueDueFollowups(app.knex);
    expect(await queueDueFollowups(app.knex)).toBe(0);
    const thanks = await mailTo('zoe@example.ch', /Merci d'avoir participé/);
    expect(thanks.parsed.text).toContain('Session récente');
    const followups = await app.knex('emails').where({ kind: 'webinar_followup' }).select('toAddress', 'webinarId');
    expect(followups).toEqual([{ toAddress: 'zoe@example.ch', webinarId: recent.id }]);
  });

  it('waits for the session to start', async () => {
    await createWebinar();
    await signUp('lea@example.ch');
    await app.knex('webinarRegistrations').update({ status: 'attended' });
    expect(await queueDueFollowups(app.knex)).toBe(0);
  });

  it('is a pg-boss cron job, every minute', async () => {
    const schedules = await app.jobs.queue.getSchedules();
    expect(schedules.find((schedule) => schedule.name === FOLLOWUP_QUEUE)).toMatchObject({ cron: '* * * * *' });
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
