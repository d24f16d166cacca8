/** The e-mail tests' starting point (decision 022): the app on a real SMTP sink with its own queue and workers, and helpers to sign up and read the messages. */
import { beforeEach, expect } from 'vitest';
import ICAL from 'ical.js';
import { setUpAppWithSmtp, type TestApp, type TestClient } from './harness.ts';
import { SAMPLE_WEBINAR } from '../support/webinars.ts';
import { waitUntil, type ReceivedMail, type SmtpSink } from '../support/smtp-sink.ts';
import { queueSendJobs } from '../../api/platform/mail/outbox.ts';

export let app: TestApp;
export let smtp: SmtpSink;
export let admin: TestClient;

export const TEAM = 'equipe@clairval.ch';
export const JOIN_URL = 'https://zoom.us/j/123456789?pwd=abc';

export async function createWebinar(fields: Record<string, unknown> = {}) {
  const response = await admin.post('/api/admin/webinars', { ...SAMPLE_WEBINAR, joinUrl: JOIN_URL, ...fields });
  expect(response.status).toBe(201);
  return response.body;
}

export function signUp(email: string, firstName = 'Léa') {
  return app.client().post('/api/leads', { firstName, lastName: 'Favre', email, company: 'Favre SA', type: 'webinar' });
}

export const to = (address: string) => (message: ReceivedMail) => message.envelopeTo.includes(address);

/**
 * A contact's next team alert waits 10 minutes after the previous one (decision 088): once the
 * submissions are in it, checks it is due that late, then makes it due now, as if the time had passed.
 */
export async function sendWaitingAlertNow(email: string, submissions: number): Promise<void> {
  const lead = await app.knex('leads').where({ email }).first('id');
  const alerts = await waitUntil(
    async () => {
      const rows = await app.knex('emails').where({ kind: 'team_alert', leadId: lead.id }).orderBy('id');
      return rows.length === 2 && rows[0].status === 'sent' && rows[1].data.submissions?.length === submissions ? rows : undefined;
    },
    20_000,
    'the waiting team alert',
  );
  const [sent, waiting] = alerts;
  expect(waiting.status).toBe('queued');
  expect(new Date(waiting.sendAfter).getTime()).toBeGreaterThanOrEqual(new Date(sent.sentAt).getTime() + 10 * 60_000 - 1000);
  await app.knex.transaction(async (trx) => {
    await trx('emails').where({ id: waiting.id }).update({ sendAfter: new Date() });
    await queueSendJobs(trx, [{ id: waiting.id, sendAfter: new Date() }]);
  });
}
export const subjectOf = (message: ReceivedMail) => message.parsed.subject ?? '';

export function parseCalendar(message: ReceivedMail) {
  const attachment = message.parsed.attachments.find((item) => item.contentType.startsWith('text/calendar'));
  expect(attachment, 'a text/calendar attachment').toBeDefined();
  const component = new ICAL.Component(ICAL.parse(attachment!.content.toString('utf8')));
  const event = component.getFirstSubcomponent('vevent')!;
  return {
    method: component.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    summary: event.getFirstPropertyValue('summary'),
    url: event.getFirstPropertyValue('url'),
    description: String(event.getFirstPropertyValue('description')),
    location: event.getFirstPropertyValue('location'),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    dtstamp: event.getFirstPropertyValue('dtstamp'),
  };
}

/** Registers this file's hooks: each test file starts its own app (a module imported by several files is evaluated once per worker). */
export function setUpEmailsTests(): void {
  setUpAppWithSmtp(
    {
      NOTIFY_EMAIL: TEAM,
      MAIL_FROM: 'Clairval Inner Circle <bonjour@clairval.ch>',
      // 1440 minutes before a session 2 minutes away is already past: skipped. 1 minute before is due soon.
      WEBINAR_REMINDERS: '1440,1',
      ...(process.env.DEBUG_MAIL ? { LOG_LEVEL: 'debug' } : {}),
    },
    // The per-address acknowledgement counters (decision 087) go with the contacts: each test starts afresh.
    ['webinars', 'leads', 'rate_limits'],
    (running) => ({ app, smtp, admin } = running),
  );
  beforeEach(() => smtp.refuse(false));
}
