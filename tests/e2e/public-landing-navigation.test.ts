/** Moving around the landing page: header links landing 80 px below the top, smooth scrolling unless reduced motion is asked, and the mobile menu. */
import { test, expect } from './fixtures.ts';
import { expectDormant, waitForIsland } from './islands.ts';
import { DESKTOP, PHONE, expectSectionAt } from './public-landing-support.ts';

test.describe('header and links', () => {
  test.use({ viewport: DESKTOP });

  test('each section entry scrolls to its section 80 px below the top', async ({ page }) => {
    await page.goto('/innercircle/');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link')).toHaveText(['Le Programme', 'La Science', 'Bénéfices', 'Témoignages', 'FAQ', /Podcast\/Blog/]);
    const header = await page.locator('header').boundingBox();
    expect(header!.y).toBe(0);

    for (const [label, id] of [
      ['Le Programme', 'about'],
      ['La Science', 'hormones'],
      ['Bénéfices', 'benefits'],
      ['Témoignages', 'testimonials'],
      ['FAQ', 'faq'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expectSectionAt(page, id, 80);
      // The header stays fixed on top of the page.
      expect((await page.locator('header').boundingBox())!.y).toBe(0);
    }
  });

  test('Podcast/Blog opens the blog in a new tab; the webinar button opens the webinar page', async ({ page }) => {
    await page.goto('/');
    const blog = page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: /Podcast\/Blog/ });
    await expect(blog).toHaveAttribute('href', /^https:\/\//);
    await expect(blog).toHaveAttribute('target', '_blank');
    await expect(blog).toHaveAttribute('rel', /noopener/);

    await page.locator('header').getByRole('link', { name: 'Webinaire Gratuit' }).click();
    await expect(page).toHaveURL(/\/innercircle\/webinaire\/?$/);
    await expect(page).toHaveTitle('Webinaire | Clairval Inner Circle');
  });

  test('the logo links to /innercircle and buttons lead to their sections', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Clairval Inner Circle, retour à l'accueil/ }).first()).toHaveAttribute('href', '/innercircle');
    const hero = page.locator('main > section').first();
    await expect(hero.getByRole('link', { name: "Rejoindre l'Inner Circle" })).toHaveAttribute('href', '#contact');
    await expect(hero.getByRole('link', { name: 'Webinaire gratuit' })).toHaveAttribute('href', '#webinar');
    await expect(page.getByRole('link', { name: 'Rejoindre le programme' })).toHaveAttribute('href', '#contact');
    await expect(page.getByRole('link', { name: 'Je veux ces résultats' })).toHaveAttribute('href', '#contact');
    await expect(page.getByRole('link', { name: 'En savoir plus sur la science' })).toHaveAttribute('href', '#webinar');

    await page.getByRole('link', { name: 'Je veux ces résultats' }).click();
    await expectSectionAt(page, 'contact', 80);

    const footer = page.locator('footer');
    // (The legal links are placeholders: "#".)
    const footerSections = await footer.locator('a[href^="#"]:not([href="#"])').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(footerSections).toEqual(['#about', '#hormones', '#benefits', '#testimonials', '#webinar', '#faq']);
    for (const name of ['Blog', 'Podcast']) {
      const link = footer.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test('on another page a section entry goes to /innercircle/#section', async ({ page }) => {
    await page.goto('/webinaire');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link', { name: 'Bénéfices' })).toHaveAttribute('href', '/innercircle/#benefits');
    await nav.getByRole('link', { name: 'Témoignages' }).click();
    await expect(page).toHaveURL(/\/innercircle\/#testimonials$/);
    await expectSectionAt(page, 'testimonials', 80);
  });
});

test('smooth scrolling only for visitors who have not asked to reduce motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
  expect(await page.locator('#about').evaluate((element) => getComputedStyle(element).scrollMarginTop)).toBe('80px');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
});

test.describe('mobile menu', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('opens on the first tap with the same entries and the webinar button, navigates, and closes', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();

    // Before the tap the toggle is the server's HTML: a real, labelled button for an HTML popover, and no script yet.
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
    const menuId = await page.getByRole('navigation', { name: 'Menu', includeHidden: true }).getAttribute('id');
    await expect(toggle).toHaveAttribute('popovertarget', menuId!);
    await expectDormant(page, 'MobileMenu');
    // The tap opens the menu (the browser's popover) and wakes the island, which then takes over.
    await toggle.tap();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link')).toHaveText(['Le Programme', 'La Science', 'Bénéfices', 'Témoignages', 'FAQ', /Podcast\/Blog/, 'Webinaire Gratuit', 'Réserver un appel']);
    await expect(menu.getByRole('link', { name: /Podcast\/Blog/ })).toHaveAttribute('target', '_blank');

    await menu.getByRole('link', { name: 'Bénéfices' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toHaveAttribute('aria-expanded', 'false');
    await expectSectionAt(page, 'benefits', 80);
  });

  test('works from the keyboard and closes with Escape', async ({ page }) => {
    await page.goto('/');
    await expectDormant(page, 'MobileMenu');
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
    // Focus wakes the island; Enter opens the menu whether or not its code has arrived yet.
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await waitForIsland(page, 'MobileMenu');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Le Programme' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeFocused();

    // The webinar entry of the menu opens the webinar page.
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Webinaire Gratuit' }).click();
    await expect(page).toHaveURL(/\/innercircle\/webinaire\/?$/);
  });

  test('opens, closes with Escape and on a tap outside, without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Ouvrir le menu' }).tap();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Webinaire Gratuit' })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Ouvrir le menu' }).tap();
    await expect(menu).toBeVisible();
    // A tap on the page below the list (the list ends above the bottom of a 844 px screen).
    await page.touchscreen.tap(195, 830);
    await expect(menu).toBeHidden();
    await context.close();
  });
});
