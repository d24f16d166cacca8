/**
 * The first tap on the phone menu opens it in under 100 ms on the benchmark's CPU. Each run
 * is a fresh 390×844 touch context (empty cache) on a page that has loaded and gone idle; the clock
 * starts at the tap's `touchstart` and stops at the first animation frame after the menu's list opened
 * (its popover's `toggle` event, or its `hidden` attribute removed), i.e. the frame that paints it. That
 * covers what the tap costs before the list shows: with the HTML popover, the browser's own toggle; the
 * island's code then loads and hydrates behind an open menu. Measured as is and
 * with Chromium's CPU slowed down 4× (Lighthouse's mobile setting), for comparison.
 */
import type { Browser } from 'playwright-core';
import { PHONE_VIEWPORT } from './lib/viewports.ts';
import { median, round } from './lib/util.ts';

export interface MenuTapResult {
  runs: number;
  samplesMs: number[];
  medianMs: number;
  maxMs: number;
  throttledSamplesMs: number[];
  throttledMedianMs: number;
  /** Scripts downloaded because of the tap (what the first tap pays for). */
  scriptsLoaded: number;
  error?: string;
}

async function tapOnce(browser: Browser, url: string, cpuSlowdown: number): Promise<{ ms: number; scripts: number }> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    let scripts = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts += 1;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    if (cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    // The toggle names its panel with `popovertarget` (an HTML popover, opened by the browser) or, as
    // before the popover (decision 042), `aria-controls` (a panel React un-hides).
    const toggle = page.locator('header button[popovertarget], header button[aria-controls][aria-expanded]').first();
    await page.evaluate(() => {
      const button = document.querySelector('header button[popovertarget], header button[aria-controls][aria-expanded]')!;
      const list = document.getElementById(button.getAttribute('popovertarget') ?? button.getAttribute('aria-controls')!)!;
      (window as unknown as { menuOpened: Promise<number> }).menuOpened = new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error('the menu did not open within 10 s of the tap')), 10_000);
        let tappedAt: number | undefined;
        addEventListener('touchstart', (event) => (tappedAt ??= event.timeStamp), { capture: true });
        const opened = () => {
          if (tappedAt !== undefined) requestAnimationFrame((frameTime) => resolve(frameTime - tappedAt!));
        };
        list.addEventListener('toggle', (event) => {
          if ((event as ToggleEvent).newState === 'open') opened();
        });
        new MutationObserver(() => {
          if (!list.hidden) opened();
        }).observe(list, { attributes: true, attributeFilter: ['hidden'] });
      });
    });
    await toggle.tap();
    const ms = await page.evaluate(() => (window as unknown as { menuOpened: Promise<number> }).menuOpened);
    return { ms, scripts };
  } finally {
    await context.close();
  }
}

export async function measureMenuTap(browser: Browser, url: string, runs: number): Promise<MenuTapResult> {
  const samples: number[] = [];
  const throttled: number[] = [];
  let scriptsLoaded = 0;
  try {
    for (let index = 0; index < Math.max(runs, 3); index++) {
      const run = await tapOnce(browser, url, 1);
      samples.push(round(run.ms, 1));
      scriptsLoaded = run.scripts;
      throttled.push(round((await tapOnce(browser, url, 4)).ms, 1));
    }
  } catch (error) {
    return {
      runs: samples.length,
      samplesMs: samples,
      medianMs: Number.NaN,
      maxMs: Number.NaN,
      throttledSamplesMs: throttled,
      throttledMedianMs: Number.NaN,
      scriptsLoaded,
      error: (error as Error).message,
    };
  }
  return {
    runs: samples.length,
    samplesMs: samples,
    medianMs: round(median(samples), 1),
    maxMs: Math.max(...samples),
    throttledSamplesMs: throttled,
    throttledMedianMs: round(median(throttled), 1),
    scriptsLoaded,
  };
}
