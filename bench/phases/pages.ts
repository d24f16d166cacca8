/**
 * The public pages against their pure-HTML floor (bench/pages.ts, bench/menu-tap.ts,
 * bench/baseline-static.ts): Lighthouse, bytes before and after interaction, the first tap on the phone
 * menu. Targets and their misses: bench/report-pages.ts (decisions 120 and 123).
 */
import { benchPages, type PageBytes, type PageResult, type PagesResult } from '../pages.ts';
import { pageRecommendation, pageTargets } from '../report-pages.ts';
import { kb, ms, sizes3, table } from '../lib/report-format.ts';
import { definePhase } from '../phase.ts';
import type { BenchResults } from '../results.ts';

export const pagesPhase = definePhase({
  name: 'pages',
  key: 'pages',
  run: (context) => benchPages({ siteDistDir: context.siteDistDir, runs: context.runs }),
  targets: (pages) => pages.pages.flatMap(pageTargets),
  report: (pages, measured, results) => pagesSection(pages, measured, results),
  whatWouldReach: (miss, pages) => {
    const page = pages.pages.find((item) => item.path === miss.area.split(' ')[1]);
    return page && miss.area.startsWith('Page') ? pageRecommendation(miss, page) : '';
  },
});

function pagesSection(pages: PagesResult, measured: string, results: BenchResults): string[] {
  const { machine } = results;
  const out: string[] = [];
  const page = (pagePath: string) => pages.pages.find((item) => item.path === pagePath);
  out.push(`## 1. Public pages ${measured}`);
  out.push('');
  out.push(
    `Production build served by \`node api/start.ts\` (NODE_ENV=production, precompressed brotli/gzip). Baseline: the same built page with every island removed (all \`<script>\` elements and module preloads dropped, \`<astro-island>\` unwrapped so its server-rendered HTML stays), served with the same compression and cache headers — the pure-HTML floor.`,
  );
  out.push('');
  out.push(`### Lighthouse ${machine.lighthouse}, performance category, median of ${pages.runs} runs (default mobile config: simulated slow 4G and 4× CPU slowdown; desktop config)`);
  out.push('');
  out.push(table(['Page', 'Variant', 'Form factor', 'Score', 'LCP', 'CLS', 'TBT', 'FCP', 'Scores of the runs'], pages.pages.flatMap(lighthouseRows)));
  out.push('');
  out.push('### Bytes per page (raw / gzip -9 / brotli q11 of each response; images as transferred)');
  out.push('');
  out.push(
    'Before interaction: loaded, network idle, idle callbacks run, scrolled to the bottom and back (desktop 1366×900; phone 390×844): scrolling is not an interaction. After hydration: on the desktop the pointer over each visible island, on the phone the menu opened by a tap and a tap in each other island; every script of both visits counted once. Fonts: the files the desktop visit loaded before interaction.',
  );
  out.push('');
  out.push(
    table(
      [
        'Page',
        'Variant',
        'HTML',
        'CSS',
        'JS before interaction (desktop)',
        'JS before interaction (phone)',
        'JS after every island hydrated',
        'Above-the-fold images desktop / phone',
        'Fonts',
        'HTML + CSS + fold images (br)',
      ],
      pages.pages.flatMap(bytesRows),
    ),
  );
  out.push('');
  const ratios = pages.pages.map((item) => [
    item.path,
    ratio(item.app.bytes.html.brotli, item.baseline.bytes.html.brotli),
    ratio(item.app.bytes.criticalBytes, item.baseline.bytes.criticalBytes),
    `${kb(item.app.bytes.jsAfterHydration.brotli)} vs 0`,
    `${ratio(item.app.mobile.lcpMs, item.baseline.mobile.lcpMs)} / ${ratio(item.app.desktop.lcpMs, item.baseline.desktop.lcpMs)}`,
  ]);
  out.push(table(['Page', 'HTML bytes ratio (br) site / pure HTML', 'Critical bytes ratio', 'JS after hydration (br)', 'LCP ratio mobile / desktop'], ratios));
  out.push('');
  out.push(
    'First tap on the phone menu (bench/menu-tap.ts): a fresh 390×844 touch context per run, the page loaded and idle, from the `touchstart` to the animation frame that paints the open list — the island downloaded, hydrated and the tap replayed. As is, then with the CPU slowed down 4× (Lighthouse mobile).',
  );
  out.push('');
  out.push(
    table(
      ['Page', 'Median', 'Max', 'Runs', 'Median, CPU ×4', 'Runs, CPU ×4', 'Scripts loaded by the tap'],
      pages.pages.map((item) => {
        const tap = item.app.menuTap;
        return tap
          ? [item.path, ms(tap.medianMs), ms(tap.maxMs), tap.samplesMs.join(', '), ms(tap.throttledMedianMs), tap.throttledSamplesMs.join(', '), String(tap.scriptsLoaded)]
          : [item.path, '—', '—', '—', '—', '—', '—'];
      }),
    ),
  );
  out.push('');
  out.push(`LCP element (Lighthouse, mobile): ${pages.pages.map((item) => `\`${item.path}\` ${item.app.mobile.lcpElement ?? '—'}`).join('; ')}.`);
  out.push('');
  for (const item of pages.pages) {
    const islands = item.app.bytes.islands;
    out.push(
      `- \`${item.path}\`: ${islands.total} island(s), ${islands.hydrated} hydrated after the interactions${islands.components.length ? `: ${islands.components.join(', ')}` : ''}; phone menu toggle ${item.app.bytes.menuToggleFound ? 'found and opened' : 'not found'}; scripts: ${item.app.bytes.scripts.map((script) => `${script.url} ${kb(script.brotli)} br (${script.phase})`).join(', ') || 'none'}.`,
    );
  }
  out.push('');
  if (!page('/')) out.push('_The landing page was not measured._\n');
  return out;
}

function lighthouseRows(page: PageResult): string[][] {
  const rows: string[][] = [];
  for (const variant of ['app', 'baseline'] as const) {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const summary = page[variant][formFactor];
      rows.push([
        page.path,
        variant === 'app' ? 'site' : 'pure HTML',
        formFactor,
        String(summary.score),
        ms(summary.lcpMs),
        String(summary.cls),
        ms(summary.tbtMs),
        ms(summary.fcpMs),
        summary.runs.map((run) => run.score).join(', '),
      ]);
    }
  }
  return rows;
}

function bytesRows(page: PageResult): string[][] {
  const row = (label: string, bytes: PageBytes) => [
    page.path,
    label,
    sizes3(bytes.html),
    sizes3(bytes.css),
    `${bytes.jsBeforeInteraction.count ? sizes3(bytes.jsBeforeInteraction) : '0'}`,
    `${bytes.jsBeforeInteractionPhone.count ? sizes3(bytes.jsBeforeInteractionPhone) : '0'}`,
    `${bytes.jsAfterHydration.count ? `${sizes3(bytes.jsAfterHydration)} (${bytes.jsAfterHydration.count} files)` : '0'}`,
    `${kb(bytes.foldImagesDesktop.bytes)} / ${kb(bytes.foldImagesPhone.bytes)}`,
    kb(bytes.fonts.raw),
    kb(bytes.criticalBytes),
  ];
  return [row('site', page.app.bytes), row('pure HTML', page.baseline.bytes)];
}

function ratio(value: number, base: number): string {
  if (base === 0) return value === 0 ? '1' : '∞';
  return (value / base).toFixed(2);
}
