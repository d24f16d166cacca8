/** The public forms without JavaScript (decision 008): HTML form posts landing on French result pages, a form whose script cannot load, and messages signed by the server. */
import { test, expect } from './fixtures.ts';
import { leadsMatching, uniqueEmail } from './public-forms-support.ts';

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
