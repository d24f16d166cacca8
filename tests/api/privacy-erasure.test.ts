/**
 * Access (export) and erasure of one contact (decisions 060, 061), plain deletion doing the same, and the proof of
 * the notice shown with each public submission. On PostgreSQL the erasure is checked the hard way: a
 * full `pg_dump` of the database afterwards holds neither the email, the name nor the phone.
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpAppWithSmtp, type TestApp, type TestClient } from './harness.ts';
import { waitUntil } from '../support/smtp-sink.ts';
import { currentNotice } from '../../api/features/privacy/notice.ts';
import { newsletterRateLimitKey } from '../../api/platform/lib/recipient-limits.ts';

let app: TestApp;
let admin: TestClient;
const usePg = process.env.TEST_DB === 'pg';

setUpAppWithSmtp({ NOTIFY_EMAIL: 'equipe@clairval.ch' }, [], (running) => ({ app, admin } = running));
beforeAll(async () => {
  // The administrator hosts discovery calls every day, all day: each person books one.
  const hostId = (await app.knex('users').orderBy('id').first()).id;
  const allWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' }));
  await app.knex('booking_hosts').insert({ userId: hostId, isHost: true, weekly: JSON.stringify(allWeek), calendarToken: 'jeton-effacement' });
  await app.knex('booking_settings').update({ minimumNoticeMinutes: 60 });
});

const PERSON = { firstName: 'Zéphyrine', lastName: 'Quaglio-Brandt', email: 'zephyrine.quaglio@exemple-rare.ch', phone: '+41 79 876 54 32', message: 'Message très personnel de Zéphyrine.' };

/** A contact with a submission (note, e-mails, consent proof, idempotency key), a seat, a newsletter request and a booked call. */
async function personWithHistory(person = PERSON) {
  const webinar = await admin.post('/api/admin/webinars', {
    title: 'Session effacement',
    description: 'Une session de test.',
    datetime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    duration: 60,
    maxAttendees: 10,
    location: 'online',
    isActive: true,
  });
  expect(webinar.status).toBe(201);
  const key = `cle-${Math.random().toString(36).slice(2, 12)}`;
  const contact = await app.client().post('/api/leads', { ...person, type: 'contact' }, { headers: { 'Idempotency-Key': key } });
  expect(contact.status).toBe(201);
  expect((await app.client().post('/api/leads', { ...person, type: 'webinar' })).status).toBe(201);
  expect((await app.client().post('/api/newsletter', { firstName: person.firstName, email: person.email })).status).toBe(202);
  const slots = await app.client().get('/api/bookings/slots', { query: { days: 7 } });
  const taken = new Set((await app.knex('bookings').select('startAt')).map((row: { startAt: Date }) => new Date(row.startAt).toISOString()));
  const start = slots.body.days.flatMap((day: { slots: Array<{ start: string }> }) => day.slots.map((slot) => slot.start)).find((slot: string) => !taken.has(slot));
  const booked = await app
    .client()
    .post('/api/bookings', { start, firstName: person.firstName, lastName: person.lastName, email: person.email, phone: person.phone, message: `Appel de ${person.firstName}` });
  expect(booked.status).toBe(201);
  const lead = await app.knex('leads').whereRaw('lower(email) = ?', [person.email]).first();
  // The e-mails exist (acknowledgement, confirmation, team alert, newsletter confirmation): the booked
  // call's own e-mails are written at once, so the submissions' e-mail work is run first (decision 103).
  await app.jobs.drain();
  await waitUntil(async () => Number((await app.knex('emails').where({ leadId: lead.id }).count({ n: '*' }).first())!.n) >= 4, 20_000, 'e-mails of the contact');
  return { id: lead.id as number, key, webinarId: webinar.body.id as number };
}

describe('proof of the notice shown', () => {
  it('records the notice version, its hash, the form and the time with each public submission, and the detail lists them', async () => {
    const person = { ...PERSON, email: 'preuve@exemple-rare.ch' };
    const { id } = await personWithHistory(person);
    const response = await admin.get(`/api/admin/leads/${id}/consents`);
    expect(response.status).toBe(200);
    const shown = response.body.consents.filter((proof: { kind: string }) => proof.kind === 'notice_shown');
    expect(shown.map((proof: { form: string }) => proof.form).sort()).toEqual(['booking', 'contact', 'webinar']);
    for (const proof of shown) {
      expect(proof.noticeVersion).toBe(currentNotice().version);
      expect(proof.noticeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(Date.parse(proof.createdAt)).not.toBeNaN();
    }
    expect(response.body.consents.some((proof: { kind: string; form: string }) => proof.kind === 'newsletter_requested' && proof.form === 'newsletter')).toBe(true);
    expect((await app.client().get(`/api/admin/leads/${id}/consents`)).status).toBe(401);
  });
});

describe('export', () => {
  it('answers everything held about the person as a JSON attachment, and audits it', async () => {
    const person = { ...PERSON, email: 'export@exemple-rare.ch' };
    const { id } = await personWithHistory(person);
    expect((await admin.post(`/api/crm/leads/${id}/tags`, { tag: 'vip' })).status).toBeLessThan(300);
    const response = await admin.get(`/api/admin/leads/${id}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="contact-${id}.json"`);
    const document = response.body;
    expect(document.contact).toMatchObject({ id, email: person.email, firstName: person.firstName, phone: person.phone, newsletter: { status: 'pending' } });
    expect(document.tags).toEqual(['vip']);
    expect(document.activities.some((activity: { description: string }) => activity.description?.includes(person.message))).toBe(true);
    expect(document.registrations).toHaveLength(1);
    expect(document.bookings).toHaveLength(1);
    expect(document.bookings[0]).toMatchObject({ status: 'confirmed', phone: person.phone, message: `Appel de ${person.firstName}` });
    expect(document.emails.length).toBeGreaterThanOrEqual(4);
    expect(document.emails.map((email: { kind: string }) => email.kind)).toEqual(expect.arrayContaining(['contact_acknowledgement', 'newsletter_confirmation', 'team_alert']));
    expect(document.consents.length).toBeGreaterThanOrEqual(3);
    expect(Array.isArray(document.auditEvents)).toBe(true);
    const audit = await app.knex('auditEvents').where({ type: 'lead_exported' }).orderBy('id', 'desc').first();
    expect(audit.details).toEqual({ leadId: id });
  });

  it('needs a signed-in user (a viewer may read it, as every screen), and 404 for an unknown contact', async () => {
    const viewer = await app.signIn({ email: 'membre-export@example.ch', role: 'viewer' });
    expect((await viewer.get('/api/admin/leads/999999/export')).status).toBe(404);
    expect((await viewer.post('/api/admin/leads/999999/erase', { confirmEmail: 'x@example.ch' })).status).toBe(403);
    expect((await app.client().get('/api/admin/leads/1/export')).status).toBe(401);
    expect((await admin.get('/api/admin/leads/999999/export')).status).toBe(404);
  });
});

describe('erasure', () => {
  it('refuses a wrong confirmation with a French message and erases nothing', async () => {
    const person = { ...PERSON, email: 'refus@exemple-rare.ch' };
    const { id } = await personWithHistory(person);
    const wrong = await admin.post(`/api/admin/leads/${id}/erase`, { confirmEmail: 'autre@exemple-rare.ch' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/ne correspond pas/);
    const missing = await admin.post(`/api/admin/leads/${id}/erase`, {});
    expect(missing.status).toBe(400);
    expect(await app.knex('leads').where({ id }).first()).toBeDefined();
  });

  it('removes the contact and every row about them, keeps an audit event without personal data', async () => {
    const { id, key, webinarId } = await personWithHistory();
    expect(
      await app
        .knex('rate_limits')
        .where({ key: newsletterRateLimitKey(PERSON.email) })
        .first(),
    ).toBeDefined();
    expect(
      await app
        .knex('idempotency_keys')
        .where({ key: `leads:${key}` })
        .first(),
    ).toBeDefined();
    // Confirmation typed in another case: still the same address.
    const response = await admin.post(`/api/admin/leads/${id}/erase`, { confirmEmail: PERSON.email.toUpperCase() });
    expect(response.status).toBe(204);

    expect(await app.knex('leads').where({ id }).first()).toBeUndefined();
    for (const table of ['activities', 'webinarRegistrations', 'bookings', 'emails', 'consentProofs']) {
      expect(await app.knex(table).where({ leadId: id }).first(), table).toBeUndefined();
    }
    expect(await app.knex('emails').whereRaw('lower(to_address) = ?', [PERSON.email]).first()).toBeUndefined();
    expect(
      await app
        .knex('idempotency_keys')
        .where({ key: `leads:${key}` })
        .first(),
    ).toBeUndefined();
    expect(
      await app
        .knex('rate_limits')
        .where({ key: newsletterRateLimitKey(PERSON.email) })
        .first(),
    ).toBeUndefined();
    const jobs = await app.knex.raw(`select count(*)::int as n from pgboss.job where data->>'leadId' = ?`, [String(id)]);
    expect(jobs.rows[0].n).toBe(0);
    expect(await app.knex('webinars').where({ id: webinarId }).first()).toBeDefined();

    const audit = await app.knex('auditEvents').where({ type: 'lead_erased' }).orderBy('id', 'desc').first();
    expect(audit.details).toEqual({ leadId: id, reason: 'request' });
    const everyAuditRow = JSON.stringify(await app.knex('auditEvents').select('*'));
    for (const value of [PERSON.email, PERSON.firstName, PERSON.lastName, '876 54 32']) expect(everyAuditRow).not.toContain(value);

    expect((await admin.post(`/api/admin/leads/${id}/erase`, { confirmEmail: PERSON.email })).status).toBe(404);
  });

  if (usePg) {
    it('leaves nothing in a full pg_dump of the database', async () => {
      const person = { ...PERSON, email: 'dump.check@exemple-rare.ch', firstName: 'Oriane-Dumpcheck', lastName: 'Vexlard-Introuvable', phone: '+41 78 111 29 37' };
      const { id } = await personWithHistory(person);
      const before = spawnSync('pg_dump', ['--no-owner', app.config.databaseUrl!], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      expect(before.status).toBe(0);
      // The dump does see the person before: the check below can fail.
      expect(before.stdout).toContain(person.email);
      expect(before.stdout).toContain(person.lastName);
      expect((await admin.post(`/api/admin/leads/${id}/erase`, { confirmEmail: person.email })).status).toBe(204);
      const after = spawnSync('pg_dump', ['--no-owner', app.config.databaseUrl!], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      expect(after.status).toBe(0);
      for (const value of [person.email, person.firstName, person.lastName, person.phone, '78 111 29 37', '781112937']) expect(after.stdout).not.toContain(value);
    });
  }

  it('plain "Supprimer" removes the same rows', async () => {
    const person = { ...PERSON, email: 'supprimer@exemple-rare.ch' };
    const { id, key } = await personWithHistory(person);
    expect((await admin.delete(`/api/admin/leads/${id}`)).status).toBe(204);
    for (const table of ['leads', 'emails', 'consentProofs']) {
      expect(
        await app
          .knex(table)
          .where(table === 'leads' ? { id } : { leadId: id })
          .first(),
        table,
      ).toBeUndefined();
    }
    expect(
      await app
        .knex('idempotency_keys')
        .where({ key: `leads:${key}` })
        .first(),
    ).toBeUndefined();
    const audit = await app.knex('auditEvents').where({ type: 'lead_deleted' }).orderBy('id', 'desc').first();
    expect(audit.details).toEqual({ leadId: id });
  });
});
