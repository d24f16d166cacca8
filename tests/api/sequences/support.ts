/**
 * What the sequences' tests share (docs/decisions/150-sequences-engine.md): the app on the real SMTP
 * sink, contacts, the funnel's facts written as the product stores them, a sequence made through the
 * API, and one run of the engine. Times are stored relative to now: the tests hold on any date.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { setUpAppWithSmtp, type TestApp, type TestClient } from '../harness.ts';
import type { ReceivedMail, SmtpSink } from '../../support/smtp-sink.ts';
import { writeSiteFixture } from '../site-fixture.ts';
import { runSequences } from '../../../api/features/sequences/index.ts';

export let app: TestApp;
export let smtp: SmtpSink;
export let admin: TestClient;

/** High enough that a test's few steps go within a second of each other (the pace is tested on its own). */
export const TEST_RATE = 6000;
export const BASE = '/api/admin/sequences';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Every hour of every day: the tests of entry and sending hold at any hour; the window has its own test. */
export const ALWAYS = { from: '00:00', to: '24:00', days: [1, 2, 3, 4, 5, 6, 7] };

/** The app for the calling file; `tables` emptied before each test (the default sequences go with `sequences`). */
export function setUpSequencesApp(tables = ['sequences', 'emails', 'leads', 'webinars'], rate = TEST_RATE): void {
  setUpAppWithSmtp({ SITE_DIST_DIR: writeSiteFixture(), NEWSLETTER_RATE_PER_MINUTE: String(rate) }, tables, (running) => ({ app, smtp, admin } = running));
}

/** The marketing pace's starts of the past minute, by the database clock (newsletter_pace, decision 112), in ms, oldest first. */
export async function paceStarts(): Promise<number[]> {
  const { rows } = await app.knex.raw<{ rows: Array<{ at: number }> }>(
    `select extract(epoch from started)::float8 * 1000 as at from newsletter_pace, unnest(recent_starts) as started where id = 1 order by started`,
  );
  return rows.map((row) => Number(row.at));
}

export const run = () => runSequences(app.knex, TEST_RATE);

export async function addLead(email: string, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await app
    .knex('leads')
    .insert({ firstName: 'Léa', email, type: 'contact', source: 'website', newsletterToken: randomBytes(16).toString('base64url'), ...fields })
    .returning('id');
  return row.id as number;
}

/** A step as the API takes it; `delayMinutes` 0 by default, outside any window. */
export function step(subject: string, fields: Record<string, unknown> = {}) {
  return { delayMinutes: 0, subject, preview: `Aperçu : ${subject}`, body: `Bonjour {{prenom}},\n\nÉtape « ${subject} ».\n\n{{appel-decouverte}}`, window: false, ...fields };
}

export async function createSequence(fields: Record<string, unknown>): Promise<{ id: number; steps: Array<{ id: number }> }> {
  const response = await admin.post(BASE, { name: 'Séquence de test', window: ALWAYS, exitOn: ['call_booked'], ...fields });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** A session that ended `endedMinutesAgo` minutes ago (60 minutes long), with `leadId` registered as `status`. */
export async function registration(leadId: number, status: 'registered' | 'attended' | 'no-show', endedMinutesAgo = 5): Promise<number> {
  const [webinar] = await app
    .knex('webinars')
    .insert({ title: 'Le bonheur des dirigeants', datetime: new Date(Date.now() - (endedMinutesAgo + 60) * MINUTE), duration: 60 })
    .returning('id');
  const [row] = await app.knex('webinarRegistrations').insert({ webinarId: webinar.id, leadId, status }).returning('id');
  return row.id as number;
}

let hostCounter = 0;
/** A discovery call of `leadId`, `status`, that ended `endedMinutesAgo` minutes ago (negative: to come), booked `bookedMinutesAgo` ago. */
export async function booking(leadId: number, status: 'confirmed' | 'held' | 'no-show' | 'cancelled', endedMinutesAgo = 5, bookedMinutesAgo = 0): Promise<number> {
  hostCounter += 1;
  const [host] = await app
    .knex('users')
    .insert({ username: `hote-${hostCounter}-${randomUUID()}@example.ch`, email: `hote-${hostCounter}-${randomUUID()}@example.ch`, password: 'x', firstName: 'Hôte', role: 'admin' })
    .returning('id');
  const endAt = new Date(Date.now() - endedMinutesAgo * MINUTE);
  const startAt = new Date(endAt.getTime() - 30 * MINUTE);
  const [row] = await app
    .knex('bookings')
    .insert({
      uid: randomUUID(),
      leadId,
      hostId: host.id,
      startAt,
      endAt,
      blocked: app.knex.raw('tstzrange(?::timestamptz, ?::timestamptz)', [startAt, endAt]),
      status,
      mode: 'video',
      createdAt: new Date(Date.now() - bookedMinutesAgo * MINUTE),
    })
    .returning('id');
  return row.id as number;
}

const LINES = JSON.stringify([{ label: 'Programme', quantity: 1, unitPriceCents: 100_000 }]);

export async function offerSent(leadId: number, sentMinutesAgo = 5): Promise<number> {
  const [row] = await app
    .knex('offers')
    .insert({
      leadId,
      status: 'sent',
      lines: LINES,
      startDate: '2027-01-04',
      validUntil: '2027-01-31',
      netCents: 100_000,
      vatCents: 0,
      totalCents: 100_000,
      contentHash: 'abc',
      sentAt: new Date(Date.now() - sentMinutesAgo * MINUTE),
    })
    .returning('id');
  return row.id as number;
}

export async function invoicePaid(leadId: number, paidMinutesAgo = 5): Promise<number> {
  const number = `T-${randomUUID().slice(0, 8)}`;
  const [row] = await app
    .knex('invoices')
    .insert({
      number,
      leadId,
      debtorName: 'Léa Test',
      debtorStreet: 'Rue du Lac',
      debtorPostalCode: '1000',
      debtorTown: 'Lausanne',
      debtorCountry: 'CH',
      netCents: 100_000,
      vatCents: 0,
      totalCents: 100_000,
      reference: `RF${randomUUID()}`,
      iban: 'CH4431999123000889012',
      issuedOn: '2026-01-05',
      dueOn: '2026-02-05',
      status: 'paid',
      paidCents: 100_000,
      paidAt: new Date(Date.now() - paidMinutesAgo * MINUTE),
    })
    .returning('id');
  return row.id as number;
}

export async function runOf(leadId: number, sequenceId: number) {
  return app.knex('sequenceRuns').where({ leadId, sequenceId }).orderBy('id', 'desc').first();
}

/** Moves a run's next send time into the past: its step is due now (a run is driven, never waited for). */
export async function makeDue(runId: number): Promise<void> {
  await app
    .knex('sequenceRuns')
    .where({ id: runId })
    .update({ nextSendAt: new Date(Date.now() - MINUTE) });
}

/** The run's step e-mails, oldest first. */
export function stepEmails(leadId: number) {
  return app.knex('emails').where({ leadId, kind: 'sequence_step' }).orderBy('id');
}

const to = (address: string) => (message: ReceivedMail) => message.envelopeTo.includes(address);

/** Sends what is due (decision 103) and waits for the message to `address` whose subject matches. */
export async function mailTo(address: string, subject: string): Promise<ReceivedMail> {
  await app.jobs.drain();
  await smtp.waitFor((messages) => messages.some((message) => to(address)(message) && message.parsed.subject === subject));
  return smtp.messages.find((message) => to(address)(message) && message.parsed.subject === subject)!;
}

export { DAY, MINUTE };

/** The message's header block, unfolded (RFC 5322 2.2.3). */
export const headersOf = (message: ReceivedMail) =>
  String(message.raw)
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ');

/** The one-click unsubscribe address of a marketing message (RFC 8058), checked present with its Post header. */
export function unsubscribeHeader(message: ReceivedMail): URL {
  const headers = headersOf(message);
  expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const match = headers.match(/^List-Unsubscribe: <(https?:\/\/[^>]+)>$/m);
  expect(match, 'a List-Unsubscribe header with an https address').not.toBeNull();
  return new URL(match![1]!);
}
