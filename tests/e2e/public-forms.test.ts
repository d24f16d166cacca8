/**
 * The public forms end to end (decisions 008, 011): validation toast, pending state, success
 * seen through the admin API, failure toast keeping what was typed, idempotent retries, toasts, and
 * the same forms with JavaScript turned off. The forms hydrate on interaction (decision 040): a test
 * starts using a form as a visitor does, and the first click on a dormant form is replayed once it
 * is hydrated.
 *
 * Server failures are produced in the browser's network layer (`page.route`) — the way to make a
 * healthy server look unavailable to one page — or by data the real API refuses.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { expectDormant, waitForIsland } from './islands.ts';
import { adminApi } from './admin-helpers.ts';

interface Lead {
  firstName: string;
  lastName: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  message: string | null;
  type: string;
}

async function leadsMatching(request: APIRequestContext, baseURL: string, search: string): Promise<Lead[]> {
  // The worker's administrator (tests/e2e/admin-helpers.ts); the visitor's page stays signed out.
  await adminApi(request, baseURL);
  const response = await request.get(`/api/admin/leads?search=${encodeURIComponent(search)}`);
  expect(response.status()).toBe(200);
  return (await response.json()).leads;
}

function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ch`;
}

/** Records the lead submissions the page sends. */
function recordLeadPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/leads') posts.push(request);
  });
  return posts;
}

/** Holds lead submissions until `release()`, so the pending state can be seen. */
async function holdLeadPosts(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/leads', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

const toast = (page: Page) => page.getByRole('status').filter({ has: page.locator('[data-variant]') });

test.describe('webinar form', () => {
  test('missing required fields: "Champs requis" toast and nothing sent', async ({ page }) => {
    const posts = recordLeadPosts(page);
    await page.goto('/innercircle/webinaire');
    // No script yet: the first click wakes the form and, once it is hydrated, is replayed.
    await expectDormant(page, 'WebinarForm');
    const form = page.locator('form[action="/api/leads"]').first();

    await form.getByRole('button', { name: 'Réserver ma place gratuite' }).click();
    await expect(toast(page)).toContainText('Champs requis');
    await waitForIsland(page, 'WebinarForm');
    await expect(toast(page)).toContainText('Veuillez remplir tous les champs obligatoires.');
    await expect(form.getByLabel('Prénom')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Prénom')).toBeFocused();

    // First name alone is not enough: the email is required too.
    await form.getByLabel('Prénom').fill('Léa');
    await form.getByRole('button', { name: 'Réserver ma place gratuite' }).click();
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText("L'email est obligatoire.")).toBeVisible();
    expect(posts).toHaveLength(0);
  });

  test('success: pending label, success toast, cleared fields, and the lead in the admin list', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('webinaire');
    await page.goto('/innercircle/webinaire');
    const form = page.locator('form[action="/api/leads"]').first();
    await form.getByLabel('Prénom').fill('Léa');
    await waitForIsland(page, 'WebinarForm');
    await form.getByLabel('Nom', { exact: true }).fill('Favre');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel(/Entreprise/).fill('Favre Conseil Sàrl');

    const release = await holdLeadPosts(page);
    const sent = page.waitForRequest('**/api/leads');
    await form.getByRole('button', { name: 'Réserver ma place gratuite' }).click();
    const pending = form.getByRole('button', { name: 'Inscription en cours...' });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    const submission = await sent;
    expect(submission.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // With the page's address for the contact's first touch (decision 115).
    expect(submission.postDataJSON()).toEqual({ firstName: 'Léa', lastName: 'Favre', email, company: 'Favre Conseil Sàrl', type: 'webinar', touchPage: new URL(page.url()).pathname });
    release();

    await expect(toast(page)).toContainText('Inscription réussie');
    await expect(toast(page)).toContainText('Merci ! Votre inscription au webinaire a été enregistrée.');
    await expect(form.getByRole('button', { name: 'Réserver ma place gratuite' })).toBeEnabled();
    for (const label of ['Prénom', 'Email']) await expect(form.getByLabel(label)).toHaveValue('');
    await expect(form.getByLabel(/Entreprise/)).toHaveValue('');

    const leads = await leadsMatching(request, baseURL!, email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ firstName: 'Léa', lastName: 'Favre', email, company: 'Favre Conseil Sàrl', type: 'webinar' });
  });

  test('server failure: destructive toast with the server message, typed data kept, retry with the same key', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('panne');
    await page.goto('/#webinar');
    const form = page.locator('#webinar form');
    await form.getByLabel('Prénom').fill('Marc');
    await waitForIsland(page, 'WebinarForm');
    await form.getByLabel('Email').fill(email);

    await page.route('**/api/leads', (route) => route.fulfill({ status: 503, json: { message: 'Service momentanément indisponible, veuillez réessayer.' } }));
    const failed = page.waitForRequest('**/api/leads');
    await form.getByRole('button', { name: 'Réserver ma place gratuite' }).click();
    const failedKey = (await failed).headers()['idempotency-key'];
    await expect(toast(page)).toContainText("Erreur d'inscription");
    await expect(toast(page)).toContainText('Une erreur est survenue: Service momentanément indisponible, veuillez réessayer.');
    await expect(toast(page).locator('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    await expect(form.getByLabel('Prénom')).toHaveValue('Marc');
    await expect(form.getByLabel('Email')).toHaveValue(email);

    // The visitor tries again with the same data: same key, and this time the server answers.
    await page.unroute('**/api/leads');
    const retried = page.waitForRequest('**/api/leads');
    await form.getByRole('button', { name: 'Réserver ma place gratuite' }).click();
    expect((await retried).headers()['idempotency-key']).toBe(failedKey);
    await expect(toast(page)).toContainText('Inscription réussie');
    expect(await leadsMatching(request, baseURL!, email)).toHaveLength(1);
  });

  test("the API's own refusal reaches the visitor in French", async ({ page }) => {
    await page.goto('/innercircle/webinaire');
    const form = page.locator('form[action="/api/leads"]').first();
    await form.getByLabel('Prénom').fill('Zoé');
    await waitForIsland(page, 'WebinarForm');
    await form.getByLabel('Email').fill(uniqueEmail('refus'));
    // A first name longer than the API accepts: the browser check passes, the server says why it refuses.
    await page.route('**/api/leads', (route) => route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), firstName: 'x'.repeat(101) }) }));
    await form.getByRole('button', { name: 'Réserver ma place gratuite' }).click();
    await expect(toast(page)).toContainText("Erreur d'inscription");
    await expect(toast(page)).toContainText('Une erreur est survenue: Données invalides');
    await expect(toast(page)).toContainText('Le prénom ne doit pas dépasser 100 caractères.');
    await expect(form.getByLabel('Prénom')).toHaveValue('Zoé');
  });
});

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
      expect(['hit', 'off screen']).toContain(await buttonIsHit());
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

test.describe('reusable form and toasts', () => {
  test('the footer sign-up replaces itself with a green confirmation', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('nouvelles');
    await page.goto('/');
    const footer = page.locator('footer');
    await footer.scrollIntoViewIfNeeded();
    await expectDormant(page, 'ReusableForm');
    await footer.getByRole('button', { name: "Je m'inscris" }).click();
    await expect(toast(page)).toContainText('Champs requis');
    await waitForIsland(page, 'ReusableForm');

    await footer.getByLabel('Prénom').fill('Thomas');
    await footer.getByLabel('Email').fill(email);
    await footer.getByRole('button', { name: "Je m'inscris" }).click();
    await expect(footer.getByText('Merci ! Confirmez votre inscription avec le lien que nous venons de vous envoyer par email.')).toBeVisible();
    await expect(footer.locator('form')).toHaveCount(0);
    await expect(toast(page)).toContainText('Envoi réussi');

    const leads = await leadsMatching(request, baseURL!, email);
    // A newsletter request (decision 062): the contact waits for the confirmation from the e-mail.
    expect(leads).toMatchObject([{ firstName: 'Thomas', email, newsletter: { status: 'pending' } }]);
  });

  test('one toast at a time, closed by its button or by swiping it away', async ({ page }) => {
    await page.goto('/innercircle/webinaire');
    const submit = page.getByRole('button', { name: 'Réserver ma place gratuite' });
    await submit.click();
    await waitForIsland(page, 'WebinarForm');
    await submit.click();
    await expect(page.locator('[data-variant]')).toHaveCount(1);

    await page.getByRole('button', { name: 'Fermer la notification' }).click();
    await expect(page.locator('[data-variant]')).toHaveCount(0);

    await submit.click();
    const card = page.locator('[data-variant]');
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + 200, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(card).toHaveCount(0);

    // A short drag is not a swipe: the toast stays.
    await submit.click();
    const again = page.locator('[data-variant]');
    const start = (await again.boundingBox())!;
    await page.mouse.move(start.x + 40, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + 60, start.y + start.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect(again).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the webinar form posts as an HTML form and lands on the French confirmation', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('sans-js-webinaire');
    await page.goto('/innercircle/webinaire');
    const form = page.locator('form[action="/api/leads"]').first();
    await form.getByLabel('Prénom').fill('Camille');
    await form.getByLabel('Nom', { exact: true }).fill('Rochat');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Réserver ma place gratuite' }).click();
    await expect(page).toHaveURL(/\/merci\/\?type=webinar/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merci !');
    await expect(page.getByText('Votre demande a bien été enregistrée.')).toBeVisible();

    expect(await leadsMatching(request, baseURL!, email)).toMatchObject([{ firstName: 'Camille', lastName: 'Rochat', type: 'webinar' }]);
  });

  test('the contact form posts too, and a refusal lands on the French error page', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('sans-js-contact');
    await page.goto('/');
    const form = page.locator('#contact form');
    await form.getByLabel('Nom complet').fill('Léa Favre');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Téléphone').fill('+41 21 555 12 12');
    await form.getByLabel(/Votre objectif principal/).fill('Retrouver du calme.');
    await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(page).toHaveURL(/\/merci\/\?type=contact/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merci !');
    const [lead] = await leadsMatching(request, baseURL!, email);
    // The server splits the full name at the first space, as the form's script does.
    expect(lead).toMatchObject({ firstName: 'Léa', lastName: 'Favre' });
    expect(lead).toMatchObject({ phone: '+41 21 555 12 12', message: 'Retrouver du calme.', type: 'contact' });

    await page.goto('/#contact');
    await form.getByLabel('Nom complet').fill('Léa Favre');
    await form.getByLabel('Email').fill(uniqueEmail('refus-sans-js'));
    await form.getByLabel('Téléphone').fill('mon numéro');
    await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(page).toHaveURL(/\/erreur-envoi\/\?type=contact&message=.*&sig=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Votre demande n'a pas pu être envoyée");
    // The server's own French message, shown without any script.
    await expect(page.getByText(/Le numéro de téléphone/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Revenir au formulaire de contact' })).toBeVisible();
  });
});

test('a form whose script cannot load still posts: the click that woke it gets the HTML behaviour', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('sans-script');
  // The island's own module never arrives (Astro retries once, then gives up).
  await page.route('**/_astro/WebinarForm.*', (route) => route.abort());
  await page.goto('/innercircle/webinaire');
  const form = page.locator('form[action="/api/leads"]').first();
  await form.getByLabel('Prénom').fill('Camille');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Réserver ma place gratuite' }).click();
  await expect(page).toHaveURL(/\/merci\/\?type=webinar/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merci !');
  expect(await leadsMatching(request, baseURL!, email)).toMatchObject([{ firstName: 'Camille', type: 'webinar' }]);
});

test('the result pages show a message signed by the server, never one made up in a link', async ({ page, request }) => {
  // A refused no-JavaScript post: the API redirects with the message and its signature.
  const refused = await request.post('/api/leads', {
    form: { fullName: 'Léa Favre', email: 'pas-un-email', phone: '+41 21 555 12 12', type: 'contact' },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(303);
  const location = refused.headers()['location']!;
  expect(new URL(location, 'http://x').searchParams.get('message')).toBe('Email invalide');
  await page.goto(location);
  await expect(page.getByText('Email invalide')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Revenir au formulaire de contact' })).toBeVisible();
  await expect(page.getByRole('link', { name: "Revenir au formulaire d'inscription" })).toBeHidden();

  const forged = 'Votre compte est bloqué : appelez le +41 00 000 00 00.';
  await page.goto(`/erreur-envoi/?type=contact&message=${encodeURIComponent(forged)}&sig=AAAAAAAAAAAAAAAAAAAAAA`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(forged)).toHaveCount(0);
  await page.goto(`/merci/?type=webinar&message=${encodeURIComponent(forged)}`);
  await expect(page.getByText('Merci ! Votre inscription au webinaire a été enregistrée.')).toBeVisible();
  await expect(page.getByText(forged)).toHaveCount(0);
});
