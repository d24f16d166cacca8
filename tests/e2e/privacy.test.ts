/**
 * Privacy in the browser (decisions 060–062): the notice and legal pages reached from the footer, the privacy line under
 * every form and the medical-details hint, the newsletter's double opt-in from the footer to the
 * confirmation page, the one-click unsubscription (page and RFC 8058 POST), and the contact detail's
 * export and erasure. E-mails are the .eml files the server writes without SMTP (DATA_DIR/mail).
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, adminApi, confirmIdentityIfAsked, seriousViolations, signIn } from './admin-helpers.ts';
import { waitForIsland } from './islands.ts';
import { frenchLongDate } from '../../api/platform/lib/french-dates.ts';
import { currentNotice } from '../../api/features/privacy/notice.ts';

/** The newsletter e-mail sent to `address`: its confirmation and unsubscribe links. */
async function newsletterLinks(dataDir: string, address: string): Promise<{ confirm: string; unsubscribe: string }> {
  const folder = path.join(dataDir, 'mail');
  let raw = '';
  await expect
    .poll(
      () => {
        if (!existsSync(folder)) return false;
        for (const file of readdirSync(folder).filter((name) => name.endsWith('.eml'))) {
          const text = readFileSync(path.join(folder, file), 'utf8');
          if (text.includes(address) && text.includes('List-Unsubscribe-Post')) raw = text;
        }
        return raw !== '';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const unsubscribe = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)![1]!;
  // Quoted-printable body: soft line breaks and `=3D` undone.
  const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const confirm = /https?:\/\/[^\s"<>]+\/newsletter\/confirmer\?token=[A-Za-z0-9_-]+/.exec(body)![0];
  return { confirm, unsubscribe };
}

async function subscribeFromFooter(page: Page, email: string) {
  await page.goto('/');
  const footer = page.locator('footer');
  await footer.scrollIntoViewIfNeeded();
  await footer.getByLabel('Email').click();
  await waitForIsland(page, 'ReusableForm');
  await footer.getByLabel('Prénom').fill('Noémie');
  await footer.getByLabel('Email').fill(email);
  await footer.getByRole('button', { name: "Je m'inscris" }).click();
  await expect(footer.getByText('Confirmez votre inscription avec le lien')).toBeVisible();
}

test('the footer leads to the privacy notice and the legal notice, both accessible', async ({ page }) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.locator('footer li').getByRole('link', { name: 'Politique de confidentialité' }).click();
    await expect(page).toHaveURL(/\/confidentialite\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
    // The date the file declares, in the product's words (api/features/privacy/notice.ts reads the same file).
    await expect(page.getByText(`Version 1.7, en vigueur depuis le ${frenchLongDate(new Date(`${currentNotice().updatedAt}T12:00:00Z`))}.`)).toBeVisible();
    // Since version 1.5: invoices, credit notes and payments are kept ten years, even after an erasure (decision 127).
    await expect(page.getByText(/958f du Code des obligations/)).toBeVisible();
    // Version 1.6: the ten years count from the end of the year, and the records are then destroyed (decision 143).
    await expect(page.getByText(/détruites automatiquement à la fin de la dixième année qui suit l'exercice/)).toBeVisible();
    // Version 1.7: the follow-up e-mails of the sequences, why, how to stop them and what is kept (decision 156). The
    // page's typography puts a no-break space before a colon and between a number and its unit: `\s` takes it.
    await expect(
      page.getByText(
        /si vous étiez inscrit·e à un webinaire sans y assister, si vous y avez assisté sans réserver d'appel, si vous avez manqué votre appel découverte ou après qu'il a eu lieu, si vous avez reçu une offre sans y répondre/,
      ),
    ).toBeVisible();
    await expect(page.getByText(/au titre de notre intérêt légitime/)).toBeVisible();
    await expect(page.getByText(/les emails d'accueil du programme\s:\sils font partie du programme que vous avez acheté \(exécution du contrat\)/)).toBeVisible();
    await expect(page.getByText(/un lien pour ne plus recevoir nos invitations et messages de suivi, qui agit en un clic/)).toBeVisible();
    await expect(page.getByText(/elles sont effacées 24\smois après la fin de la série, ou avant, avec votre contact/)).toBeVisible();
    await expect(page.getByText(/Ce que nous gardons d'une série de messages de suivi .* est effacé 24\smois après la fin de la série\./)).toBeVisible();
    for (const heading of ['Responsable du traitement', 'Messages de suivi après chaque étape', 'Qui reçoit vos données, et dans quels pays', 'Combien de temps nous les conservons', 'Vos droits']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByText(/Préposé fédéral à la protection des données/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/privacy-notice-${viewport.width}.png`, fullPage: true });

    await page.locator('footer li').getByRole('link', { name: 'Mentions légales' }).click();
    await expect(page).toHaveURL(/\/mentions-legales\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test('every form says how the data is used with a link to the notice; the message field asks for no medical details', async ({ page }) => {
  await page.goto('/');
  for (const form of [page.locator('#contact form'), page.locator('footer form')]) {
    await expect(form.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute('href', '/confidentialite');
  }
  const message = page.locator('#contact form').getByLabel(/Votre objectif principal/);
  await expect(message).toHaveAccessibleDescription(/ne pas indiquer de détails médicaux/);
  await page.goto('/webinaire');
  await expect(page.locator('form').first().getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute('href', '/confidentialite');
});

test('double opt-in: the footer form sends a link, only the page’s button confirms', async ({ page, request, baseURL, server }) => {
  const email = `noemie.${Date.now()}@exemple-rare.ch`;
  await subscribeFromFooter(page, email);
  const api = await adminApi(request, baseURL!);
  const links = await newsletterLinks(server.dataDir, email);

  // Opening the link (what a mail scanner does) shows a page and changes nothing.
  await page.goto(links.confirm);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmez votre inscription' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const pending = await request.get(`/api/admin/leads?search=${encodeURIComponent(email)}`);
  expect((await pending.json()).leads[0].newsletter.status).toBe('pending');

  await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inscription confirmée' })).toBeVisible();
  const [lead] = await api.leads(email);
  const detail = await request.get(`/api/admin/leads/${lead!.id}`);
  expect((await detail.json()).newsletter.status).toBe('subscribed');

  // The List-Unsubscribe link opened in a browser: one button.
  await page.goto(links.unsubscribe);
  await expect(page.getByRole('heading', { level: 1, name: 'Se désinscrire de la newsletter' })).toBeVisible();
  await page.getByRole('button', { name: 'Me désinscrire' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Désinscription enregistrée' })).toBeVisible();
  const after = await request.get(`/api/admin/leads/${lead!.id}`);
  expect((await after.json()).newsletter).toMatchObject({ status: 'unsubscribed', unsubscribedAt: expect.any(String) });
});

test('one-click unsubscription (RFC 8058): a POST of the List-Unsubscribe link unsubscribes at once', async ({ page, playwright, request, baseURL, server }) => {
  const email = `un.clic.${Date.now()}@exemple-rare.ch`;
  await subscribeFromFooter(page, email);
  const links = await newsletterLinks(server.dataDir, email);
  // A mail provider: no cookie, no Origin, the RFC's body.
  const provider = await playwright.request.newContext();
  const response = await provider.post(links.unsubscribe, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: 'List-Unsubscribe=One-Click', maxRedirects: 0 });
  expect(response.status()).toBe(200);
  await provider.dispose();
  const api = await adminApi(request, baseURL!);
  const [lead] = await api.leads(email);
  expect((await (await request.get(`/api/admin/leads/${lead!.id}`)).json()).newsletter.status).toBe('unsubscribed');
});

test('contact detail: export the data, then erase the contact after typing the email', async ({ page, request, baseURL }) => {
  const email = `efface.${Date.now()}@exemple-rare.ch`;
  const api = await adminApi(request, baseURL!);
  const lead = await api.createLead({ firstName: 'Romane', lastName: 'Effacée', email, phone: '+41 79 555 44 33' });
  await signIn(page);
  await page.goto(`/admin/leads/${lead.id}`);
  const card = page.getByRole('region', { name: 'Données personnelles' }).or(page.locator('[aria-labelledby="lead-privacy-title"]'));
  await expect(card).toBeVisible();
  await expect(card.getByTestId('newsletter-state')).toHaveText('Jamais demandée');

  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Exporter les données' }).click();
  await confirmIdentityIfAsked(page, download);
  const file = await (await download).path();
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  expect(exported.contact).toMatchObject({ email, firstName: 'Romane' });

  await card.getByRole('button', { name: 'Effacer définitivement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Effacer définitivement ce contact ?' });
  await dialog.getByLabel(/saisissez l’email du contact/).fill('autre@exemple-rare.ch');
  await dialog.getByRole('button', { name: 'Effacer définitivement' }).click();
  await confirmIdentityIfAsked(page, dialog.getByText(/ne correspond pas/));
  await expect(dialog.getByText(/ne correspond pas/)).toBeVisible();
  // Scan with the pointer resting on the red button, as after a click: its hover colour must keep white
  // text readable too (red-500 gave 3.8:1 and failed WCAG AA whenever the pointer stayed on it).
  await dialog.getByRole('button', { name: 'Effacer définitivement' }).hover();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/privacy-erase-dialog.png' });
  await dialog.getByLabel(/saisissez l’email du contact/).fill(email);
  await dialog.getByRole('button', { name: 'Effacer définitivement' }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  expect(await api.leads(email)).toEqual([]);
});
