/**
 * A webinar's public journey in the browser (decisions 050–053), against `npm start` on a PostgreSQL database of its own (the journey to the
 * follow-up moves the session into the past, which no screen on this branch does) with e-mails caught
 * by the real SMTP sink: the next-session line without JavaScript, the waiting list, cancellation by
 * the e-mail's link, and a visitor's sign-up all the way to the follow-up e-mail.
 */
import type { Page } from '@playwright/test';
import pg from 'pg';
import { expect } from '../fixtures.ts';
import { adminApi, seriousViolations, signIn } from '../admin-helpers.ts';
import { mailTo, testOnPostgres } from '../postgres-server.ts';
import type { ReceivedMail } from '../../support/smtp-sink.ts';
import { swissDateTime } from '../../../api/platform/mail/dates.ts';
import { bookingLinkIn, bookWithoutScript, hostAllWeek } from '../booking/from-email.ts';

const test = testOnPostgres('e2e_funnel');

test.describe.configure({ mode: 'serial' });

const inDays = (days: number) => new Date(Math.round((Date.now() + days * 86_400_000) / 3_600_000) * 3_600_000);
const spaces = (text: string) => text.replace(/\s+/g, ' ');

function linkIn(message: ReceivedMail, pathname: string): string {
  const match = (message.parsed.text ?? '').match(new RegExp(`https?://[^\\s]+${pathname.replace(/\//g, '\\/')}\\?[^\\s\\]]+`));
  expect(match, `a link to ${pathname}`).not.toBeNull();
  return match![0];
}

async function clean(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('delete from webinars; delete from leads');
  await client.end();
}

async function signUpWithForm(page: Page, firstName: string, email: string): Promise<void> {
  const form = page.locator('form[action="/api/leads"]').first();
  await form.getByLabel('Prénom').fill(firstName);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Réserver ma place gratuite' }).click();
}

test.beforeEach(async ({ databaseUrl, smtp }) => {
  await clean(databaseUrl);
  smtp.messages.length = 0;
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the webinar pages say when the next session is, and a full session puts the visitor on the waiting list', async ({ page, request, baseURL }) => {
    await page.goto('/webinaire');
    await expect(page.locator('[data-next-session]')).toHaveText('La prochaine session sera bientôt annoncée.');

    const api = await adminApi(request, baseURL!);
    const start = inDays(20);
    await api.createWebinar({ title: 'Le bonheur des dirigeants', datetime: start.toISOString(), maxAttendees: 2 });
    await page.goto('/webinaire');
    const slot = page.locator('[data-next-session]');
    await expect(slot).toContainText(spaces(`Prochaine session : ${swissDateTime(start)}`));
    await expect(slot).toContainText('Plus que 2 places');
    await page.goto('/innercircle/');
    await expect(page.locator('#webinar [data-next-session]')).toContainText(spaces(`Prochaine session : ${swissDateTime(start)}`));

    for (const [index, name] of ['Léa', 'Marc'].entries()) {
      await page.goto('/webinaire');
      await signUpWithForm(page, name, `personne${index}@example.ch`);
      await expect(page).toHaveURL(/\/merci\//);
    }
    await page.goto('/webinaire');
    await expect(page.locator('[data-next-session]')).toContainText("Complet : inscrivez-vous sur la liste d'attente");

    await signUpWithForm(page, 'Zoé', 'zoe@example.ch');
    await expect(page).toHaveURL(/\/merci\//);
    await expect(page.getByText("vous êtes sur la liste d'attente")).toBeVisible();
  });
});

test('a visitor on the waiting list is told so by the toast, and gets the seat a cancellation by link frees', async ({ page, request, baseURL, smtp }) => {
  const api = await adminApi(request, baseURL!);
  await api.createWebinar({ title: 'Session complète', datetime: inDays(10).toISOString(), maxAttendees: 1 });
  await page.goto('/webinaire');
  await signUpWithForm(page, 'Léa', 'lea@example.ch');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Inscription réussie');
  await page.goto('/webinaire');
  await signUpWithForm(page, 'Marc', 'marc@example.ch');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText("vous êtes sur la liste d'attente");

  // Léa cannot come: the link in her confirmation opens a page; only its button cancels.
  const confirmation = await mailTo(smtp, 'lea@example.ch', /confirmée/);
  await page.goto(linkIn(confirmation, '/annulation/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Annuler votre inscription' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Annuler mon inscription' }).click();
  await expect(page).toHaveURL(/\/annulation\/resultat\//);
  await expect(page.getByText('Votre inscription est annulée.')).toBeVisible();

  const promoted = await mailTo(smtp, 'marc@example.ch', /place s'est libérée/);
  expect(promoted.parsed.text).toContain('Session complète');
  await page.goto('/webinaire');
  await expect(page.locator('[data-next-session]')).toContainText("Complet : inscrivez-vous sur la liste d'attente");

  // The contact detail shows where each person stands.
  const [marc] = await api.leads('marc@example.ch');
  await signIn(page);
  await page.goto(`/admin/leads/${marc!.id}`);
  const card = page.getByRole('region', { name: 'Webinaires' });
  await expect(card.getByRole('listitem').filter({ hasText: 'Session complète' })).toContainText('Inscrit');
  const [lea] = await api.leads('lea@example.ch');
  await page.goto(`/admin/leads/${lea!.id}`);
  await expect(page.getByRole('region', { name: 'Webinaires' }).getByRole('listitem').filter({ hasText: 'Session complète' })).toContainText('Annulé');
  expect(await seriousViolations(page)).toEqual([]);
});

test('from a sign-up on /webinaire to the follow-up e-mail after the session, then the call booked from its button with JavaScript off', async ({
  page,
  browser,
  request,
  baseURL,
  smtp,
  databaseUrl,
}) => {
  // The follow-up job runs every minute (pg-boss cron): the wait below is for its next run.
  test.setTimeout(240_000);
  const api = await adminApi(request, baseURL!);
  const webinar = await api.createWebinar({ title: 'Le bonheur des dirigeants', datetime: inDays(7).toISOString() });
  await page.goto('/webinaire');
  await signUpWithForm(page, 'Nadia', 'nadia@example.ch');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Inscription réussie');
  await mailTo(smtp, 'nadia@example.ch', /confirmée/);

  // The session took place and Nadia came (how the team marks it does not matter to the job).
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`update webinars set datetime = now() - interval '2 hours' where id = $1`, [webinar.id]);
  await client.query(`update webinar_registrations set status = 'attended' where webinar_id = $1`, [webinar.id]);
  await client.end();

  const followup = await mailTo(smtp, 'nadia@example.ch', /Merci d'avoir participé/, 150_000);
  expect(followup.parsed.text).toContain('appel découverte');
  expect(followup.parsed.text).toMatch(/\/rendez-vous\/\?lead=\d+&token=[\w-]+/);

  // The team hosts calls every day, all day; the follow-up's button, followed in a browser without JavaScript, books the call.
  await hostAllWeek(databaseUrl, 'jeton-entonnoir');
  await bookWithoutScript(browser, baseURL!, bookingLinkIn(followup.parsed.text), { firstName: 'Nadia', lastName: 'Keller', email: 'nadia@example.ch' });
  const confirmation = await mailTo(smtp, 'nadia@example.ch', /Votre appel découverte est confirmé/);
  expect(confirmation.parsed.text).toContain('(heure suisse)');
});
