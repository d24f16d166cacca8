/**
 * The newsletter's double opt-in (decision 062), the contact's newsletter state (API and list filter), and
 * RFC 8058 one-click unsubscription, with the confirmation e-mail received by a real SMTP server.
 */
import { describe, expect, it } from 'vitest';
import { setUpAppWithSmtp, type TestApp, type TestClient } from './harness.ts';
import type { ReceivedMail, SmtpSink } from '../support/smtp-sink.ts';

let app: TestApp;
let smtp: SmtpSink;
let admin: TestClient;

setUpAppWithSmtp({ NOTIFY_EMAIL: 'equipe@clairval.ch', PUBLIC_URL: 'https://innercircle.example.ch' }, [], (running) => ({ app, smtp, admin } = running));

/** Runs the due e-mail work now (decision 103), then reads what the SMTP server received (it parses each message as it comes). */
async function confirmationFor(address: string, count = 1): Promise<ReceivedMail> {
  await app.jobs.drain();
  const mails = await smtp.waitFor((messages) => messages.filter((message) => message.envelopeTo.includes(address)).length >= count);
  return mails.filter((message) => message.envelopeTo.includes(address)).at(-1)!;
}

function tokenOf(mail: ReceivedMail): string {
  const match = /\/newsletter\/confirmer\?token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
  expect(match, 'a confirmation link in the text').not.toBeNull();
  return match![1]!;
}

const leadOf = (email: string) => app.knex('leads').whereRaw('lower(email) = ?', [email]).first();

describe('POST /api/newsletter', () => {
  it('answers 202 with the same body for a new, a known and a subscribed address', async () => {
    const fresh = await app.client().post('/api/newsletter', { firstName: 'Inès', email: 'ines.nouvelle@exemple-rare.ch' });
    expect((await app.client().post('/api/leads', { firstName: 'Connu', email: 'connu@exemple-rare.ch', type: 'contact' })).status).toBe(201);
    const known = await app.client().post('/api/newsletter', { email: 'connu@exemple-rare.ch' });
    for (const response of [fresh, known]) {
      expect(response.status).toBe(202);
      expect(response.body).toEqual({ status: 'received' });
    }
    expect((await leadOf('connu@exemple-rare.ch')).firstName).toBe('Connu');
    expect((await leadOf('ines.nouvelle@exemple-rare.ch')).newsletterStatus).toBe('pending');
  });

  it('refuses a bad address with a French message', async () => {
    const response = await app.client().post('/api/newsletter', { email: 'pas-une-adresse' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBeTruthy();
    expect(JSON.stringify(response.body)).toMatch(/email/i);
  });

  it('stores nothing when the honeypot is filled, with the same answer', async () => {
    const response = await app.client().post('/api/newsletter', { email: 'robot@exemple-rare.ch', website: 'http://spam' });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ status: 'received' });
    expect(await leadOf('robot@exemple-rare.ch')).toBeUndefined();
  });
});

describe('double opt-in and one-click unsubscription', () => {
  it('confirms only through the page’s POST, records time and IP prefix, and unsubscribes in one click', async () => {
    const email = 'double.optin@exemple-rare.ch';
    expect((await app.client().post('/api/newsletter', { firstName: 'Aurèle', email })).status).toBe(202);
    const mail = await confirmationFor(email);
    expect(mail.parsed.subject).toContain('Confirmez');
    const token = tokenOf(mail);
    const unsubscribeUrl = `https://innercircle.example.ch/newsletter/desinscription?token=${token}`;
    // Long headers are folded over several lines: unfolded first (RFC 5322 §2.2.3).
    const headers = String(mail.raw)
      .split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(headers).toContain(`List-Unsubscribe: <${unsubscribeUrl}>`);

    // Following the link (what a mail scanner does) changes nothing: GET is the static page.
    expect((await leadOf(email)).newsletterStatus).toBe('pending');
    const confirm = await app.client().request('POST', `/newsletter/confirmer?token=${token}`, { body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe('/newsletter/confirmee/');
    const subscribed = await leadOf(email);
    expect(subscribed.newsletterStatus).toBe('subscribed');
    expect(subscribed.newsletterConfirmedAt).toBeInstanceOf(Date);
    const proof = await app.knex('consentProofs').where({ leadId: subscribed.id, kind: 'newsletter_confirmed' }).first();
    expect(proof.ipPrefix).toBe('127.0.0.0/24');

    const detail = await admin.get(`/api/admin/leads/${subscribed.id}`);
    expect(detail.body.newsletter).toMatchObject({ status: 'subscribed', confirmedAt: expect.any(String), requestedAt: expect.any(String), unsubscribedAt: null });
    expect(JSON.stringify(detail.body)).not.toContain(token);
    const filtered = await admin.get('/api/admin/leads', { query: { newsletter: 'subscribed' } });
    expect(filtered.body.leads.map((lead: { email: string }) => lead.email)).toEqual([email]);

    // A subscribed address asking again: same answer, no new e-mail needed to stay subscribed.
    expect((await app.client().post('/api/newsletter', { email })).status).toBe(202);
    expect((await leadOf(email)).newsletterStatus).toBe('subscribed');

    // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click`, with no cookie and no Origin.
    const oneClick = await fetch(`${app.url}/newsletter/desinscription?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const gone = await leadOf(email);
    expect(gone.newsletterStatus).toBe('unsubscribed');
    expect(gone.newsletterUnsubscribedAt).toBeInstanceOf(Date);
    const unsubscribedList = await admin.get('/api/admin/leads', { query: { newsletter: 'unsubscribed' } });
    expect(unsubscribedList.body.leads.map((lead: { email: string }) => lead.email)).toEqual([email]);
  });

  it('the unsubscribe page’s button also unsubscribes, and an unknown or malformed link leads to the invalid-link page', async () => {
    const email = 'bouton@exemple-rare.ch';
    await app.client().post('/api/newsletter', { email });
    const token = tokenOf(await confirmationFor(email));
    const button = await app.client().request('POST', `/newsletter/desinscription?token=${token}`, { body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(button.status).toBe(303);
    expect(button.headers.get('location')).toBe('/newsletter/desinscrit/');
    expect((await leadOf(email)).newsletterStatus).toBe('unsubscribed');

    for (const path of ['/newsletter/confirmer?token=inconnu-mais-assez-long', '/newsletter/confirmer?token=x', '/newsletter/confirmer']) {
      const response = await app.client().request('POST', path, { body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(response.status, path).toBe(303);
      expect(response.headers.get('location')).toBe('/newsletter/lien-invalide/');
    }
  });

  it('rejects an unknown newsletter filter with a French message', async () => {
    const response = await admin.get('/api/admin/leads', { query: { newsletter: 'peut-etre' } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('newsletter');
  });
});
