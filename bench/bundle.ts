/**
 * Phase 5, the admin dashboard in Chromium (signed in): the JavaScript `/admin` loads (gzip and
 * brotli, per chunk) and the time from navigation start until the dashboard shows its data — the
 * newest contact's email (from "Derniers contacts") and the exact contact total both on screen.
 * Cold runs use a fresh browser context each (empty cache); warm runs reload in the same context.
 */
import { chromium } from 'playwright-core';
import pg from 'pg';
import { CHROMIUM } from './lib/machine.ts';
import { sizesOf, addSizes, type Sizes } from './lib/compress.ts';
import { BENCH_ADMIN } from './lib/http.ts';
import { withLock } from './lib/lock.ts';
import { CHROMIUM_FLAGS } from '../tests/support/chromium.ts';
import { WORK_DIR, log, median, round } from './lib/util.ts';
import path from 'node:path';

export interface DashboardLoad {
  dataVisibleMs: number;
  emailVisibleMs: number;
  totalVisible: boolean;
  domContentLoadedMs: number;
  apiRequests: { path: string; ms: number }[];
}

export interface BundleResult {
  rows: number;
  js: Sizes;
  chunks: { path: string; gzip: number; brotli: number }[];
  css: Sizes;
  cold: DashboardLoad[];
  warm: DashboardLoad[];
  coldMedianMs: number;
  warmMedianMs: number;
  error?: string;
}

const NAVIGATION_TIMEOUT_MS = 20_000;

export async function benchBundle(options: { url: string; databaseUrl: string; rows: number; runs: number }): Promise<BundleResult> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const newest = (await client.query<{ email: string }>('select email from leads order by created_at desc, id desc limit 1')).rows[0]?.email ?? '';
  const total = Number((await client.query<{ n: string }>('select count(*) as n from leads')).rows[0]!.n);
  await client.end();

  return withLock('Chromium (admin dashboard)', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    try {
      const signIn = await browser.newContext();
      const response = await signIn.request.post(`${options.url}/api/simple-auth/login`, {
        data: { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password },
        headers: { origin: options.url },
      });
      if (response.status() !== 200) throw new Error(`login answered ${response.status()}`);
      const storageState = await signIn.storageState();
      await signIn.close();

      const cold: DashboardLoad[] = [];
      const warm: DashboardLoad[] = [];
      let js: Sizes | undefined;
      let css: Sizes | undefined;
      let chunks: BundleResult['chunks'] = [];
      let error: string | undefined;

      for (let run = 0; run < options.runs; run++) {
        const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        const bodies: { url: string; type: string; body: Buffer }[] = [];
        const pending: Promise<void>[] = [];
        page.on('response', (item) => {
          const type = item.request().resourceType();
          if (type === 'script' || type === 'stylesheet') {
            pending.push(
              item
                .body()
                .then((body) => void bodies.push({ url: item.url(), type, body }))
                .catch(() => undefined),
            );
          }
        });
        const measure = async (): Promise<DashboardLoad> => {
          await page.goto(`${options.url}/admin`, { waitUntil: 'commit' });
          const emailVisibleMs = await page
            .waitForFunction((email) => (document.body?.innerText.includes(email) ? performance.now() : false), newest, { polling: 'raf', timeout: NAVIGATION_TIMEOUT_MS })
            .then((handle) => handle.jsonValue() as Promise<number>);
          const totalAt = await page
            .waitForFunction((expected) => (document.body.innerText.replace(/[\s\u00a0\u202f'’.,]/g, '').includes(expected) ? performance.now() : false), String(total), {
              polling: 'raf',
              timeout: 5000,
            })
            .then((handle) => handle.jsonValue() as Promise<number>)
            .catch(() => undefined);
          await page.waitForLoadState('networkidle').catch(() => undefined);
          const timings = await page.evaluate(() => ({
            dcl: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domContentLoadedEventEnd ?? Number.NaN,
            api: performance
              .getEntriesByType('resource')
              .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
              .map((entry) => ({ path: new URL(entry.name).pathname + new URL(entry.name).search, ms: Math.round((entry as PerformanceResourceTiming).responseEnd - entry.startTime) })),
          }));
          return {
            dataVisibleMs: round(Math.max(emailVisibleMs, totalAt ?? 0), 0),
            emailVisibleMs: round(emailVisibleMs, 0),
            totalVisible: totalAt !== undefined,
            domContentLoadedMs: round(timings.dcl, 0),
            apiRequests: timings.api,
          };
        };
        try {
          cold.push(await measure());
          await Promise.all(pending);
          if (!js) {
            const scripts = bodies.filter((item) => item.type === 'script');
            js = addSizes(...scripts.map((item) => sizesOf(item.body)));
            css = addSizes(...bodies.filter((item) => item.type === 'stylesheet').map((item) => sizesOf(item.body)));
            chunks = scripts
              .map((item) => ({ path: new URL(item.url).pathname, ...sizesOf(item.body) }))
              .sort((a, b) => b.gzip - a.gzip)
              .map(({ path: chunkPath, gzip, brotli }) => ({ path: chunkPath, gzip, brotli }));
          }
          warm.push(await measure());
        } catch (caught) {
          error = (caught as Error).message.split('\n')[0];
          await page.screenshot({ path: path.join(WORK_DIR, `dashboard-failure-${options.rows}.png`) }).catch(() => undefined);
          log(`bundle: dashboard did not show its data: ${error} (screenshot in bench/.work)`);
          await context.close();
          break;
        }
        await context.close();
      }
      const result: BundleResult = {
        rows: options.rows,
        js: js ?? { count: 0, raw: 0, gzip: 0, brotli: 0 },
        chunks,
        css: css ?? { count: 0, raw: 0, gzip: 0, brotli: 0 },
        cold,
        warm,
        coldMedianMs: round(median(cold.map((item) => item.dataVisibleMs)), 0),
        warmMedianMs: round(median(warm.map((item) => item.dataVisibleMs)), 0),
        error,
      };
      log(`bundle ${options.rows}: JS ${result.js.gzip} B gzip in ${result.js.count} files; data visible cold ${result.coldMedianMs} ms, warm ${result.warmMedianMs} ms`);
      return result;
    } finally {
      await browser.close();
    }
  });
}
