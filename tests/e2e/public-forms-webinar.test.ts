/** The webinar forms end to end (decisions 008, 011, 040): validation toast, pending state, success seen through the admin API, failure keeping what was typed, idempotent retry, and the toasts. */
import { test, expect } from './fixtures.ts';
import { expectDormant, waitForIsland } from './islands.ts';
import { leadsMatching, uniqueEmail, recordLeadPosts, holdLeadPosts, toast } from './public-forms-support.ts';

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
