/**
 * The header at desktop widths (docs/decisions/117-booking-header-link-and-feed-offsets.md): the
 * "Réserver un appel" link is there beside "Webinaire Gratuit" at every width, on one row with the
 * logo and the entries, nothing wrapped or overlapping; the keyboard reaches logo, entries, booking
 * and webinar in that order; axe finds nothing serious. From 1280 px the six entries all show; from
 * 1024 to 1279 px the external one (Podcast/Blog, linked from the footer too) waits for 1280 px.
 * HEADER_SCREENSHOTS=<folder> saves the header at each width.
 */
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

const SCREENSHOTS = process.env.HEADER_SCREENSHOTS;
const SECTIONS = ['Le Programme', 'La Science', 'Bénéfices', 'Témoignages', 'FAQ'];

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The visible links of the header, in document order, with their boxes. */
async function headerLinks(page: Page): Promise<Box[]> {
  const links: Locator[] = await page.locator('header a:visible').all();
  return Promise.all(
    links.map(async (link) => {
      const box = (await link.boundingBox())!;
      const name = (await link.evaluate((element) => element.textContent ?? '')).replace(/\s+/g, ' ').trim();
      return { name, ...box };
    }),
  );
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('header').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
}

for (const [width, entries] of [
  [1024, SECTIONS],
  [1180, SECTIONS],
  [1280, [...SECTIONS, 'Podcast/Blog']],
  [1440, [...SECTIONS, 'Podcast/Blog']],
] as const) {
  test(`at ${width} px the header holds the booking link on one row, nothing wrapped or overlapping`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/innercircle/');
    await page.evaluate(() => document.fonts.ready);

    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link').filter({ visible: true })).toHaveText(entries.map((entry) => new RegExp(`^${entry.replace('/', '\\/')}`)));
    const booking = page.getByRole('banner').getByRole('link', { name: 'Réserver un appel' });
    await expect(booking).toBeVisible();
    await expect(booking).toHaveAttribute('href', '/rendez-vous/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Webinaire Gratuit' })).toBeVisible();

    const boxes = await headerLinks(page);
    expect(boxes.map((box) => box.name.replace(/\s*\(.*\)$/, ''))).toEqual(['Clairval Inner Circle', ...entries, 'Réserver un appel', 'Webinaire Gratuit']);
    const header = (await page.getByRole('banner').boundingBox())!;
    for (const [index, box] of boxes.entries()) {
      // One row: every link sits inside the header's height, within the window, on one line of text.
      expect(box.y, box.name).toBeGreaterThanOrEqual(header.y);
      expect(box.y + box.height, box.name).toBeLessThanOrEqual(header.y + header.height);
      expect(box.x, box.name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, box.name).toBeLessThanOrEqual(width);
      if (index > 0) {
        const before = boxes[index - 1]!;
        // Left to right in reading order, and at least a small gap between neighbours.
        expect(box.x - (before.x + before.width), `${before.name} | ${box.name}`).toBeGreaterThanOrEqual(8);
      }
    }
    const lines = await page
      .locator('header a:visible')
      .evaluateAll((links) => links.map((link) => link.getClientRects().length === 1 && link.scrollWidth <= link.clientWidth + 1 && getComputedStyle(link).whiteSpace === 'nowrap'));
    // The logo link holds a two-line wordmark by design; every other link is one line.
    expect(lines.slice(1)).toEqual(boxes.slice(1).map(() => true));
    const centres = boxes.slice(1).map((box) => Math.round(box.y + box.height / 2));
    expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(2);

    // The keyboard goes logo, entries, booking, webinar.
    const order: string[] = [];
    await page.getByRole('banner').getByRole('link').first().focus();
    for (let step = 0; step < boxes.length; step++) {
      order.push(
        ((await page.evaluate(() => document.activeElement?.textContent ?? '')) as string)
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/\s*\(.*\)$/, ''),
      );
      await page.keyboard.press('Tab');
    }
    expect(order).toEqual(boxes.map((box) => box.name.replace(/\s*\(.*\)$/, '')));
    await booking.focus();
    // A visible focus ring on the booking link.
    expect(await booking.evaluate((link) => getComputedStyle(link).outlineStyle)).not.toBe('none');

    expect(await seriousViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.getByRole('banner').screenshot({ path: path.join(SCREENSHOTS, `header-${width}.png`) });
  });
}
