/** What the landing page loads: the subset web fonts, no console error under the Content-Security-Policy, and the JavaScript budget (none before interaction, decision 007). */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { scrollThrough, waitForIsland } from './islands.ts';
import { FULL_FONTS, PHONE } from './public-landing-support.ts';

test('the subset web fonts are served and draw the page: preloaded, the heading font first, text never waiting', async ({ page, request }) => {
  await page.goto('/');
  const preloads = await page.locator('link[rel="preload"][as="font"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(preloads).toEqual(['/fonts/fraunces-latin-wght.woff2', '/fonts/inter-latin-wght.woff2']);
  await page.evaluate(() => document.fonts.ready);
  const heading = (await page.locator('h1').textContent())!.trim();
  const body = (await page.locator('#faq [data-faq-panel]').first().textContent())!.trim();
  expect(await page.evaluate(([text]) => document.fonts.check('500 40px "Fraunces Variable"', text), [heading])).toBe(true);
  expect(await page.evaluate(([text]) => document.fonts.check('16px "Inter Variable"', text), [body])).toBe(true);
  const faces = await page.evaluate(() => [...document.fonts].map((face) => ({ family: face.family, status: face.status, display: face.display })));
  expect(faces).toEqual(
    expect.arrayContaining([
      { family: 'Inter Variable', status: 'loaded', display: 'swap' },
      { family: 'Fraunces Variable', status: 'loaded', display: 'swap' },
    ]),
  );
  // The files served are the build's subsets, not the full fonts of site/public/fonts.
  for (const file of ['inter-latin-wght.woff2', 'fraunces-latin-wght.woff2']) {
    const response = await request.get(`/fonts/${file}`);
    expect(response.headers()['content-type']).toBe('font/woff2');
    expect((await response.body()).length).toBeLessThan(statSync(path.join(FULL_FONTS, file)).size);
  }
});

test('public pages run without a console error (Content-Security-Policy included)', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const path of ['/', '/innercircle/webinaire', '/merci/?type=webinar', '/erreur-envoi/?type=contact']) {
    await page.goto(path);
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    });
    await page.waitForLoadState('networkidle');
  }
  await expect(page.getByRole('link', { name: 'Revenir au formulaire de contact' })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('JavaScript budget', () => {
  /** Script files the page requests, by path, in order. */
  function recordScripts(page: Page): string[] {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    return scripts;
  }

  // The viewports the performance targets are measured on: a 1366×900 desktop and a 390×844 phone.
  for (const [label, options] of [
    ['desktop', { viewport: { width: 1366, height: 900 } }],
    ['phone', { viewport: PHONE, hasTouch: true, isMobile: true }],
  ] as const) {
    test.describe(label, () => {
      test.use(options);

      for (const path of ['/', '/webinaire']) {
        test(`${path}: no script before interaction, even scrolled to the bottom`, async ({ page }) => {
          const scripts = recordScripts(page);
          await page.goto(path, { waitUntil: 'networkidle' });
          // Scrolling shows every island (it hydrated client:visible ones): it is not an interaction.
          await scrollThrough(page);
          expect(scripts).toEqual([]);
          // Astro's island runtime is inline; as a module script it never stops the HTML parser (decision 080).
          const parserBlocking = await page.locator('script:not([type="module"]):not([src])').count();
          expect(parserBlocking, 'no classic inline script: each would hold the parser until the stylesheet arrives').toBe(0);
          expect(await page.locator('script[type="module"]:not([src])').count()).toBeGreaterThan(0);
          const dormant = await page.locator('astro-island').evaluateAll((islands) => islands.map((island) => island.hasAttribute('ssr')));
          expect(dormant.length).toBeGreaterThan(0);
          expect(dormant.every(Boolean), 'every island waits for an interaction').toBe(true);
        });
      }
    });
  }

  test.describe('desktop', () => {
    test.use({ viewport: { width: 1366, height: 900 } });

    test('interacting loads each island once, never the phone menu nor admin code', async ({ page }) => {
      const scripts = recordScripts(page);
      await page.goto('/', { waitUntil: 'networkidle' });
      await scrollThrough(page);
      expect(scripts).toEqual([]);

      // The pointer over the FAQ loads it (the check above can fail); then the footer's form.
      await page.locator('#faq h3 button').first().hover();
      await expect.poll(() => scripts.some((path) => path.includes('/FaqAccordion.'))).toBe(true);
      await waitForIsland(page, 'FaqAccordion');
      // Park the pointer on the fixed header (no island there on a desktop) before the focus scrolls the
      // page: after a scroll Chromium sends a pointerover to whatever now lies under a resting pointer,
      // which would wake the contact form (intended for a visitor, decision 040; a race for this test).
      await page.locator('header').getByRole('link').first().hover();
      await page.locator('footer').getByLabel('Email').focus();
      await expect.poll(() => scripts.some((path) => path.includes('/ReusableForm.'))).toBe(true);
      await waitForIsland(page, 'ReusableForm');
      await page.waitForLoadState('networkidle');

      expect(
        scripts.some((path) => path.includes('/MobileMenu.')),
        'the mobile menu is not for desktops',
      ).toBe(false);
      expect(
        scripts.some((path) => path.includes('/ContactForm.')),
        'an island nobody touched stays unloaded',
      ).toBe(false);
      expect(new Set(scripts).size, 'each file (the React runtime included) is loaded once').toBe(scripts.length);
      const renderers = scripts.filter((path) => /\/client\.[\w-]+\.js$/.test(path));
      expect(renderers.length).toBeGreaterThan(0);

      const bodies = await page.evaluate(async (paths) => Promise.all(paths.map(async (path) => (await fetch(path)).text())), scripts);
      for (const body of bodies) expect(body).not.toContain('/api/admin');
    });
  });

  test.describe('phone', () => {
    test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

    test('the first tap on the menu loads the menu alone, once', async ({ page }) => {
      const scripts = recordScripts(page);
      await page.goto('/webinaire', { waitUntil: 'networkidle' });
      expect(scripts).toEqual([]);
      await page.getByRole('button', { name: 'Ouvrir le menu' }).tap();
      await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(scripts.some((path) => path.includes('/MobileMenu.'))).toBe(true);
      expect(
        scripts.some((path) => path.includes('/WebinarForm.')),
        'the form was not touched',
      ).toBe(false);
      expect(new Set(scripts).size).toBe(scripts.length);
    });
  });
});
