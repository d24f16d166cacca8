/**
 * Accessibility of the public pages: axe-core finds no serious or critical violation on
 * the landing page (phone and desktop, with the menu, an FAQ answer and a toast open), the webinar
 * page, the not-found page and the form result pages; focus is always visible.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { waitForIsland, wakeVisibleIslands } from './islands.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** Scrolls through the page so every lazy image and island is in its final state before the scan. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of ['/', '/webinaire']) {
      test(`${path} has no serious or critical axe violation, before and after its islands hydrate`, async ({ page }) => {
        await page.goto(path);
        await scrollThrough(page);
        // The server's HTML, as every visitor first gets it (islands hydrate on interaction).
        expect(await seriousViolations(page)).toEqual([]);
        expect((await wakeVisibleIslands(page)).length).toBeGreaterThan(0);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test('the not-found and form result pages have no serious or critical axe violation', async ({ page }) => {
  for (const path of ['/page-inexistante', '/merci/?type=contact', '/erreur-envoi/?type=webinar&message=Email%20invalide']) {
    await page.goto(path);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('open states stay accessible: mobile menu, FAQ answer and an error toast', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await waitForIsland(page, 'MobileMenu');
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.locator('#faq').scrollIntoViewIfNeeded();
  await page.locator('#faq h3 button').first().click();
  await waitForIsland(page, 'FaqAccordion');
  await expect(page.locator('#faq [data-faq-panel]').first()).toBeVisible();
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.locator('#contact').getByRole('button', { name: 'Envoyer ma demande' }).click();
  await waitForIsland(page, 'ContactForm');
  await expect(page.locator('[data-variant="destructive"]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('keyboard focus is always visible', async ({ page }) => {
  await page.goto('/');
  // The skip link comes first and leads to the main content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  for (let step = 0; step < 12; step++) {
    const outline = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { width: parseFloat(style.outlineWidth), style: style.outlineStyle, tag: element.tagName };
    });
    expect(outline.style, `focus ring on ${outline.tag}`).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Tab');
  }
});
