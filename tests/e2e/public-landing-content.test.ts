/** The public landing page and its neighbours as a visitor reads them: sections in order, the FAQ accordion, the webinar and not-found pages, and SEO tags. */
import { test, expect } from './fixtures.ts';
import { expectDormant, waitForIsland } from './islands.ts';

test.describe('landing page structure', () => {
  for (const path of ['/', '/innercircle', '/innercircle/']) {
    test(`${path} shows every section in order`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle('Clairval Inner Circle | Bien-être mental pour dirigeants en Suisse');

      // Navigation bar, then the sections, then the footer.
      const layout = await page.locator('body > *:not(astro-island, script, a.sr-only)').evaluateAll((elements) => elements.map((element) => element.tagName.toLowerCase()));
      expect(layout).toEqual(['header', 'main', 'footer']);
      const sections = await page.locator('main > section').evaluateAll((elements) => elements.map((element) => element.id || element.getAttribute('aria-labelledby')));
      expect(sections).toEqual(['hero-title', 'promesse', 'hormones', 'about', 'benefits', 'testimonials', 'fondatrice', 'faq', 'webinar', 'contact']);
    });
  }

  test('shows the claims, figures and promises of the programme', async ({ page }) => {
    await page.goto('/');
    const main = page.locator('main');
    await expect(page.locator('#hero-title')).toBeVisible();
    await expect(main).toContainText('120+');
    await expect(main).toContainText('professionnels ambitieux ont déjà rejoint');

    const hormones = page.locator('#hormones h3');
    await expect(hormones).toHaveText(['Dopamine', 'Sérotonine', 'Ocytocine', 'Endorphines']);

    await expect(page.locator('#about li h3')).toHaveText(['La formation phare', 'Le blog et le podcast', 'Le mastermind mensuel', 'La communauté privée', "L'application de suivi du bonheur"]);
    await expect(page.locator('#about')).toContainText('2-3 h');
    await expect(page.locator('#about')).toContainText('4 à 6 semaines');
    await expect(page.locator('#about')).toContainText('30 jours');
    await expect(page.locator('#about')).toContainText('appel découverte');

    await expect(page.locator('#benefits ul > li')).toHaveCount(6);
    for (const figure of ['94 %', '88 %', '91 %', '4,5/5']) await expect(page.locator('#benefits dl')).toContainText(figure);
    await expect(page.locator('#benefits dl')).toContainText('4,5 étoiles sur 5');

    const testimonials = page.locator('#testimonials figure');
    await expect(testimonials).toHaveCount(3);
    for (const testimonial of await testimonials.all()) {
      await expect(testimonial.locator('blockquote')).not.toBeEmpty();
      await expect(testimonial.locator('figcaption img')).toHaveAttribute('alt', /^Portrait illustré de /);
      await expect(testimonial.locator('figcaption')).toContainText(/\S+ \S+/);
    }

    await expect(page.locator('#fondatrice h2')).toHaveText('Camille Rochat');
    await expect(page.locator('#fondatrice a[target="_blank"]')).toHaveCount(3);

    await expect(page.locator('#faq h3 button')).toHaveCount(5);
    await expect(page.locator('#webinar')).toContainText('45 min');
    await expect(page.locator('#webinar')).toContainText('15 min de questions');
    await expect(page.locator('#webinar dl')).toContainText('hormones du bonheur');
    await expect(page.locator('#webinar dl')).toContainText('techniques rapides');
    await expect(page.locator('#contact')).toContainText('30 jours');
  });

  test('every image is local, sized and described in French', async ({ page, baseURL }) => {
    await page.goto('/');
    const images = await page.locator('img').evaluateAll((elements) =>
      elements.map((image) => ({
        src: (image as HTMLImageElement).currentSrc || (image as HTMLImageElement).src,
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        alt: image.getAttribute('alt'),
      })),
    );
    expect(images.length).toBeGreaterThanOrEqual(8);
    for (const image of images) {
      expect(new URL(image.src).origin).toBe(new URL(baseURL!).origin);
      expect(Number(image.width)).toBeGreaterThan(0);
      expect(Number(image.height)).toBeGreaterThan(0);
      expect(image.alt).not.toBeNull();
    }
    // Decorative duplicates (the hero's avatar stack) have an empty alt; the others describe the picture.
    expect(images.filter((image) => image.alt).length).toBeGreaterThanOrEqual(5);
  });
});

test.describe('FAQ', () => {
  test('opens one answer at a time and closes the open one on a second click', async ({ page }) => {
    await page.goto('/#faq');
    // Not hydrated until used: the first click below wakes it and is replayed.
    await expectDormant(page, 'FaqAccordion');
    const questions = page.locator('#faq h3 button');
    const answer = (index: number) => page.locator('#faq [data-faq-panel]').nth(index);

    for (let index = 0; index < 5; index++) {
      await expect(questions.nth(index)).toHaveAttribute('aria-expanded', 'false');
      await expect(answer(index)).toBeHidden();
    }

    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(answer(0)).toBeVisible();
    await expect(answer(0)).toContainText('2 à 3 heures par semaine');
    await waitForIsland(page, 'FaqAccordion');

    await questions.nth(2).click();
    await expect(answer(2)).toBeVisible();
    await expect(answer(2)).toContainText('appel découverte');
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(answer(0)).toBeHidden();
    await expect(page.locator('#faq [data-faq-panel]:visible')).toHaveCount(1);

    await questions.nth(2).click();
    await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#faq [data-faq-panel]:visible')).toHaveCount(0);

    // Keyboard: Space and Enter toggle the focused question.
    await questions.nth(3).focus();
    await page.keyboard.press('Enter');
    await expect(answer(3)).toBeVisible();
    await expect(answer(3)).toContainText('30 jours');
    await page.keyboard.press('Space');
    await expect(answer(3)).toBeHidden();
  });

  test('answers are readable without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('#faq [data-faq-panel]').nth(4)).toBeVisible();
    await expect(page.locator('#faq [data-faq-panel]').nth(4)).toContainText('neurosciences');
    await context.close();
  });
});

test.describe('other pages', () => {
  for (const path of ['/webinaire', '/innercircle/webinaire']) {
    test(`${path} invites to the free webinar with the webinar form`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle('Webinaire | Clairval Inner Circle');
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Inscrivez-vous gratuitement au webinaire/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const form = page.locator('form[action="/api/leads"]').first();
      for (const label of ['Prénom', 'Nom', 'Email', 'Entreprise']) await expect(form.getByLabel(label, { exact: false }).first()).toBeVisible();
      await expect(form.getByRole('button', { name: 'Réserver ma place gratuite' })).toBeVisible();
      await expect(form.locator('input[name="type"]')).toHaveValue('webinar');
    });
  }

  test('an unknown path shows the not-found page with status 404', async ({ page }) => {
    for (const path of ['/nimporte-quoi', '/innercircle/inconnu/page', '/webinaire/x']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle('404 Page Not Found');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
      await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    }
    await page.getByRole('link', { name: "Retour à l'accueil", exact: true }).click();
    await expect(page).toHaveURL(/\/innercircle\/$/);
  });
});

test.describe('SEO', () => {
  test('each page has French lang, title, description, canonical URL and Open Graph tags', async ({ page, request }) => {
    for (const [path, canonical] of [
      ['/', '/innercircle/'],
      ['/innercircle', '/innercircle/'],
      ['/webinaire', '/innercircle/webinaire/'],
    ]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^https?://[^/]+${canonical}$`));
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'fr_CH');
      const image = await page.locator('meta[property="og:image"]').getAttribute('content');
      const imageResponse = await request.get(new URL(image!).pathname);
      expect(imageResponse.status()).toBe(200);
      expect(imageResponse.headers()['content-type']).toBe('image/png');
      await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute('href', '/favicon.svg');
      // One h1, and no heading level skipped.
      const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) => headings.map((heading) => Number(heading.tagName[1])));
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1));
    }
  });

  test('robots.txt keeps crawlers out of the admin; the sitemap lists the canonical pages; the favicon exists', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const rules = await robots.text();
    for (const path of ['/admin', '/admin-dev', '/simple-admin', '/login']) expect(rules).toContain(`Disallow: ${path}\n`);
    expect(rules).toMatch(/Sitemap: https?:\/\/\S+\/sitemap-index\.xml/);

    const index = await request.get('/sitemap-index.xml');
    expect(index.status()).toBe(200);
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    // The legal pages and the newsletter archive are public and canonical; the newsletter's link pages are not listed
    // (the archive's published issues join it, tests/api/newsletter-archive.test.ts).
    expect(urls.sort()).toEqual(['/confidentialite/', '/innercircle/', '/innercircle/webinaire/', '/mentions-legales/', '/newsletter/', '/rendez-vous/']);

    expect((await request.get('/favicon.svg')).status()).toBe(200);
  });
});
