/** What the pages phase does to a page as a person would: wait for it to settle, scroll, touch its islands, read what is on screen. */
import type { Page } from 'playwright-core';

export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // client:idle islands hydrate in requestIdleCallback (Astro's fallback timeout is 200 ms).
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300), { timeout: 1500 })));
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

export async function scrollToBottom(page: Page): Promise<void> {
  // behavior 'instant': the site sets `scroll-behavior: smooth`, and interrupted smooth scrolls would
  // skip sections (a client:visible island would stay unhydrated). Scrolling is not an interaction:
  // it belongs to the "before interaction" phase.
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(innerHeight * 0.6));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
  });
  await settle(page);
}

/**
 * Uses every island as a visitor would: the pointer over (desktop) or a tap on (phone) a button of
 * each visible island (the menu's toggle, an FAQ question, the forms' submit button would post, so
 * the phone focuses a field instead), then waits until Astro has handed each one to React.
 */
export async function interactWithIslands(page: Page, touch: boolean): Promise<void> {
  const uids = await page.locator('astro-island[ssr]').evaluateAll((islands) => islands.map((island) => island.getAttribute('uid')));
  for (const uid of uids) {
    const island = page.locator(`astro-island[uid="${uid}"]`);
    const button = island.locator('button').filter({ visible: true }).first();
    if ((await button.count()) === 0) continue;
    const field = island.locator('input:not([type=hidden]):not([tabindex="-1"])').filter({ visible: true }).first();
    if (!touch) await button.hover();
    else if ((await field.count()) > 0) await field.tap();
    else await button.tap();
    await page.waitForFunction((id) => !document.querySelector(`astro-island[uid="${id}"]`)?.hasAttribute('ssr'), uid, { timeout: 20_000 });
  }
  await settle(page);
}

export function foldImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0 && image.currentSrc;
      })
      .map((image) => image.currentSrc),
  );
}

export function islandState(page: Page): Promise<{ total: number; hydrated: number; components: string[] }> {
  return page.evaluate(() => {
    const islands = Array.from(document.querySelectorAll('astro-island'));
    return {
      total: islands.length,
      hydrated: islands.filter((island) => !island.hasAttribute('ssr')).length,
      components: islands.map((island) => {
        const url = island.getAttribute('component-url') ?? '';
        const directive = island.getAttribute('client') ?? '';
        return `${
          url
            .split('/')
            .pop()
            ?.replace(/\.[\w-]+\.js$/, '') ?? '?'
        } (client:${directive})`;
      }),
    };
  });
}
