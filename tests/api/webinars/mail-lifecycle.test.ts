/**
 * Decisions 090 and 091, on the real SMTP sink: a cancellation by the e-mail's link is confirmed by
 * e-mail with a METHOD:CANCEL file; a deleted session tells its waiting list too (a CANCEL file only
 * to those whose calendar holds it); invitations and follow-ups carry the RFC 8058 one-click
 * unsubscribe, which stops them for that contact while the e-mails about a registration still go.
 */
import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { setUpAppWithSmtp, type TestApp, type TestClient } from '../harness.ts';
import { waitUntil, type ReceivedMail, type SmtpSink } from '../../support/smtp-sink.ts';
import { queueDueFollowups } from '../../../api/features/webinars/follow-ups/followups.ts';
import { writeSiteFixture } from '../site-fixture.ts';
import { sessionDate } from '../../support/webinars.ts';

let app: TestApp;
let smtp: SmtpSink;
let admin: TestClient;

setUpAppWithSmtp({ SITE_DIST_DIR: writeSiteFixture(), NOTIFY_EMAIL: 'equipe@clairval.ch', WEBINAR_REMINDERS: '1' }, ['webinars', 'leads'], (running) => ({ app, smtp, admin } = running));

const IN_A_MONTH = () => new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

async function createWebinar(fields: Record<string, unknown> = {}) {
  const response = await admin.post('/api/admin/webinars', { title: 'Le bonheur des dirigeants', description: 'Webinaire gratuit.', datetime: IN_A_MONTH(), maxAttendees: 100, ...fields });
  expect(response.status).toBe(201);
  return response.body as { id: number };
}

const signUp = (email: string, firstName = 'Léa') => app.client().post('/api/leads', { firstName, email, type: 'webinar' });
const to = (address: string) => (message: ReceivedMail) => message.envelopeTo.includes(address);
const mailsTo = (address: string, subject: RegExp) => smtp.messages.filter((message) => to(address)(message) && subject.test(message.parsed.subject ?? ''));
/** Runs the due e-mail work at once (decision 103); a message due later (a reminder) is still awaited. */
const mailTo = async (address: string, subject: RegExp) => {
  await app.jobs.drain();
  await smtp.waitFor(() => mailsTo(address, subject).length > 0);
  return mailsTo(address, subject)[0]!;
};

function linkIn(message: ReceivedMail, pathname: string): URL {
  const match = (message.parsed.text ?? '').match(new RegExp(`https?://[^\\s]+${pathname.replace(/\//g, '\\/')}\\?[^\\s\\]]+`));
  expect(match, `a link to ${pathname}`).not.toBeNull();
  return new URL(match![0]);
}

/** The message's header block, unfolded (RFC 5322 2.2.3). */
const headersOf = (message: ReceivedMail) =>
  String(message.raw)
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ');

function unsubscribeHeader(message: ReceivedMail): URL {
  const headers = headersOf(message);
  expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const match = headers.match(/^List-Unsubscribe: <(https?:\/\/[^>]+)>$/m);
  expect(match, 'a List-Unsubscribe header with an https address').not.toBeNull();
  return new URL(match![1]!);
}

function calendarOf(message: ReceivedMail) {
  const attachment = message.parsed.attachments.find((item) => item.contentType.startsWith('text/calendar'));
  expect(attachment, 'a text/calendar attachment').toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(attachment!.content.toString('utf8')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
    organizer: String(event.getFirstPropertyValue('organizer')).toLowerCase(),
    organizerName: event.getFirstProperty('organizer')!.getParameter('cn'),
    attendee: String(event.getFirstPropertyValue('attendee')).toLowerCase(),
  };
}

async function registrationOf(email: string) {
  return app.knex('webinarRegistrations as r').join('leads as l', 'l.id', 'r.leadId').where('l.email', email).first('r.id', 'r.status', 'r.webinarId', 'l.id as leadId');
}

function postForm(pathname: string, body = '') {
  return app.client().request('POST', pathname, { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

/** What a mail client does for RFC 8058: a POST with no cookie and no Origin. */
const oneClick = (url: URL) =>
  fetch(`${app.url}${url.pathname}${url.search}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

describe('cancelling by the e-mail link', () => {
  it('confirms the cancellation by e-mail with a METHOD:CANCEL file of the same UID and a higher SEQUENCE', async () => {
    await createWebinar({ joinUrl: 'https://meet.example.ch/bonheur' });
    await signUp('lea@example.ch');
    const confirmation = await mailTo('lea@example.ch', /confirmée/);
    const added = calendarOf(confirmation);
    expect(added).toMatchObject({ method: 'REQUEST', organizer: 'mailto:ne-pas-repondre@clairval.ch', organizerName: 'Clairval Inner Circle', attendee: 'mailto:lea@example.ch' });
    await waitUntil(() => app.knex('emails').where({ kind: 'webinar_confirmation', status: 'sent' }).first());

    const link = linkIn(confirmation, '/annulation/');
    const answer = await postForm('/api/registrations/cancel', new URLSearchParams({ registration: link.searchParams.get('registration')!, token: link.searchParams.get('token')! }).toString());
    expect(answer.status).toBe(303);

    const told = await mailTo('lea@example.ch', /^Inscription annulée/);
    expect(told.parsed.subject).toBe('Inscription annulée : Le bonheur des dirigeants');
    expect(told.parsed.text).toContain('Bonjour Léa,');
    expect(told.parsed.text).toContain('votre inscription au webinaire « Le bonheur des dirigeants »');
    expect(told.parsed.text).toContain('Le fichier joint retire la session de votre agenda.');
    const removed = calendarOf(told);
    expect(removed).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: added.uid, organizer: added.organizer, attendee: 'mailto:lea@example.ch' });
    expect(removed.sequence).toBeGreaterThan(added.sequence);

    // The same form again: already cancelled, no second e-mail.
    const again = await app.client().post('/api/registrations/cancel', { registration: Number(link.searchParams.get('registration')), token: link.searchParams.get('token') });
    expect(again.body.status).toBe('already_cancelled');
    expect(await app.knex('emails').where({ kind: 'registration_cancelled' })).toHaveLength(1);
  });

  it('tells someone leaving the waiting list, without a calendar file (none was ever sent)', async () => {
    await createWebinar({ maxAttendees: 1 });
    await signUp('lea@example.ch');
    await signUp('marc@example.ch', 'Marc');
    const waiting = await mailTo('marc@example.ch', /^Liste d'attente/);
    const link = linkIn(waiting, '/annulation/');
    expect((await postForm('/api/registrations/cancel', new URLSearchParams({ registration: link.searchParams.get('registration')!, token: link.searchParams.get('token')! }).toString())).status).toBe(
      303,
    );

    const told = await mailTo('marc@example.ch', /^Liste d'attente quittée/);
    expect(told.parsed.text).toContain("vous avez quitté la liste d'attente du webinaire « Le bonheur des dirigeants »");
    expect(told.parsed.text).not.toContain('fichier joint');
    expect(told.parsed.attachments).toHaveLength(0);
  });
});

describe('deleting a session', () => {
  it('tells everyone waiting too; a CANCEL file goes only to those whose calendar holds the session', async () => {
    const webinar = await createWebinar({ maxAttendees: 1, datetime: sessionDate('2027-03-04T17:00:00.000Z'), title: 'Session annulée' });
    await signUp('lea@example.ch');
    await signUp('marc@example.ch', 'Marc');
    await signUp('zoe@example.ch', 'Zoé');
    await waitUntil(async () => (await app.knex('emails').whereIn('kind', ['webinar_confirmation', 'waitlist_joined']).where({ status: 'sent' })).length === 3);
    // A change of time sent an update, with a calendar file, to Marc only (Zoé's registration came later).
    await app
      .knex('webinarRegistrations')
      .where({ id: (await registrationOf('zoe@example.ch')).id })
      .update({ status: 'cancelled' });
    expect((await admin.patch(`/api/admin/webinars/${webinar.id}`, { datetime: sessionDate('2027-03-04T18:00:00.000Z') })).status).toBe(200);
    const update = await mailTo('marc@example.ch', /^Changement/);
    expect(calendarOf(update).method).toBe('REQUEST');
    await waitUntil(async () => (await app.knex('emails').where({ kind: 'webinar_update', status: 'sent' })).length === 2);
    await app
      .knex('webinarRegistrations')
      .where({ id: (await registrationOf('zoe@example.ch')).id })
      .update({ status: 'waitlisted' });

    const count = await admin.get(`/api/admin/webinars/${webinar.id}/cancellation-recipients`);
    expect(count.body).toEqual({ count: 3 });
    expect((await admin.delete(`/api/admin/webinars/${webinar.id}`)).status).toBe(204);

    const lea = await mailTo('lea@example.ch', /^Annulation/);
    expect(lea.parsed.text).toContain('est annulé');
    expect(calendarOf(lea)).toMatchObject({ method: 'CANCEL', attendee: 'mailto:lea@example.ch' });

    const zoe = await mailTo('zoe@example.ch', /^Annulation/);
    expect(zoe.parsed.subject).toBe('Annulation : Session annulée');
    expect(zoe.parsed.text).toContain("Vous étiez sur la liste d'attente du webinaire « Session annulée »");
    expect(zoe.parsed.text).toContain("la liste d'attente est donc close");
    expect(zoe.parsed.attachments).toHaveLength(0);

    const marc = await mailTo('marc@example.ch', /^Annulation/);
    expect(marc.parsed.text).toContain("Vous étiez sur la liste d'attente");
    const marcCalendar = calendarOf(marc);
    expect(marcCalendar).toMatchObject({ method: 'CANCEL', uid: calendarOf(update).uid, attendee: 'mailto:marc@example.ch' });
    expect(marcCalendar.sequence).toBeGreaterThan(calendarOf(update).sequence);
  });
});

describe('one-click unsubscribe from invitations and follow-ups', () => {
  it('puts List-Unsubscribe and List-Unsubscribe-Post on the invitation and on the follow-up', async () => {
    await signUp('lea@example.ch');
    const webinar = await createWebinar();
    const invitation = await mailTo('lea@example.ch', /Nouvelle session/);
    const lead = await app.knex('leads').where({ email: 'lea@example.ch' }).first('id');
    const url = unsubscribeHeader(invitation);
    expect(url.origin).toBe(app.url);
    expect(url.pathname).toBe('/relances-webinaire/desinscription/');
    expect(url.searchParams.get('lead')).toBe(String(lead.id));
    // The same address is a visible link in the message.
    expect(linkIn(invitation, '/relances-webinaire/desinscription/').href).toBe(url.href);

    const join = linkIn(invitation, '/inscription-webinaire/');
    expect((await postForm('/api/registrations/join', join.searchParams.toString())).status).toBe(303);
    const confirmation = await mailTo('lea@example.ch', /confirmée/);
    expect(headersOf(confirmation)).not.toMatch(/List-Unsubscribe/);
    await app
      .knex('webinars')
      .where({ id: webinar.id })
      .update({ datetime: new Date(Date.now() - 2 * 3600 * 1000) });
    await app.knex('webinarRegistrations').update({ status: 'attended' });
    await queueDueFollowups(app.knex); // or the every-minute cron first: the e-mail below is what counts
    const followup = await mailTo('lea@example.ch', /Merci d'avoir participé/);
    expect(unsubscribeHeader(followup).href).toBe(url.href);
  });

  it('stops the invitations and follow-ups of that contact, while confirmations and reminders still go; the contact shows it', async () => {
    await signUp('lea@example.ch');
    // Starts in 65 s: the reminder one minute before is due within seconds.
    const first = await createWebinar({ datetime: new Date(Date.now() + 65_000).toISOString() });
    const url = unsubscribeHeader(await mailTo('lea@example.ch', /Nouvelle session/));
    const lead = await app.knex('leads').where({ email: 'lea@example.ch' }).first('id');

    const answer = await oneClick(url);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'unsubscribed', message: expect.stringContaining('vous ne recevrez plus nos invitations') });
    const detail = await admin.get(`/api/admin/leads/${lead.id}`);
    const unsubscribedAt = (detail.body.lead ?? detail.body).webinarEmails.unsubscribedAt;
    expect(Date.parse(unsubscribedAt)).toBeGreaterThan(Date.now() - 60_000);
    const exported = await admin.get(`/api/admin/leads/${lead.id}/export`);
    expect(JSON.stringify(exported.body)).toContain(`"webinarEmails":{"unsubscribedAt":"${unsubscribedAt}"}`);
    // A second click changes nothing (the first date stays).
    expect((await oneClick(url)).status).toBe(200);
    expect((await admin.get(`/api/admin/leads/${lead.id}`)).text).toContain(unsubscribedAt);

    // Signing up still confirms, and the reminder still comes.
    await signUp('lea@example.ch');
    await mailTo('lea@example.ch', /confirmée/);
    await mailTo('lea@example.ch', /^Rappel/);

    // After the session: the follow-up is not sent.
    await app
      .knex('webinars')
      .where({ id: first.id })
      .update({ datetime: new Date(Date.now() - 3600 * 1000) });
    await app.knex('webinarRegistrations').update({ status: 'attended' });
    await queueDueFollowups(app.knex); // or the every-minute cron first: the e-mail below is what counts
    const followup = await waitUntil(() => app.knex('emails').where({ kind: 'webinar_followup', status: 'cancelled' }).first());
    expect(followup.lastError).toBe('Le contact s’est désinscrit des invitations et des suivis de webinaires.');

    // Waiting for a session again: the next session's invitation is not sent either.
    expect((await signUp('lea@example.ch')).body.registration).toBeNull();
    await createWebinar();
    const invitations = await waitUntil(async () => {
      const rows = await app.knex('emails').where({ kind: 'webinar_invitation' }).orderBy('id');
      return rows.length === 2 && rows[1].status !== 'queued' ? rows : undefined;
    });
    expect(invitations.map((row) => row.status)).toEqual(['sent', 'cancelled']);
    expect(mailsTo('lea@example.ch', /Nouvelle session|Merci d'avoir participé/)).toHaveLength(1);
  });

  it('opened in a browser shows a page whose button unsubscribes without JavaScript; a forged link gets a French 404', async () => {
    await signUp('lea@example.ch');
    await createWebinar();
    const url = unsubscribeHeader(await mailTo('lea@example.ch', /Nouvelle session/));
    const lead = await app.knex('leads').where({ email: 'lea@example.ch' }).first('id');
    const state = async () => (await app.knex('leads').where({ id: lead.id }).first('webinarMarketingUnsubscribedAt')).webinarMarketingUnsubscribedAt;

    // Following the link (what a mail scanner does) shows the page and changes nothing.
    const page = await app.client().get(`${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Me désinscrire');
    expect(await state()).toBeNull();

    // A forged token, or the link of another contact: refused in French, nothing stored.
    const forged = new URL(url);
    forged.searchParams.set('token', `${url.searchParams.get('token')!.slice(0, -2)}xx`);
    const other = new URL(url);
    other.searchParams.set('lead', String(lead.id + 1));
    for (const wrong of [forged, other, new URL(`${url.origin}${url.pathname}`)]) {
      const refused = await oneClick(wrong);
      expect(refused.status, wrong.search).toBe(404);
      expect((await refused.json()).message).toBe('Ce lien n’est pas valide. Utilisez le lien reçu par e-mail, en entier.');
    }
    const refusedPage = await postForm(`${forged.pathname}${forged.search}`);
    expect(refusedPage.status).toBe(303);
    const refusedAt = new URL(refusedPage.headers.get('location')!, app.url);
    expect(refusedAt.pathname).toBe('/relances-webinaire/resultat/');
    expect((await app.client().get(`${refusedAt.pathname}${refusedAt.search}`)).text).toContain('Ce lien n’est pas valide.');
    expect(await state()).toBeNull();

    // The page's button: a plain form post to the page's own address, no cookie.
    const button = await postForm(`${url.pathname}${url.search}`);
    expect(button.status).toBe(303);
    const result = new URL(button.headers.get('location')!, app.url);
    expect(result.pathname).toBe('/relances-webinaire/resultat/');
    const shown = await app.client().get(`${result.pathname}${result.search}`);
    expect(shown.text).toContain('vous ne recevrez plus nos invitations ni nos messages de suivi des webinaires');
    expect(await state()).toBeInstanceOf(Date);
  });
});
