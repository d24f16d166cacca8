/**
 * Emails → Newsletters in the browser (decision 114): an administrator composes an issue, inserts the two
 * blocks at the cursor, sees the live preview at phone and desktop width and its text part, sends a test
 * ("[Test]", not counted), sends it after a confirmation naming the recipients, and watches the counts and
 * the recipients; a viewer sees the same screens with nothing to change. axe on each screen; screenshots
 * of the list and the editor at 390 and 1366 px.
 */
import type { Page } from '@playwright/test';
import { createViewer, screenshots, seriousViolations, signIn, signInAs, toast } from './admin-helpers.ts';
import { choose, expect, mailTo, openNewsletters, subscribers, test, VIEWER } from './newsletter-fixtures.ts';

test.describe.configure({ mode: 'serial' });

const TAG = 'lecteurs-e2e';
const PEOPLE = [
  { firstName: 'Léa', email: 'lea.lectrice@example.ch' },
  { firstName: 'Marc', email: 'marc.lecteur@example.ch' },
];
const SUBJECT = 'Respirer mieux en décembre';

async function typeBody(page: Page, text: string) {
  const body = page.getByLabel('Contenu (Markdown)');
  await body.fill(text);
  return body;
}

/** The e-mail's preview: a frame without scripts, which axe cannot enter (its layout is scanned in email-layout.test.ts). */
const PREVIEW_FRAME = 'iframe[title="Aperçu de la newsletter"]';

test('an administrator composes, previews, tests and sends an issue, then follows it', async ({ page, request, baseURL, smtp, databaseUrl }) => {
  // A whole journey with five axe scans and six screenshots, on a machine shared with other runs.
  test.setTimeout(360_000);
  await subscribers(databaseUrl, TAG, PEOPLE);
  // Someone outside the audience: the tag choice leaves them out.
  await subscribers(databaseUrl, 'autre', [{ firstName: 'Zoé', email: 'zoe.horsaudience@example.ch' }]);
  await createViewer(request, baseURL!, VIEWER);
  await signIn(page);
  await openNewsletters(page);
  // The sidebar keeps its entries; Emails is the current one.
  await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link')).toHaveCount(8);
  await expect(page.getByRole('region', { name: 'Liste des newsletters' })).toContainText('Aucune newsletter pour le moment');
  expect(await seriousViolations(page, [PREVIEW_FRAME])).toEqual([]);

  await page.getByRole('link', { name: 'Nouvelle newsletter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle newsletter' })).toBeVisible();
  // Refused without a subject, in French, under the field.
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/L’objet est (obligatoire|requis)/)).toBeVisible();

  await page.getByLabel('Objet').fill(SUBJECT);
  await page.getByLabel('Ligne d’aperçu').fill('Trois minutes par jour suffisent');
  const body = await typeBody(page, '## La cohérence cardiaque\n\nSix respirations par minute, **trois fois par jour**.\n\nÀ bientôt !');
  // The cursor after the first paragraph: the block goes there, on a paragraph of its own.
  await body.evaluate((area: HTMLTextAreaElement) => {
    const at = area.value.indexOf('\n\nÀ bientôt');
    area.setSelectionRange(at, at);
  });
  await page.getByRole('button', { name: 'Prochains webinaires' }).click();
  await expect(body).toHaveValue('## La cohérence cardiaque\n\nSix respirations par minute, **trois fois par jour**.\n\n{{prochains-webinaires}}\n\nÀ bientôt !');
  await body.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(area.value.length, area.value.length));
  await page.getByRole('button', { name: 'Appel découverte' }).click();
  await expect(body).toHaveValue(/À bientôt !\n\n\{\{appel-decouverte\}\}\n$/);

  // Audience: only the tag's subscribers, counted before sending.
  await page.getByRole('checkbox', { name: TAG }).check();
  await expect(page.locator('[data-audience-count]')).toHaveText('2 destinataires');
  await page.getByRole('checkbox', { name: 'Publier dans les archives' }).check();

  // The live preview: the e-mail's layout with the blocks filled, at both widths, and its text part.
  const frame = page.frameLocator('iframe[title="Aperçu de la newsletter"]');
  await expect(frame.getByRole('heading', { name: 'La cohérence cardiaque' })).toBeVisible();
  await expect(frame.locator('body')).toContainText('trois fois par jour');
  await expect(frame.locator('body')).not.toContainText('{{');
  await expect(page.locator('[data-preview-subject]')).toHaveText(SUBJECT);
  const iframe = page.locator('iframe[title="Aperçu de la newsletter"]');
  await expect(iframe).toHaveAttribute('sandbox', '');
  await choose(page, 'Téléphone');
  await expect.poll(() => iframe.evaluate((element) => (element as HTMLElement).offsetWidth)).toBe(390);
  await choose(page, 'Ordinateur');
  await expect.poll(() => iframe.evaluate((element) => (element as HTMLElement).offsetWidth)).toBe(720);
  await choose(page, 'Texte brut');
  await expect(page.locator('[data-preview-text]')).toContainText('Six respirations par minute, trois fois par jour.');
  await choose(page, 'E-mail');
  // Typing updates it.
  await body.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(0, 0));
  await body.pressSequentially('Bonjour,\n\n');
  await expect(frame.locator('body')).toContainText('Bonjour,');

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page)).toContainText('Newsletter créée');
  await expect(page).toHaveURL(/\/admin\/emails\/newsletters\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();
  await expect(page.getByText('Brouillon', { exact: true })).toBeVisible();
  expect(await seriousViolations(page, [PREVIEW_FRAME])).toEqual([]);
  await screenshots(page, 'newsletter-editor');

  // A test to a typed address: "[Test]" in the subject, and not counted.
  const send = page.getByRole('region', { name: 'Envoi' });
  await send.getByRole('radio', { name: 'À une autre adresse' }).check();
  await send.getByLabel('Adresse du test').fill('relecture@example.ch');
  await send.getByRole('button', { name: 'Envoyer un test' }).click();
  await expect(toast(page)).toContainText('Test envoyé');
  const test1 = await mailTo(smtp, 'relecture@example.ch', /^\[Test\] /);
  expect(test1.parsed.subject).toBe(`[Test] ${SUBJECT}`);

  // Send now: the confirmation names the audience.
  await send.getByRole('button', { name: 'Envoyer maintenant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Envoyer la newsletter ?' });
  await expect(dialog).toContainText('vers 2 destinataires');
  expect(await seriousViolations(page, [PREVIEW_FRAME])).toEqual([]);
  await dialog.getByRole('button', { name: 'Confirmer l’envoi' }).click();
  await expect(toast(page)).toContainText('Envoi lancé');
  for (const person of PEOPLE) await mailTo(smtp, person.email, new RegExp(`^${SUBJECT}$`));

  // The counts and the recipients follow by themselves until it is sent.
  await expect(page.getByText('Envoyée', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  const counts = page.locator('[data-newsletter-counts]');
  await expect(counts.getByText('Destinataires').locator('..')).toContainText('2');
  await expect(counts.getByText('Envoyés').locator('..')).toContainText('2');
  await expect(counts.getByText('Échecs').locator('..')).toContainText('0');
  const recipients = page.getByRole('region', { name: 'Destinataires de la newsletter' });
  for (const person of PEOPLE) await expect(recipients.getByRole('row').filter({ hasText: person.email })).toContainText('Envoyé');
  await expect(recipients).not.toContainText('zoe.horsaudience@example.ch');
  await expect(recipients).not.toContainText('relecture@example.ch');
  await expect(page.getByRole('link', { name: 'Télécharger le CSV' })).toHaveAttribute('href', /\/recipients\.csv$/);
  // The content no longer changes; the archive choice still does.
  await expect(page.getByLabel('Objet')).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Publier dans les archives' })).toBeEnabled();
  expect(await seriousViolations(page, [PREVIEW_FRAME])).toEqual([]);

  // The list shows its state and counts.
  await page.getByRole('link', { name: 'Newsletters' }).first().click();
  const row = page.getByRole('region', { name: 'Liste des newsletters' }).getByRole('row').filter({ hasText: SUBJECT });
  await expect(row).toContainText('Envoyée');
  await expect(row.getByRole('cell')).toHaveText([SUBJECT, 'Envoyée', /\d{2}\/\d{2}\/\d{4}/, '2', '2', '0', '0', '0']);
  await screenshots(page, 'newsletter-list');

  // Keyboard: the tabs and the link are reachable and show their focus.
  await page.getByRole('link', { name: SUBJECT }).focus();
  await expect(page.getByRole('link', { name: SUBJECT })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();

  // A viewer reads the same issue and can change nothing.
  await signInAs(page, VIEWER);
  await openNewsletters(page);
  await expect(page.getByRole('link', { name: 'Nouvelle newsletter' })).toHaveCount(0);
  await page.getByRole('link', { name: SUBJECT }).click();
  await expect(page.getByText('Votre rôle « Lecture seule » permet de consulter cette newsletter sans la modifier.')).toBeVisible();
  await expect(page.getByLabel('Objet')).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Publier dans les archives' })).toBeDisabled();
  for (const name of ['Enregistrer', 'Envoyer un test', 'Envoyer maintenant', 'Mettre en pause', 'Annuler l’envoi', 'Renvoyer aux échecs']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('region', { name: 'Destinataires de la newsletter' }).getByRole('row').filter({ hasText: PEOPLE[0]!.email })).toBeVisible();
  // The saved issue's preview, which a viewer reads without posting anything.
  await expect(page.frameLocator('iframe[title="Aperçu de la newsletter"]').getByRole('heading', { name: 'La cohérence cardiaque' })).toBeVisible();
  expect(await seriousViolations(page, [PREVIEW_FRAME])).toEqual([]);
  await screenshots(page, 'newsletter-viewer');
});
