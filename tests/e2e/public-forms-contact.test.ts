/** The contact form end to end (decisions 008, 011, 040): required fields and a malformed email explained, the full name split, the lead stored, and failures keeping what was typed. */
import { test, expect } from './fixtures.ts';
import { expectDormant, waitForIsland } from './islands.ts';
import { leadsMatching, uniqueEmail, recordLeadPosts, holdLeadPosts, toast } from './public-forms-support.ts';

test.describe('contact form', () => {
  test('missing required fields: toast and nothing sent; a malformed email is explained inline', async ({ page }) => {
    const posts = recordLeadPosts(page);
    await page.goto('/#contact');
    await expectDormant(page, 'ContactForm');
    const form = page.locator('#contact form');
    await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(toast(page)).toContainText('Champs requis');
    await waitForIsland(page, 'ContactForm');
    await expect(form.getByText('Le nom complet est obligatoire.')).toBeVisible();
    await expect(form.getByLabel('Nom complet')).toBeFocused();

    await form.getByLabel('Nom complet').fill('Léa Favre');
    await form.getByLabel('Email').fill('lea@example.ch');
    await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(toast(page)).toContainText('Champs requis');
    await expect(toast(page)).toContainText('Veuillez remplir tous les champs obligatoires.');
    await expect(form.getByLabel('Téléphone')).toBeFocused();

    await form.getByLabel('Téléphone').fill('+41 79 123 45 67');
    await form.getByLabel('Email').fill('lea@');
    await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(form.getByText('Email invalide')).toBeVisible();
    await expect(form.getByLabel('Email')).toBeFocused();
    expect(posts).toHaveLength(0);
  });

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 375, height: 812 },
  ]) {
    test(`at ${viewport.width}×${viewport.height}, the "Champs requis" toast never covers "Envoyer ma demande"`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/#contact');
      const form = page.locator('#contact form');
      const button = form.getByRole('button', { name: 'Envoyer ma demande' });
      await button.click();
      await expect(toast(page)).toContainText('Champs requis');
      await waitForIsland(page, 'ContactForm');
      await expect(form.getByLabel('Nom complet')).toBeFocused();
      /** What a click at the button's centre would hit: the button itself (or its text), nothing laid over it; or the centre is off screen. */
      const buttonIsHit = () =>
        button.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
          if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return 'off screen';
          const hit = document.elementFromPoint(x, y);
          return hit && element.contains(hit) ? 'hit' : `covered by ${hit?.outerHTML.slice(0, 120)}`;
        });
      // Polled: the focus just scrolled the page, and the toast settles in place over a few frames.
      await expect.poll(buttonIsHit, 'button where the focus left it').toMatch(/^(hit|off screen)$/);
      // With the button at the bottom edge of the window (where the toast appears first), and in the middle.
      for (const block of ['end', 'center'] as const) {
        await button.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
        await expect(toast(page)).toContainText('Champs requis');
        await expect.poll(buttonIsHit, `button at the ${block} of the window`).toBe('hit');
      }
      // Still announced: the region's live status keeps the toast's text.
      await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toContainText('Champs requis');
    });
  }

  test('success: full name split at the first space, success toast, cleared fields, lead stored', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('contact');
    await page.goto('/#contact');
    const form = page.locator('#contact form');
    await expect(form.getByText('(optionnel)')).toHaveCount(2);
    await form.getByLabel('Nom complet').fill('Léa Favre-Morel de Preux');
    await waitForIsland(page, 'ContactForm');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Téléphone').fill('+41 79 123 45 67');
    await form.getByLabel(/Entreprise/).fill('Morel SA');
    await form.getByLabel(/Votre objectif principal/).fill('Mieux dormir et retrouver de l’énergie.');

    const release = await holdLeadPosts(page);
    await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(form.getByRole('button', { name: 'Envoi en cours...' })).toBeDisabled();
    release();

    await expect(toast(page)).toContainText('Demande envoyée');
    await expect(toast(page)).toContainText('Nous avons bien reçu votre demande. Nous vous contacterons sous peu.');
    for (const label of ['Nom complet', 'Email', 'Téléphone']) await expect(form.getByLabel(label)).toHaveValue('');

    const leads = await leadsMatching(request, baseURL!, email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      firstName: 'Léa',
      lastName: 'Favre-Morel de Preux',
      email,
      phone: '+41 79 123 45 67',
      company: 'Morel SA',
      message: 'Mieux dormir et retrouver de l’énergie.',
      type: 'contact',
    });
  });

  test('server failure: "Erreur d\'envoi" toast and everything typed stays', async ({ page }) => {
    await page.goto('/#contact');
    const form = page.locator('#contact form');
    await form.getByLabel('Nom complet').fill('Nadia Keller');
    await waitForIsland(page, 'ContactForm');
    await form.getByLabel('Email').fill('nadia@example.ch');
    await form.getByLabel('Téléphone').fill('022 345 67 89');
    await form.getByLabel(/Votre objectif principal/).fill('Gérer la pression.');
    await page.route('**/api/leads', (route) => route.fulfill({ status: 429, json: { message: 'Trop de demandes, veuillez réessayer dans une minute.' } }));
    await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(toast(page)).toContainText("Erreur d'envoi");
    await expect(toast(page)).toContainText('Une erreur est survenue: Trop de demandes, veuillez réessayer dans une minute.');
    await expect(form.getByLabel('Nom complet')).toHaveValue('Nadia Keller');
    await expect(form.getByLabel('Téléphone')).toHaveValue('022 345 67 89');
    await expect(form.getByLabel(/Votre objectif principal/)).toHaveValue('Gérer la pression.');
  });

  test('a phone number the API refuses is explained before anything is sent', async ({ page }) => {
    const posts = recordLeadPosts(page);
    await page.goto('/#contact');
    const form = page.locator('#contact form');
    await form.getByLabel('Nom complet').fill('Nadia Keller');
    await waitForIsland(page, 'ContactForm');
    await form.getByLabel('Email').fill('nadia@example.ch');
    await form.getByLabel('Téléphone').fill('appelez-moi');
    await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(form.getByText('Le numéro de téléphone ne peut contenir que des chiffres')).toBeVisible();
    expect(posts).toHaveLength(0);
  });
});
