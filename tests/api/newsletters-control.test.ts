/**
 * Controlling a send over a real SMTP server (decision 112): once a pause answers no message starts,
 * and resume sends to the others without a duplicate; cancel; someone who unsubscribes or is
 * erased during a send gets nothing; a 5xx on the recipient fails the message and marks the address as
 * bouncing; repeated temporary refusals pause the issue with one alert to the team; the recipients'
 * list, CSV and "Renvoyer aux échecs".
 */
import { describe, expect, it } from 'vitest';
import { setUpAppWithSmtp, type TestApp, type TestClient } from './harness.ts';
import { waitUntil, type SmtpSink } from '../support/smtp-sink.ts';
import { BASE, ISSUE, addContact, addSubscribers, deliveries, issueIn, received, startIssue } from './newsletter-fixture.ts';

let app: TestApp;
let smtp: SmtpSink;
let admin: TestClient;
setUpAppWithSmtp({ NEWSLETTER_RATE_PER_MINUTE: '600', NOTIFY_EMAIL: 'equipe@clairval.ch' }, ['emails', 'newsletters', 'leads'], (running) => {
  ({ app, smtp, admin } = running);
});

const accepted = async (id: number) => Number((await app.knex('emails').where({ newsletterId: id, kind: 'newsletter_issue', status: 'sent' }).count<{ count: string }[]>({ count: '*' }))[0]!.count);

describe('pause, resume, cancel', () => {
  it('pauses within two seconds: no message starts after the answer; resume sends the rest, none twice', async () => {
    await addSubscribers(app.knex, 30);
    const id = await startIssue(admin);
    await waitUntil(async () => (await accepted(id)) >= 5, 10_000, 'five messages sent');
    // The answer comes once no message of the issue is in its SMTP conversation (at most 1.5 s of
    // waiting for one, decision 112); the wall-clock bound itself is not timed here (a loaded machine).
    const paused = await admin.post(`${BASE}/${id}/pause`);
    const answered = Date.now();
    expect(paused.status).toBe(200);
    expect(paused.body.status).toBe('paused');
    const sentAtPause = await accepted(id);
    expect(sentAtPause).toBeLessThan(30);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await accepted(id)).toBe(sentAtPause);
    expect((await received(smtp, sentAtPause)).every((m) => m.arrivedAt <= answered)).toBe(true);
    expect((await admin.post(`${BASE}/${id}/pause`)).body.message).toBe('Seule une newsletter en cours d’envoi peut être mise en pause.');

    const resumed = await admin.post(`${BASE}/${id}/resume`);
    expect(resumed.body.status).toBe('sending');
    const sent = await issueIn(admin, id, 'sent');
    expect(sent.counts).toMatchObject({ recipients: 30, sent: 30, queued: 0 });
    await received(smtp, 30);
    const byRecipient = deliveries(smtp.messages);
    expect(byRecipient.size).toBe(30);
    expect([...byRecipient.values()].every((count) => count === 1)).toBe(true);
  });

  it('cancels: the queued messages are cancelled with the issue, nothing more goes', async () => {
    await addSubscribers(app.knex, 20);
    const id = await startIssue(admin);
    await waitUntil(async () => (await accepted(id)) >= 2, 10_000, 'two messages sent');
    const cancelled = await admin.post(`${BASE}/${id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    const { counts } = cancelled.body;
    expect(counts.queued).toBe(0);
    expect(counts.sent + counts.cancelled).toBe(20);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await accepted(id)).toBe(counts.sent);
    expect((await admin.post(`${BASE}/${id}/resume`)).status).toBe(409);
    expect((await admin.post(`${BASE}/${id}/send`, {})).body.message).toBe('Cette newsletter a été annulée.');
  });

  it('sends nothing more to someone who unsubscribes or is erased during the send', async () => {
    await addSubscribers(app.knex, 4);
    const leaving = await addContact(app.knex, 'parti@example.ch');
    const erased = await addContact(app.knex, 'efface@example.ch');
    const id = await startIssue(admin);
    await admin.post(`${BASE}/${id}/pause`);
    const token = (await app.knex('leads').where({ id: leaving }).first('newsletterToken')).newsletterToken as string;
    const unsubscribed = await app
      .client()
      .request('POST', `/newsletter/desinscription?token=${token}`, { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(unsubscribed.status).toBe(200);
    expect((await admin.post(`/api/admin/leads/${erased}/erase`, { confirmEmail: 'efface@example.ch' })).status).toBeLessThan(300);
    await admin.post(`${BASE}/${id}/resume`);
    const sent = await issueIn(admin, id, 'sent');
    expect(sent.counts).toMatchObject({ recipients: 5, sent: 4, cancelled: 1 });
    expect(sent.unsubscribedSince).toBe(1);
    await received(smtp, 4);
    expect([...deliveries(smtp.messages).keys()].sort()).toEqual(['abonne-1@example.ch', 'abonne-2@example.ch', 'abonne-3@example.ch', 'abonne-4@example.ch']);
    const row = await app.knex('emails').where({ leadId: leaving, kind: 'newsletter_issue' }).first('status', 'lastError');
    expect(row).toEqual({ status: 'cancelled', lastError: 'Désinscrit·e avant l’envoi' });
    expect(await app.knex('emails').where({ toAddress: 'efface@example.ch' }).first()).toBeUndefined();
  });
});

describe('refusals', () => {
  it('a 5xx on the recipient fails the message at once and marks the address as bouncing', async () => {
    await addSubscribers(app.knex, 3);
    const bouncing = await addContact(app.knex, 'inconnu@example.ch', { firstName: 'Ines', lastName: 'Connue' });
    smtp.answerRecipient('inconnu@example.ch', 550);
    try {
      const id = await startIssue(admin);
      const sent = await issueIn(admin, id, 'sent');
      expect(sent.counts).toMatchObject({ recipients: 4, sent: 3, failed: 1, queued: 0 });
      const row = await app.knex('emails').where({ leadId: bouncing, kind: 'newsletter_issue' }).first('status', 'attempts', 'lastError');
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row.lastError).toMatch(/550/);
      const contact = await admin.get(`/api/admin/leads/${bouncing}`);
      expect(contact.body.newsletter.status).toBe('bounced');
      expect((await admin.get(`${BASE}/audience`)).body.count).toBe(3);

      const failed = await admin.get(`${BASE}/${id}/recipients`, { query: { status: 'failed' } });
      expect(failed.body.items).toEqual([
        {
          emailId: expect.any(Number),
          leadId: bouncing,
          firstName: 'Ines',
          lastName: 'Connue',
          email: 'inconnu@example.ch',
          status: 'failed',
          attempts: 1,
          lastError: expect.stringMatching(/550/),
          sentAt: null,
        },
      ]);
      expect((await admin.get(`${BASE}/${id}/recipients`)).body.items).toHaveLength(4);
      const csv = await admin.get(`${BASE}/${id}/recipients.csv`);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r\n/);
      expect(lines[0]).toBe('Prénom;Nom;Email;Statut;Tentatives;Dernière erreur;Envoyé le');
      expect(lines).toHaveLength(5);
      expect(lines.find((line) => line.includes('inconnu@example.ch'))).toMatch(/^Ines;Connue;inconnu@example.ch;Échec;1;/);

      // Nothing to send again while the address bounces; once the team fixed it, "Renvoyer aux échecs".
      const none = await admin.post(`${BASE}/${id}/retry-failed`);
      expect(none.status).toBe(409);
      expect(none.body.message).toBe('Aucun envoi en échec à renvoyer.');
      smtp.answerRecipient('inconnu@example.ch', null);
      await app.knex('leads').where({ id: bouncing }).update({ newsletterStatus: 'subscribed' });
      const retried = await admin.post(`${BASE}/${id}/retry-failed`);
      expect(retried.status).toBe(202);
      expect(retried.body).toEqual({ requeued: 1 });
      const again = await issueIn(admin, id, 'sent');
      expect(again.counts).toMatchObject({ sent: 4, failed: 0 });
      await received(smtp, 4);
      expect(deliveries(smtp.messages).get('inconnu@example.ch')).toBe(1);
    } finally {
      smtp.answerRecipient('inconnu@example.ch', null);
    }
  });

  it('repeated temporary refusals pause the issue and alert the team once; resume finishes it', async () => {
    await addSubscribers(app.knex, 6);
    smtp.refuse(true);
    let id: number;
    try {
      id = await startIssue(admin);
      const paused = await issueIn(admin, id, 'paused', 15_000);
      expect(paused.pausedReason).toMatch(/451/);
      expect(paused.counts).toMatchObject({ queued: 6, failed: 0, sent: 0 });
    } finally {
      smtp.refuse(false);
    }
    const [alert] = await received(smtp, 1, `Newsletter en pause : « ${ISSUE.subject} »`);
    expect(alert!.envelopeTo).toEqual(['equipe@clairval.ch']);
    expect(alert!.parsed.text).toContain('451');
    await admin.post(`${BASE}/${id}/resume`);
    await issueIn(admin, id, 'sent', 20_000);
    await received(smtp, 6);
    expect([...deliveries(smtp.messages).values()]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(smtp.messages.filter((m) => m.parsed.subject!.startsWith('Newsletter en pause'))).toHaveLength(1);
  });
});
