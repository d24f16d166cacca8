// What the webinar journey's tests share: the app on the real SMTP sink, a webinar, a sign-up, the e-mail to someone and its links.
import { expect } from 'vitest';
import { setUpAppWithSmtp, type TestApp, type TestClient } from '../harness.ts';
import type { ReceivedMail, SmtpSink } from '../../support/smtp-sink.ts';
import { writeSiteFixture } from '../site-fixture.ts';

export let app: TestApp;
export let smtp: SmtpSink;
export let admin: TestClient;

/** Starts the app on the SMTP sink for the calling test file, with an administrator signed in. */
export function setUpFunnelApp(): void {
  setUpAppWithSmtp({ SITE_DIST_DIR: writeSiteFixture(), NOTIFY_EMAIL: 'equipe@clairval.ch', WEBINAR_REMINDERS: '60' }, ['webinars', 'leads'], (running) => ({ app, smtp, admin } = running));
}

const IN_A_MONTH = () => new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

export async function createWebinar(fields: Record<string, unknown> = {}) {
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

export const signUp = (email: string, firstName = 'Léa') => app.client().post('/api/leads', { firstName, email, type: 'webinar' });
const to = (address: string) => (message: ReceivedMail) => message.envelopeTo.includes(address);
/** Runs the due e-mail work at once (decision 103); a message due later (a reminder) is still awaited. */
export const mailTo = async (address: string, subject: RegExp) => {
  await app.jobs.drain();
  await smtp.waitFor((messages) => messages.some((message) => to(address)(message) && subject.test(message.parsed.subject ?? '')));
  return smtp.messages.find((message) => to(address)(message) && subject.test(message.parsed.subject ?? ''))!;
};

/** The link of a button in the e-mail's text part. */
export function linkIn(message: ReceivedMail, pathname: string): URL {
  const match = (message.parsed.text ?? '').match(new RegExp(`https?://[^\\s]+${pathname.replace(/\//g, '\\/')}\\?[^\\s\\]]+`));
  expect(match, `a link to ${pathname}`).not.toBeNull();
  return new URL(match![0]);
}

export async function registrationOf(email: string) {
  return app.knex('webinarRegistrations as r').join('leads as l', 'l.id', 'r.leadId').where('l.email', email).first('r.id', 'r.status', 'r.webinarId');
}

export function postForm(pathname: string, fields: Record<string, string>) {
  return app.client().request('POST', pathname, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}
