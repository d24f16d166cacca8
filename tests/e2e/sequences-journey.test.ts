/**
 * A sequence from the back office to the person's mailbox and out again (docs/decisions/150-sequences-engine.md),
 * in Chromium against `npm start` on a PostgreSQL database of its own with e-mails caught by the real SMTP
 * sink: an administrator pauses the default "Absents du webinaire" and sets up their own sequence on
 * `webinar_absent` (two steps, a preview, a test send); two registrants of a session that took place are
 * marked absent on the registrations screen; the `sequences` cron (pg-boss, every minute) enters them;
 * the first step, moved into the past by SQL (never waited for), arrives over SMTP; the person books a
 * call from its button with JavaScript off; the next step, moved into the past too, is never sent: the run
 * exited `call_booked`. The statistics say converted (the chart's table), the contact page shows the run
 * and its exit, and an administrator stops the other person's run by hand. axe on every new screen;
 * screenshots at 390 and 1366 px are kept with the test's output.
 */
import pg from 'pg';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatDateTime } from '../../site/admin/lib/dates.ts';
import { adminApi, ADMIN, createViewer, screenshots, seriousViolations, signIn, signInAs, toast } from './admin-helpers.ts';
import { expect } from './fixtures.ts';
import { mailTo, testOnPostgres } from './postgres-server.ts';
import { bookingLinkIn, bookWithoutScript, hostAllWeek } from './booking/from-email.ts';

const test = testOnPostgres('e2e_sequences');

const NAME = 'Relance des absents';
const FIRST = 'Vous avez manqué la session';
const SECOND = 'Toujours partante pour en parler ?';
const INES = { firstName: 'Inès', lastName: 'Keller', email: 'ines.keller@example.ch' };
const MARC = { firstName: 'Marc', lastName: 'Dupont', email: 'marc.dupont@example.ch' };
const VIEWER = { email: 'lou.lecture@innercircle.test', password: 'sentier-des-cretes-du-jura-9', firstName: 'Lou', lastName: 'Lecture' };
/** The cron runs every minute: a step shows within two of its runs, more on a loaded machine. */
const CRON_WAIT = 180_000;
/** The preview frames are sandboxed without scripts: axe cannot run inside them (admin-helpers.ts). */
const FRAMES = ['iframe'];

async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function signUp(request: APIRequestContext, baseURL: string, person: typeof INES): Promise<void> {
  const response = await request.post('/api/leads', { data: { ...person, type: 'webinar' }, headers: { origin: new URL(baseURL).origin } });
  expect(response.status(), await response.text()).toBe(201);
}

interface RunRow {
  id: number;
  state: string;
  exit_reason: string | null;
  next_send_at: Date | null;
}

/** The person's run of the sequence once the cron has written it in the state `until` waits for. */
async function runOnce(databaseUrl: string, sequenceId: number, email: string, until: (run: RunRow) => boolean): Promise<RunRow> {
  let found: RunRow | undefined;
  await expect(async () => {
    [found] = await sql<RunRow>(
      databaseUrl,
      `select r.id, r.state, r.exit_reason, r.next_send_at from sequence_runs r join leads l on l.id = r.lead_id where r.sequence_id = $1 and l.email = $2 order by r.id desc limit 1`,
      [sequenceId, email],
    );
    expect(found && until(found), `the run of ${email}: ${JSON.stringify(found)}`).toBe(true);
  }).toPass({ timeout: CRON_WAIT, intervals: [1_000, 2_000, 5_000] });
  return found!;
}

/** Opens Emails → Séquences from the sidebar, as a person does. */
async function openSequences(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Emails' }).click();
  await page.getByRole('navigation', { name: 'Sections des e-mails' }).getByRole('link', { name: 'Séquences' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Séquences' })).toBeVisible();
}

async function fillStep(page: Page, position: number, fields: { delayDays: string; subject: string; preview: string; body: string }): Promise<void> {
  const step = page.locator(`[data-step="${position}"]`);
  await step.getByRole('spinbutton', { name: `Délai (étape ${position})` }).fill(fields.delayDays);
  await step.getByRole('combobox', { name: `Délai (étape ${position}) : Unité` }).selectOption('days');
  await step.getByRole('textbox', { name: 'Objet' }).fill(fields.subject);
  await step.getByRole('textbox', { name: 'Ligne d’aperçu' }).fill(fields.preview);
  await step.getByRole('textbox', { name: 'Contenu (Markdown)' }).fill(fields.body);
  // Any hour of any day: the journey holds whenever it runs (the window has its own API tests).
  await step.getByRole('checkbox', { name: 'Seulement dans la plage d’envoi' }).uncheck();
}

test('a sequence set up in the back office sends its first step to a person marked absent, who books a call from it without JavaScript; the next step never goes, the statistics say converted', async ({
  page,
  browser,
  request,
  baseURL,
  smtp,
  databaseUrl,
}) => {
  // Three runs of the every-minute cron (entry, first step, exit), each waited for as a state.
  test.setTimeout(600_000);
  const api = await adminApi(request, baseURL!);
  const webinar = await api.createWebinar({ title: 'Le sommeil des dirigeants', datetime: new Date(Date.now() + 7 * 86_400_000).toISOString() });
  await signUp(request, baseURL!, INES);
  await signUp(request, baseURL!, MARC);
  // The session took place (no screen moves a session into the past), and the team hosts calls every day, all day.
  await sql(databaseUrl, `update webinars set datetime = now() - interval '3 hours' where id = $1`, [webinar.id]);
  await hostAllWeek(databaseUrl, 'jeton-sequences');

  // The list shows the two default sequences; the team pauses "Absents du webinaire" to write its own.
  await signIn(page);
  await openSequences(page);
  const list = page.getByRole('region', { name: 'Liste des séquences' });
  await expect(list.getByRole('row').filter({ hasText: 'Absents du webinaire' })).toContainText('Absent·e d’un webinaire');
  await expect(list.getByRole('row').filter({ hasText: 'Après le webinaire' })).toContainText('Active');
  expect(await seriousViolations(page)).toEqual([]);
  await list.getByRole('link', { name: 'Absents du webinaire', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Absents du webinaire' })).toBeVisible();
  await page.getByRole('button', { name: 'Mettre en pause' }).click();
  await expect(toast(page)).toContainText('Séquence en pause');
  await expect(page.getByRole('button', { name: 'Reprendre' })).toBeVisible();
  await page.getByRole('link', { name: 'Séquences', exact: true }).first().click();
  await expect(list.getByRole('row').filter({ hasText: 'Absents du webinaire' })).toContainText('En pause');
  await screenshots(page, 'sequences-list');

  // A new sequence: its entry, its exits, two steps; a missing subject is said beside its field.
  await page.getByRole('link', { name: 'Nouvelle séquence' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle séquence' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nom' }).fill(NAME);
  await page.getByRole('button', { name: 'Événement d’entrée' }).click();
  await page.getByRole('option', { name: 'Absent·e d’un webinaire' }).click();
  await expect(page.getByRole('checkbox', { name: 'Appel réservé' })).toBeChecked();
  await expect(page.locator('[data-always-exit]')).toContainText('désinscription des e-mails marketing');
  await fillStep(page, 1, {
    delayDays: '1',
    subject: FIRST,
    preview: 'Le replay et la suite',
    body: 'Bonjour {{prenom}},\n\nVous n’avez pas pu venir : parlons-en **de vive voix**.\n\n{{appel-decouverte}}',
  });
  await page.getByRole('button', { name: 'Ajouter une étape' }).click();
  await fillStep(page, 2, { delayDays: '2', subject: SECOND, preview: 'Un dernier mot', body: 'Bonjour {{prenom}},\n\nUn appel de 30 minutes suffit.\n\n{{appel-decouverte}}' });
  await page.locator('[data-step="2"]').getByRole('textbox', { name: 'Objet' }).fill('');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.locator('[data-step="2"]').getByText('L’objet est obligatoire.')).toBeVisible();
  await page.locator('[data-step="2"]').getByRole('textbox', { name: 'Objet' }).fill(SECOND);

  // The first step's preview, as the person will get it.
  await page.getByRole('button', { name: 'Voir l’aperçu (étape 1)' }).click();
  const frame = page.frameLocator('iframe[title="Aperçu de l’étape 1"]');
  await expect(frame.locator('body')).toContainText('de vive voix');
  await expect(frame.getByRole('link', { name: 'Choisir un créneau' })).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page)).toContainText('Séquence créée');
  await expect(page).toHaveURL(/\/admin\/emails\/sequences\/\d+$/);
  const sequenceId = Number(/\/sequences\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();

  // A test of the first step reaches the administrator.
  await page.getByRole('button', { name: 'Envoyer un test à mon adresse (étape 1)' }).click();
  await expect(toast(page)).toContainText('Test envoyé');
  const testMail = await mailTo(smtp, ADMIN.email, new RegExp(`^\\[Test\\] ${FIRST}$`));
  expect(testMail.parsed.text).toContain('de vive voix');
  await page.getByRole('button', { name: 'Voir l’aperçu (étape 1)' }).click();
  await expect(page.locator('iframe[title="Aperçu de l’étape 1"]')).toBeVisible();
  expect(await seriousViolations(page, FRAMES)).toEqual([]);
  await screenshots(page, 'sequence-editor');

  // Inès and Marc did not come: marked absent on the registrations screen.
  await page.goto(`/admin/webinars/${webinar.id}/registrations`);
  const registrations = page.getByRole('region', { name: 'Inscriptions du webinaire' });
  for (const person of [INES, MARC]) {
    await registrations.getByLabel(`Statut de ${person.firstName} ${person.lastName}`).selectOption('no-show');
    await expect(registrations.getByLabel(`Statut de ${person.firstName} ${person.lastName}`)).toHaveValue('no-show');
  }

  // The cron enters them; Inès's page says when her first step goes (Swiss time, the product's formatter).
  const entered = await runOnce(databaseUrl, sequenceId, INES.email, (run) => run.state === 'active' && run.next_send_at !== null);
  await runOnce(databaseUrl, sequenceId, MARC.email, (run) => run.state === 'active');
  const [ines] = await api.leads(INES.email);
  await page.goto(`/admin/leads/${ines!.id}`);
  const card = page.getByRole('region', { name: 'Séquences' });
  const inesRun = card.getByRole('listitem').filter({ hasText: NAME });
  await expect(inesRun).toContainText('En cours');
  await expect(inesRun).toContainText(`Étape 1 : ${FIRST}`);
  await expect(inesRun).toContainText(`Prochain envoi le ${formatDateTime(entered.next_send_at!)} (heure suisse)`);

  // Her first step is due now: it arrives over SMTP, with the booking button made for her.
  await sql(databaseUrl, `update sequence_runs set next_send_at = now() - interval '1 minute' where id = $1`, [entered.id]);
  const first = await mailTo(smtp, INES.email, new RegExp(`^${FIRST}$`), CRON_WAIT);
  expect(first.parsed.text).toContain('Bonjour Inès,');
  expect(`${first.parsed.html}${first.parsed.text}`).not.toContain('{{');

  // The button, followed in a browser without JavaScript, books the call.
  await bookWithoutScript(browser, baseURL!, bookingLinkIn(first.parsed.text), INES);

  // Her next step falls due as well; the cron's next run takes the exit first, and the step never goes.
  await sql(databaseUrl, `update sequence_runs set next_send_at = now() - interval '1 minute' where id = $1 and state = 'active'`, [entered.id]);
  await runOnce(databaseUrl, sequenceId, INES.email, (run) => run.state === 'exited' && run.exit_reason === 'call_booked');
  const steps = await sql<{ subject: string }>(databaseUrl, `select st.subject from sequence_sends x join sequence_steps st on st.id = x.step_id where x.run_id = $1 order by x.id`, [entered.id]);
  expect(steps.map((row) => row.subject)).toEqual([FIRST]);
  expect(smtp.messages.filter((message) => message.envelopeTo.includes(INES.email) && message.parsed.subject === SECOND)).toEqual([]);

  // Her page shows the run and why it ended.
  await page.reload();
  await expect(inesRun).toContainText('Sortie');
  await expect(inesRun).toContainText('Sortie : Appel réservé');
  await expect(inesRun.getByRole('button', { name: /Arrêter/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Marc's run is stopped by hand.
  const [marc] = await api.leads(MARC.email);
  await page.goto(`/admin/leads/${marc!.id}`);
  const marcRun = page.getByRole('region', { name: 'Séquences' }).getByRole('listitem').filter({ hasText: NAME });
  await expect(marcRun).toContainText('En cours');
  await marcRun.getByRole('button', { name: `Arrêter la séquence « ${NAME} »` }).click();
  const dialog = page.getByRole('dialog', { name: 'Arrêter cette séquence ?' });
  await dialog.getByRole('button', { name: 'Arrêter la séquence' }).click();
  await expect(toast(page)).toContainText('Séquence arrêtée pour ce contact');
  await expect(marcRun).toContainText('Sortie : Retiré·e à la main');
  await expect(marcRun.getByRole('button', { name: /Arrêter/ })).toHaveCount(0);

  // The statistics: two entered, one converted; the chart's table says where each left.
  await page.goto('/admin/emails/sequences');
  await page.getByRole('link', { name: `Statistiques : ${NAME}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Statistiques : ${NAME}` })).toBeVisible();
  const totals = page.locator('[data-sequence-totals]');
  await expect(
    totals
      .locator('div')
      .filter({ hasText: /^Entrés/ })
      .locator('dd'),
  ).toHaveText('2');
  await expect(
    totals
      .locator('div')
      .filter({ hasText: /^Convertis/ })
      .locator('dd'),
  ).toHaveText('1');
  await expect(page.getByRole('img', { name: /2 personnes entrées, 1 convertie/ })).toBeVisible();
  const table = page.getByRole('region', { name: 'Chiffres par étape' });
  const cells = async (position: number) => (await table.getByRole('row').nth(position).getByRole('cell').allInnerTexts()).map((text) => text.trim());
  // Étape, Objet, Arrivés, Envoyés, En attente, Sortis (raison), Convertis.
  expect(await cells(1)).toEqual(['1', FIRST, '2', '1', '0', 'Retiré·e à la main : 1', '1']);
  expect(await cells(2)).toEqual(['2', SECOND, '1', '0', '0', 'Appel réservé : 1', '0']);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'sequence-stats');

  // The paused default is deleted, after a confirmation.
  await page.goto('/admin/emails/sequences');
  await list.getByRole('link', { name: 'Absents du webinaire', exact: true }).click();
  await page.getByRole('button', { name: 'Supprimer la séquence' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText('La séquence « Absents du webinaire » et ses étapes seront supprimées');
  await confirm.getByRole('button', { name: 'Supprimer la séquence' }).click();
  await expect(toast(page)).toContainText('Séquence supprimée');
  await expect(page).toHaveURL(/\/admin\/emails\/sequences$/);
  await expect(list.getByRole('link', { name: NAME, exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Absents du webinaire', exact: true })).toHaveCount(0);

  // A viewer reads the sequence, its figures and Inès's run, and can change nothing.
  await createViewer(request, baseURL!, VIEWER);
  await signInAs(page, VIEWER);
  await openSequences(page);
  await expect(page.getByRole('link', { name: 'Nouvelle séquence' })).toHaveCount(0);
  await page.getByRole('link', { name: NAME, exact: true }).click();
  await expect(page.getByText('Votre rôle « Lecture seule » permet de consulter cette séquence sans la modifier.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nom' })).toBeDisabled();
  await expect(page.locator('[data-step="1"]').getByRole('textbox', { name: 'Objet' })).toHaveValue(FIRST);
  await expect(page.locator('[data-step="1"]').getByRole('textbox', { name: 'Objet' })).toBeDisabled();
  for (const name of ['Enregistrer', 'Mettre en pause', 'Supprimer la séquence', 'Ajouter une étape', /Envoyer un test/, /Retirer/]) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/admin/leads/${marc!.id}`);
  await expect(marcRun).toContainText('Sortie : Retiré·e à la main');
  await page.goto(`/admin/leads/${ines!.id}`);
  await expect(inesRun).toContainText('Sortie : Appel réservé');
});
