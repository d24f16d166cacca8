/** E-mail delivery (decisions 022, 079) on a real SMTP server: the contact request's e-mails, retries while SMTP refuses, sending after requests in flight, and the admin e-mails API. */
import { describe, expect, it } from 'vitest';
import net from 'node:net';
import { once } from 'node:events';
import { waitUntil } from '../support/smtp-sink.ts';
import { BUSY_POLL_MS, BUSY_REQUESTS } from '../../api/platform/lib/request-load.ts';
import { bookingPageUrl } from '../../api/features/booking/index.ts';
import { setUpEmailsTests, app, smtp, admin, TEAM, to, sendWaitingAlertNow, subjectOf } from './emails-support.ts';

setUpEmailsTests();

describe('contact request', () => {
  it('acknowledges the request to the visitor and alerts the team with a link to the contact', async () => {
    const response = await app.client().post('/api/leads', {
      firstName: 'Camille',
      lastName: 'Rochat',
      email: 'camille@example.ch',
      phone: '+41 79 123 45 67',
      message: 'Je voudrais en savoir plus.',
      type: 'contact',
    });
    expect(response.status).toBe(201);
    await smtp.waitFor((messages) => messages.some(to('camille@example.ch')) && messages.some(to(TEAM)));
    const acknowledgement = smtp.messages.find(to('camille@example.ch'))!;
    expect(subjectOf(acknowledgement)).toBe('Nous avons bien reçu votre demande');
    expect(acknowledgement.parsed.text).toContain('Bonjour Camille,');
    expect(acknowledgement.parsed.text).toContain('deux jours ouvrables');
    const alert = smtp.messages.find(to(TEAM))!;
    expect(subjectOf(alert)).toBe('Nouvelle demande de contact : Camille Rochat');
    expect(alert.parsed.text).toContain('+41 79 123 45 67');
    expect(alert.parsed.text).toContain('Je voudrais en savoir plus.');
    // The public answer carries no id (it would tell whether the email was known): read it from the database.
    const contact = await app.knex('leads').where({ email: 'camille@example.ch' }).first();
    expect(alert.parsed.text).toContain(`${app.url}/admin/leads/${contact.id}`);
    // The acknowledgement offers the booking page, signed for this contact: it opens with the name and e-mail filled.
    expect(acknowledgement.parsed.text).toContain('Réservez directement un créneau');
    expect(acknowledgement.parsed.text).toContain(bookingPageUrl(app.url, app.config.sessionSecret, contact.id));
  });

  it('quotes in the team alert what a returning contact typed this time, not their first message', async () => {
    const request = (message: string, phone: string) => app.client().post('/api/leads', { firstName: 'Nina', lastName: 'Roux', email: 'nina@example.ch', phone, message, type: 'contact' });
    expect((await request('Première demande : le programme en groupe.', '+41 79 111 11 11')).status).toBe(201);
    await smtp.waitFor((messages) => messages.filter(to(TEAM)).length === 1);
    expect((await request('Seconde demande : un appel jeudi ?', '+41 79 222 22 22')).status).toBe(201);
    await sendWaitingAlertNow('nina@example.ch', 1);
    await smtp.waitFor((messages) => messages.filter(to(TEAM)).length === 2);
    const [first, second] = smtp.messages.filter(to(TEAM));
    expect(first!.parsed.text).toContain('Première demande : le programme en groupe.');
    expect(second!.parsed.text).toContain('Seconde demande : un appel jeudi ?');
    expect(second!.parsed.text).not.toContain('Première demande');
    // The number typed this time differs from the stored one: the team sees both.
    expect(second!.parsed.text).toContain('Téléphone indiqué : +41 79 222 22 22');
    expect((await app.knex('leads').where({ email: 'nina@example.ch' }).first()).message).toBe('Première demande : le programme en groupe.');
  });
});

describe('SMTP refusing', () => {
  it('retries with backoff, shows the attempts and the error, and delivers once when the server accepts again', async () => {
    smtp.refuse(true);
    await app.client().post('/api/leads', { firstName: 'Zoé', email: 'zoe@example.ch', phone: '+41 79 000 00 00', type: 'contact' });
    const failing = await waitUntil(async () => {
      const row = await app.knex('emails').where({ kind: 'contact_acknowledgement', toAddress: 'zoe@example.ch' }).first();
      return row && row.attempts >= 1 && row.lastError ? row : undefined;
    });
    expect(failing.status).toBe('queued');
    expect(failing.lastError).toMatch(/451/);
    smtp.refuse(false);
    await smtp.waitFor((messages) => messages.some(to('zoe@example.ch')), 30_000);
    const sent = await waitUntil(async () => {
      const row = await app.knex('emails').where({ id: failing.id }).first();
      return row.status === 'sent' ? row : undefined;
    });
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(sent.lastError).toBeNull();
    expect(smtp.messages.filter(to('zoe@example.ch'))).toHaveLength(1);
  });
});

describe('a process busy answering requests (decision 079)', () => {
  it('sends the e-mails of a sign-up only once the requests in flight have been answered', async () => {
    // Eight requests whose bodies never finish arriving keep the process busy.
    const { port } = new URL(app.url);
    const pending = await Promise.all(
      Array.from({ length: BUSY_REQUESTS }, async () => {
        const socket = net.connect(Number(port), '127.0.0.1');
        await once(socket, 'connect');
        socket.write('POST /api/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"firstName"');
        return socket;
      }),
    );
    await waitUntil(async () => app.requestsInFlight() >= BUSY_REQUESTS);
    expect((await app.client().post('/api/leads', { firstName: 'Zoé', email: 'zoe@example.ch', phone: '+41 79 000 00 00', type: 'contact' })).status).toBe(201);
    // The workers have the sign-up's jobs in hand and the gate holds them back, poll after poll (a second
    // of them: unhindered, the acknowledgement would have left already; bench: sign-up → SMTP p95 < 2 s).
    const held = app.gateDeferrals();
    await waitUntil(async () => app.gateDeferrals() >= held + Math.ceil(1000 / BUSY_POLL_MS), 20_000, 'the gate held the workers for a second');
    expect(smtp.messages.filter(to('zoe@example.ch'))).toHaveLength(0);

    for (const socket of pending) socket.destroy();
    await smtp.waitFor((messages) => messages.some(to('zoe@example.ch')) && messages.some(to(TEAM)));
    expect(smtp.messages.filter(to('zoe@example.ch'))).toHaveLength(1);
  });
});

describe('admin emails API', () => {
  it('lists newest first with filters and search, shows one with its text and HTML, and resends a copy (202)', async () => {
    await app.client().post('/api/leads', { firstName: 'Léa', email: 'lea.api@example.ch', phone: '+41 79 000 00 01', type: 'contact' });
    await smtp.waitFor((messages) => messages.some(to('lea.api@example.ch')) && messages.some(to(TEAM)));
    const lead = await app.knex('leads').where({ email: 'lea.api@example.ch' }).first();
    await waitUntil(async () => (await app.knex('emails').where({ leadId: lead.id, status: 'sent' })).length === 2);

    const list = await admin.get('/api/admin/emails', { query: { kind: 'contact_acknowledgement', search: 'LEA.API' } });
    expect(list.status).toBe(200);
    expect(list.body.pagination).toEqual({ page: 1, limit: 10, total: 1 });
    const [item] = list.body.emails;
    expect(item).toMatchObject({ kind: 'contact_acknowledgement', to: 'lea.api@example.ch', status: 'sent', attempts: 1, lastError: null, transport: 'smtp', leadId: lead.id, webinarId: null });
    expect(item).not.toHaveProperty('html');

    const byLead = await admin.get('/api/admin/emails', { query: { leadId: lead.id } });
    expect(byLead.body.emails.map((email: { kind: string }) => email.kind).sort()).toEqual(['contact_acknowledgement', 'team_alert']);
    expect((await admin.get('/api/admin/emails', { query: { status: 'failed', leadId: lead.id } })).body.emails).toEqual([]);
    const badFilter = await admin.get('/api/admin/emails', { query: { status: 'perdu' } });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.message).toBeTruthy();

    const detail = await admin.get(`/api/admin/emails/${item.id}`);
    expect(detail.body.subject).toBe('Nous avons bien reçu votre demande');
    expect(detail.body.text).toContain('Bonjour Léa,');
    expect(detail.body.html).toContain('<html');
    expect((await admin.get('/api/admin/emails/999999')).status).toBe(404);

    const resend = await admin.post(`/api/admin/emails/${item.id}/resend`);
    expect(resend.status).toBe(202);
    await smtp.waitFor((messages) => messages.filter(to('lea.api@example.ch')).length === 2);
    // The server accepts the message a moment before the row is marked sent.
    const copy = await waitUntil(async () => {
      const row = await app.knex('emails').where({ id: resend.body.id }).first();
      return row.status === 'sent' ? row : undefined;
    });
    expect(copy).toMatchObject({ resentFrom: item.id, status: 'sent', kind: 'contact_acknowledgement' });
  });

  it('refuses to resend an e-mail that is still waiting', async () => {
    const [row] = await app
      .knex('emails')
      .insert({ kind: 'team_alert', causeKey: 'test:waiting', toAddress: TEAM, sendAfter: new Date(Date.now() + 3600_000) })
      .returning('*');
    const response = await admin.post(`/api/admin/emails/${row.id}/resend`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Seul un e-mail envoyé ou en échec peut être renvoyé.');
  });
});
