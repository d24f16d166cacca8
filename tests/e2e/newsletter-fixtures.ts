/**
 * The newsletter journeys' server (tests/e2e/admin-newsletters.test.ts, newsletter-journey.test.ts):
 * `npm start` on a PostgreSQL database of the file's own (the confirmed subscribers are written there
 * directly: the double opt-in has its own tests) with every e-mail caught by the real SMTP sink over
 * TCP, and a raised newsletter rate so a send takes seconds. Like webinar-funnel.test.ts.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { test as base, expect } from './fixtures.ts';
import { startProductionServer, removeDataDir, type ProductionServer } from './server.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink.ts';
import { createScratchDatabase } from '../scratch-database.ts';
import { adminApi } from './admin-helpers.ts';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

export const VIEWER = { email: 'ines.viewer@innercircle.test', password: 'lanterne-violette-du-jura-7' };

export const test = base.extend<{}, { smtp: SmtpSink; databaseUrl: string; newsletterServer: ProductionServer }>({
  smtp: [
    async ({}, use) => {
      const smtp = await startSmtpSink();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  databaseUrl: [
    async ({}, use) => {
      const database = await createScratchDatabase('e2e_newsletter');
      await use(database.url);
      await database.drop();
    },
    { scope: 'worker' },
  ],
  newsletterServer: [
    async ({ smtp, databaseUrl }, use) => {
      const server = await startProductionServer({
        SMTP_URL: smtp.url,
        DATABASE_URL: databaseUrl,
        NOTIFY_EMAIL: 'equipe@clairval.ch',
        PUBLIC_URL: 'https://innercircle.example.ch',
        NEWSLETTER_RATE_PER_MINUTE: '600',
      });
      await use(server);
      await server.stop();
      removeDataDir(server.dataDir);
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  // This file's server for every test of the file, in place of the worker's shared one.
  server: async ({ newsletterServer }, use) => {
    await use(newsletterServer);
  },
});
export { expect };

export async function sql(databaseUrl: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Confirmed subscribers with `tag`, as the double opt-in leaves them. */
export async function subscribers(databaseUrl: string, tag: string, people: Array<{ firstName: string; email: string }>): Promise<void> {
  for (const person of people) {
    await sql(
      databaseUrl,
      `insert into leads (first_name, email, tags, newsletter_status, newsletter_requested_at, newsletter_confirmed_at, newsletter_token)
       values ($1, $2, $3, 'subscribed', now(), now(), $4)`,
      [person.firstName, person.email, [tag], randomBytes(24).toString('base64url')],
    );
  }
}

/** The messages the SMTP sink received for `address` whose subject matches. */
export async function mailTo(smtp: SmtpSink, address: string, subject: RegExp, timeoutMs = 30_000): Promise<ReceivedMail> {
  const matches = (message: ReceivedMail) => message.envelopeTo.includes(address) && subject.test(message.parsed.subject ?? '');
  await smtp.waitFor((messages) => messages.some(matches), timeoutMs);
  return smtp.messages.find(matches)!;
}

export async function createViewer(request: APIRequestContext, baseURL: string): Promise<void> {
  await adminApi(request, baseURL);
  const response = await request.post('/api/admin/users', {
    data: { ...VIEWER, firstName: 'Inès', lastName: 'Lecture', role: 'viewer' },
    headers: { origin: new URL(baseURL).origin },
  });
  expect([201, 409]).toContain(response.status());
}

/** Signs in through the login screen from a browser of their own. */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur").fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
}

/** Picks one of a switch's options (a radio drawn as a button: its label takes the click). */
export async function choose(page: Page, name: string): Promise<void> {
  const radio = page.getByRole('radio', { name, exact: true });
  await radio.locator('xpath=..').click();
  await expect(radio).toBeChecked();
}

/** Opens Emails → Newsletters from the sidebar, as a person does. */
export async function openNewsletters(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Emails' }).click();
  await page.getByRole('navigation', { name: 'Sections des e-mails' }).getByRole('link', { name: 'Newsletters' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();
}
