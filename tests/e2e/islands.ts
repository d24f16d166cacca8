/**
 * Astro islands in browser tests. The public islands hydrate on interaction (`client:interaction`,
 * decision 040): until then they keep Astro's `ssr` marker, which Astro removes once the island is
 * handed to React.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export function island(page: Page, component: string): Locator {
  return page.locator(`astro-island[component-url*="/${component}."]`).first();
}

/** The island has not been hydrated (nothing the visitor did has woken it yet). */
export async function expectDormant(page: Page, component: string): Promise<void> {
  await expect(island(page, component)).toHaveAttribute('ssr', '');
}

/** An island is hydrated once Astro removes its `ssr` marker. */
export async function waitForIsland(page: Page, component: string): Promise<void> {
  await expect(island(page, component)).not.toHaveAttribute('ssr');
}

/** Scrolls through the whole page, a frame at each step: scrolling is not an interaction. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.floor(innerHeight / 2)) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await frame();
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    await frame();
  });
  await page.waitForLoadState('networkidle');
}

/** Moves the pointer over every visible island, as a visitor would, and waits until each is hydrated. */
export async function wakeVisibleIslands(page: Page): Promise<string[]> {
  const woken: string[] = [];
  const ids = await page.locator('astro-island[ssr]').evaluateAll((elements) => elements.map((element) => element.getAttribute('uid')));
  for (const uid of ids) {
    const element = page.locator(`astro-island[uid="${uid}"]`);
    // Every public island has a button (the menu's toggle, the FAQ's questions, the forms' submit).
    const control = element.locator('button').filter({ visible: true }).first();
    if ((await control.count()) === 0) continue;
    await control.hover();
    await expect(element).not.toHaveAttribute('ssr');
    woken.push((await element.getAttribute('component-url')) ?? '');
  }
  return woken;
}
