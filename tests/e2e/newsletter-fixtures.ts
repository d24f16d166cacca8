/**
 * The newsletter journeys' server (tests/e2e/admin-newsletters.test.ts, newsletter-journey.test.ts):
 * `npm start` on a PostgreSQL database of the file's own (the confirmed subscribers are written there
 * directly: the double opt-in has its own tests) with every e-mail caught by the real SMTP sink over
 * TCP (postgres-server.ts), and a raised newsletter rate so a send takes seconds.
 */
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from './fixtures.ts';
import { testOnPostgres } from './postgres-server.ts';

export { mailTo } from './postgres-server.ts';

export const VIEWER = { email: 'ines.viewer@innercircle.test', password: 'lanterne-violette-du-jura-7', firstName: 'Inès', lastName: 'Lecture' };

export const test = testOnPostgres('e2e_newsletter', { PUBLIC_URL: 'https://innercircle.example.ch', NEWSLETTER_RATE_PER_MINUTE: '600' });
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
