/**
 * Phase 1, public pages: Lighthouse (mobile and desktop, median of N runs), bytes per page before and
 * after interaction (the viewports of the page targets: a 1366×900 desktop and a 390×844 phone), the time from a
 * tap on the phone menu to its list on screen, for the production server and for the pure-HTML
 * baseline of the same page (baseline-static.ts).
 * The booking page /rendez-vous/ is filled by the server at each visit: its server starts with one
 * host whose week is open (seedBookingHost), so the page measured lists free starts and its form.
 */
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { CHROMIUM } from './lib/machine.ts';
import { addSizes, sizesOf, ZERO, type Sizes } from './lib/compress.ts';
import { log } from './lib/util.ts';
import { startBaselineServer } from './baseline-static.ts';
import { startProductionServer } from './lib/server.ts';
import { withLock } from './lib/lock.ts';
import { seedBookingHost } from './seed.ts';
import { measureMenuTap, type MenuTapResult } from './menu-tap.ts';
import { lighthousePaired, type LighthouseSummary } from './lighthouse.ts';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from './lib/viewports.ts';
import { settle, scrollToBottom, interactWithIslands, foldImages, islandState } from './lib/page-interaction.ts';
import { CHROMIUM_FLAGS } from '../tests/support/chromium.ts';

export type { LighthouseRun, LighthouseSummary } from './lighthouse.ts';

export const PAGES = ['/', '/webinaire', '/rendez-vous/'];
/** The pages the production server fills at each visit (their floor is taken from it). */
const FILLED_PAGES = ['/rendez-vous/'];

export interface PageBytes {
  html: Sizes;
  css: Sizes;
  fonts: Sizes;
  jsBeforeInteraction: Sizes;
  jsBeforeInteractionPhone: Sizes;
  jsAfterHydration: Sizes;
  scripts: { url: string; brotli: number; gzip: number; phase: string }[];
  foldImagesDesktop: { count: number; bytes: number };
  foldImagesPhone: { count: number; bytes: number };
  islands: { total: number; hydrated: number; components: string[] };
  menuToggleFound: boolean;
  /** HTML + CSS (brotli) + above-the-fold images (larger of desktop/phone). */
  criticalBytes: number;
  /** The page's own response as it travelled to Chromium: header bytes, body bytes, content encoding. */
  document?: { headerBytes: number; bodyBytes: number; encoding: string };
  status: number;
}

export interface PageResult {
  path: string;
  app: { mobile: LighthouseSummary; desktop: LighthouseSummary; bytes: PageBytes; menuTap?: MenuTapResult };
  baseline: { mobile: LighthouseSummary; desktop: LighthouseSummary; bytes: PageBytes };
}

export interface PagesResult {
  runs: number;
  pages: PageResult[];
}

interface Logged {
  url: string;
  type: string;
  status: number;
  body: Buffer;
  phase: string;
}

/** Records every response of a page with the phase (before/after interaction) it arrived in. */
function recordResponses(page: Page, state: { phase: string }, logged: Logged[]): Promise<void>[] {
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    const phase = state.phase;
    pending.push(
      response
        .body()
        .then((body) => {
          logged.push({ url: response.url(), type: response.request().resourceType(), status: response.status(), body, phase });
        })
        .catch(() => undefined),
    );
  });
  return pending;
}

function sumType(logged: Logged[], type: string, phases?: string[]): Sizes {
  const seen = new Set<string>();
  return addSizes(
    ...logged
      .filter((item) => item.type === type && item.status < 300 && (!phases || phases.includes(item.phase)))
      .filter((item) => (seen.has(item.url) ? false : (seen.add(item.url), true)))
      .map((item) => sizesOf(item.body)),
  );
}

function imageBytes(logged: Logged[], urls: string[]): { count: number; bytes: number } {
  const wanted = new Set(urls);
  const found = logged.filter((item) => wanted.has(item.url) && item.status < 300);
  const unique = new Map(found.map((item) => [item.url, item.body.length]));
  return { count: unique.size, bytes: [...unique.values()].reduce((sum, bytes) => sum + bytes, 0) };
}

/**
 * Bytes per page: before any interaction (loaded, idle, scrolled to the bottom and back), on the
 * desktop then on the phone viewport; then after using every island (desktop: pointer over each;
 * phone: the menu opened by a tap, a tap in each form and on the FAQ).
 */
async function measureBytes(browser: Browser, url: string): Promise<PageBytes> {
  const logged: Logged[] = [];

  const desktop = await browser.newContext({ viewport: DESKTOP_VIEWPORT });
  const desktopPage = await desktop.newPage();
  const desktopState = { phase: 'desktop-before' };
  const desktopPending = recordResponses(desktopPage, desktopState, logged);
  const response = await desktopPage.goto(url, { waitUntil: 'load' });
  // Read while the page is open: the response's objects are gone once it closes.
  const documentSizes = response ? await response.request().sizes() : undefined;
  const documentEncoding = (await response?.headerValue('content-encoding')) ?? 'identity';
  await settle(desktopPage);
  const foldDesktop = await foldImages(desktopPage);
  await scrollToBottom(desktopPage);
  desktopState.phase = 'desktop-after';
  await interactWithIslands(desktopPage, false);
  const desktopIslands = await islandState(desktopPage);
  await Promise.all(desktopPending);
  await desktop.close();

  const phone = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const phonePage = await phone.newPage();
  const phoneState = { phase: 'phone-before' };
  const phonePending = recordResponses(phonePage, phoneState, logged);
  await phonePage.goto(url, { waitUntil: 'load' });
  await settle(phonePage);
  const foldPhone = await foldImages(phonePage);
  await scrollToBottom(phonePage);
  await phonePage.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
  phoneState.phase = 'phone-after';
  const toggle = phonePage.locator('header button[popovertarget], header button[aria-expanded], button[aria-controls][aria-expanded]').first();
  let menuToggleFound = false;
  if ((await toggle.count()) > 0 && (await toggle.isVisible())) {
    menuToggleFound = true;
    await toggle.tap();
    await settle(phonePage);
    await toggle.tap();
  }
  await interactWithIslands(phonePage, true);
  const phoneIslands = await islandState(phonePage);
  await Promise.all(phonePending);
  await phone.close();

  const documents = logged.filter((item) => item.type === 'document' && item.phase === 'desktop-before' && item.status < 300);
  const html = documents[0] ? sizesOf(documents[0].body) : ZERO;
  const css = sumType(logged, 'stylesheet', ['desktop-before']);
  const fonts = sumType(logged, 'font', ['desktop-before']);
  const foldImagesDesktop = imageBytes(logged, foldDesktop);
  const foldImagesPhone = imageBytes(logged, foldPhone);
  const scriptSeen = new Map<string, { url: string; brotli: number; gzip: number; phase: string }>();
  for (const item of logged.filter((entry) => entry.type === 'script' && entry.status < 300)) {
    if (scriptSeen.has(item.url)) continue;
    const sizes = sizesOf(item.body);
    scriptSeen.set(item.url, { url: new URL(item.url).pathname, brotli: sizes.brotli, gzip: sizes.gzip, phase: item.phase });
  }
  return {
    html,
    css,
    fonts,
    jsBeforeInteraction: sumType(logged, 'script', ['desktop-before']),
    jsBeforeInteractionPhone: sumType(logged, 'script', ['phone-before']),
    jsAfterHydration: sumType(logged, 'script'),
    scripts: [...scriptSeen.values()],
    foldImagesDesktop,
    foldImagesPhone,
    islands: {
      total: Math.max(desktopIslands.total, phoneIslands.total),
      hydrated: Math.max(desktopIslands.hydrated, phoneIslands.hydrated),
      components: [...new Set([...desktopIslands.components, ...phoneIslands.components])],
    },
    menuToggleFound,
    criticalBytes: html.brotli + css.brotli + Math.max(foldImagesDesktop.bytes, foldImagesPhone.bytes),
    document: documentSizes ? { headerBytes: documentSizes.responseHeadersSize, bodyBytes: documentSizes.responseBodySize, encoding: documentEncoding } : undefined,
    status: response?.status() ?? 0,
  };
}

export async function benchPages(options: { siteDistDir: string; runs: number; pages?: string[] }): Promise<PagesResult> {
  const pages = options.pages ?? PAGES;
  const server = await startProductionServer({ name: 'pages', siteDistDir: options.siteDistDir, env: {}, prepareDataDir: seedBookingHost });
  const baseline = await startBaselineServer(options.siteDistDir, { origin: server.url, paths: FILLED_PAGES.filter((pagePath) => pages.includes(pagePath)) });
  const results: PageResult[] = [];
  try {
    if (pages.includes('/rendez-vous/')) {
      // Measuring the page without its free starts would measure the "no time free" message instead.
      const html = await (await fetch(`${server.url}/rendez-vous/`)).text();
      if (!/<input[^>]*type="radio"/.test(html)) throw new Error('/rendez-vous/ shows no free start: the seeded host offers none');
    }
    await withLock('Lighthouse and Chromium', async () => {
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
      try {
        for (const pagePath of pages) {
          const siteUrl = server.url + pagePath;
          const floorUrl = baseline.url + pagePath;
          log(`pages: ${pagePath}: bytes (site and pure-HTML floor)`);
          const siteBytes = await measureBytes(browser, siteUrl);
          const floorBytes = await measureBytes(browser, floorUrl);
          log(`pages: ${pagePath}: Lighthouse desktop ×${options.runs}, site and floor interleaved`);
          const desktop = await lighthousePaired(siteUrl, floorUrl, 'desktop', options.runs);
          log(`pages: ${pagePath}: Lighthouse mobile ×${options.runs}, site and floor interleaved`);
          const mobile = await lighthousePaired(siteUrl, floorUrl, 'mobile', options.runs);
          log(
            `pages: ${pagePath}: site desktop ${desktop.site.score}, mobile ${mobile.site.score} (floor ${desktop.floor.score} / ${mobile.floor.score}), ` +
              `JS before interaction ${siteBytes.jsBeforeInteraction.brotli} / ${siteBytes.jsBeforeInteractionPhone.brotli} B br`,
          );
          log(`pages: ${pagePath}: first tap on the phone menu ×${options.runs}`);
          const menuTap = await measureMenuTap(browser, siteUrl, options.runs);
          log(`pages: ${pagePath}: tap to menu list visible, median ${menuTap.medianMs} ms (CPU ×4: ${menuTap.throttledMedianMs} ms)`);
          results.push({
            path: pagePath,
            app: { mobile: mobile.site, desktop: desktop.site, bytes: siteBytes, menuTap },
            baseline: { mobile: mobile.floor, desktop: desktop.floor, bytes: floorBytes },
          });
        }
      } finally {
        await browser.close();
      }
    });
  } finally {
    await baseline.close();
    await server.stop();
  }
  return { runs: options.runs, pages: results };
}
