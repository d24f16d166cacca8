/**
 * The public pages' targets in RESULTS.md (decisions 007, 018 and 120), each beside the pure-HTML floor of the
 * same run, and for a miss what the measurements say about its cause and what would reach it.
 */
import type { LighthouseSummary, PageResult } from './pages.ts';
import { median, medianInterval } from './lib/util.ts';
import { KB, kb, ms, type Target } from './lib/report-format.ts';

/** The page targets: TBT and LCP against the pure-HTML floor (decision 018), the menu tap (decision 042), the fonts (decision 041). */
export const PAGE_LIMITS = { tbtOverFloorMs: 5, menuTapMs: 100, fontBytes: 40 * KB, lcpOverFloor: 1.1 };
/** TCP's initial congestion window, 10 segments of 1,460 B (RFC 6928), as Lighthouse's simulation models it. */
export const FIRST_WINDOW_BYTES = 10 * 1460;
/** What a page's first response may carry: the window less 300 B, so a new paragraph of copy does not tip it over (decision 120). */
export const FIRST_WINDOW_MARGIN_BYTES = 300;
export const FIRST_RESPONSE_LIMIT_BYTES = FIRST_WINDOW_BYTES - FIRST_WINDOW_MARGIN_BYTES;

const flagged = (summary: LighthouseSummary) => (summary.flagged.length ? ` Lighthouse flags: ${summary.flagged.join(', ')}.` : '');
const component = (url: string) =>
  url
    .split('/')
    .pop()!
    .replace(/\.[\w-]+\.js$/, '');

function scriptsIn(page: PageResult, phase: string): string {
  return page.app.bytes.scripts
    .filter((script) => script.phase === phase)
    .map((script) => `${script.url} (${kb(script.brotli)} br)`)
    .join(', ');
}

/** TBT of every run, site beside floor: overlapping ranges mean the gap between medians is run-to-run noise. */
function tbtSpread(app: LighthouseSummary, floor: LighthouseSummary, formFactor: string): string {
  const range = (summary: LighthouseSummary) => {
    const values = summary.runs.map((run) => run.tbtMs);
    return `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms`;
  };
  const tasks = (summary: LighthouseSummary) => summary.runs.map((run) => `[${(run.longTasks ?? []).join(', ')}]`).join(' ');
  const differences = pairedTbtDifferences(app, floor);
  const paired = differences.length ? ` Paired runs (site and floor run one after the other): site − floor ${differences.map(signed).join(', ')} ms, ${pairedVerdict(differences)}.` : '';
  return `TBT of the ${app.runs.length} ${formFactor} runs: site ${range(app)}, floor ${range(floor)}; long tasks per run (ms): site ${tasks(app)}, floor ${tasks(floor)}.${paired}`;
}

/**
 * Run i of the site minus run i of the floor (bench/pages.ts interleaves them, so each pair shares the
 * machine's load at that moment); empty for results measured before the runs were paired.
 */
function pairedTbtDifferences(app: LighthouseSummary, floor: LighthouseSummary): number[] {
  return pairedRuns(app, floor, (site, pure) => site.tbtMs - pure.tbtMs);
}

/** Run i of the site's mobile LCP divided by run i of the floor's; empty when the runs were not paired. */
function pairedLcpRatios(app: LighthouseSummary, floor: LighthouseSummary): number[] {
  return pairedRuns(app, floor, (site, pure) => site.lcpMs / pure.lcpMs);
}

/** One figure per pair of runs (run i of the site with run i of the floor); empty when the runs were not paired. */
function pairedRuns(app: LighthouseSummary, floor: LighthouseSummary, figure: (site: LighthouseSummary['runs'][number], pure: LighthouseSummary['runs'][number]) => number): number[] {
  if (!app.paired || !floor.paired || app.runs.length !== floor.runs.length) return [];
  return app.runs.map((run, index) => figure(run, floor.runs[index]!));
}

function intervalText(interval: { low: number; high: number; coverage: number }, format: (value: number) => string): string {
  return `${Math.floor(interval.coverage * 100)} % interval ${format(interval.low)} to ${format(interval.high)}`;
}

/** The paired differences' median with its sign-test interval, and whether the runs can tell it from zero. */
function pairedVerdict(differences: number[]): string {
  const interval = medianInterval(differences);
  const noise =
    interval.low <= 0 && interval.high >= 0
      ? 'the runs cannot tell the difference from zero'
      : interval.low > 0
        ? 'the site blocks longer than the floor in this run'
        : 'the site blocks less than the floor in this run';
  return `median ${signedMs(median(differences))} (${intervalText(interval, signedMs)}: ${noise})`;
}

/** Site minus floor for one form factor: the median of the paired runs' differences when paired, else the medians' difference. */
function tbtOverFloor(app: LighthouseSummary, floor: LighthouseSummary): number {
  const differences = pairedTbtDifferences(app, floor);
  return differences.length ? median(differences) : app.tbtMs - floor.tbtMs;
}

function signed(value: number): string {
  return `${value > 0 ? '+' : ''}${Math.round(value)}`;
}

function signedMs(value: number): string {
  return `${signed(value)} ms`;
}

/** Where the main thread's time goes on the phone, site beside floor (medians of the runs), largest gap first. */
function mainThreadGap(app: LighthouseSummary, floor: LighthouseSummary): string {
  if (!app.mainThread || !floor.mainThread) return '';
  const groups = [...new Set([...Object.keys(app.mainThread), ...Object.keys(floor.mainThread)])];
  const rows = groups.map((group) => ({ group, site: app.mainThread![group] ?? 0, floor: floor.mainThread![group] ?? 0 })).sort((a, b) => Math.abs(b.site - b.floor) - Math.abs(a.site - a.floor));
  return `Mobile main thread (median, site / floor): ${rows.map((row) => `${row.group} ${ms(row.site)} / ${ms(row.floor)}`).join(', ')}.`;
}

export function pageTargets(page: PageResult): Target[] {
  const { app, baseline } = page;
  const area = `Page ${page.path}`;
  const targets: Target[] = [
    {
      area,
      target: 'Lighthouse desktop = 100',
      measured: `${app.desktop.score} (baseline ${baseline.desktop.score})`,
      met: app.desktop.score === 100,
      why: `LCP ${ms(app.desktop.lcpMs)}, TBT ${ms(app.desktop.tbtMs)}, CLS ${app.desktop.cls}.${flagged(app.desktop)}`,
    },
    {
      area,
      target: 'Lighthouse mobile ≥ 98',
      measured: `${app.mobile.score} (baseline ${baseline.mobile.score})`,
      met: app.mobile.score >= 98,
      why: `LCP ${ms(app.mobile.lcpMs)} (baseline ${ms(baseline.mobile.lcpMs)}), TBT ${ms(app.mobile.tbtMs)}, CLS ${app.mobile.cls}.${flagged(app.mobile)}`,
    },
    {
      area,
      target: 'CLS 0 (mobile and desktop)',
      measured: `${app.mobile.cls} / ${app.desktop.cls} (pure HTML: ${baseline.mobile.cls} / ${baseline.desktop.cls})`,
      met: app.mobile.cls < 0.001 && app.desktop.cls < 0.001,
      why: 'Something moves after first paint: reserve its space (width/height on images, fixed heights for late content, font-display with metric-compatible fallbacks).',
    },
    {
      area,
      target: `TBT within ${PAGE_LIMITS.tbtOverFloorMs} ms of the pure-HTML floor (mobile and desktop)`,
      measured: `${ms(app.mobile.tbtMs)} / ${ms(app.desktop.tbtMs)} (pure HTML: ${ms(baseline.mobile.tbtMs)} / ${ms(baseline.desktop.tbtMs)}); site − floor ${signedMs(tbtOverFloor(app.mobile, baseline.mobile))} / ${signedMs(tbtOverFloor(app.desktop, baseline.desktop))}`,
      // Paired runs share the machine's load of their moment: the median of their differences is the fair figure.
      met: tbtOverFloor(app.mobile, baseline.mobile) <= PAGE_LIMITS.tbtOverFloorMs && tbtOverFloor(app.desktop, baseline.desktop) <= PAGE_LIMITS.tbtOverFloorMs,
      why:
        `Scripts run before any interaction: ${[scriptsIn(page, 'desktop-before'), scriptsIn(page, 'phone-before')].filter(Boolean).join(', ') || 'none'}. ` +
        `${tbtSpread(app.mobile, baseline.mobile, 'mobile')} ${tbtSpread(app.desktop, baseline.desktop, 'desktop')} ${mainThreadGap(app.mobile, baseline.mobile)}`,
    },
  ];
  for (const [label, viewport, sizes, phase] of [
    ['desktop 1366×900', 'desktop', app.bytes.jsBeforeInteraction, 'desktop-before'],
    ['phone 390×844', 'phone', app.bytes.jsBeforeInteractionPhone, 'phone-before'],
  ] as const) {
    targets.push({
      area,
      target: `0 B of JS before interaction (${label}, scrolled to the bottom)`,
      measured: `${sizes.count} files, ${kb(sizes.brotli)} br`,
      met: sizes.raw === 0,
      why: `Loaded on the ${viewport} before any interaction: ${scriptsIn(page, phase)}. Islands: ${app.bytes.islands.components.join(', ')}. Every public island should use client:interaction (an island with client:load, client:idle, client:visible or a matching client:media hydrates without being used).`,
    });
  }
  const tap = app.menuTap;
  targets.push({
    area,
    target: `First tap on the phone menu → list painted < ${PAGE_LIMITS.menuTapMs} ms (median)`,
    measured: tap ? (tap.error ? `failed: ${tap.error}` : `${ms(tap.medianMs)} (max ${ms(tap.maxMs)}; CPU ×4: ${ms(tap.throttledMedianMs)})`) : 'not measured',
    met: tap ? !tap.error && tap.medianMs < PAGE_LIMITS.menuTapMs : undefined,
    why: tap
      ? `The list is an HTML popover: the browser opens it on the tap itself; the same tap wakes the island, which downloads ${tap.scriptsLoaded} script(s) behind the open menu (the menu island, React and Astro's React renderer: ${app.bytes.scripts
          .filter((script) => script.phase === 'phone-after')
          .map((script) => `${component(script.url)} ${kb(script.brotli)}`)
          .join(', ')} br). Runs: ${tap.samplesMs.join(', ')} ms.`
      : undefined,
  });
  targets.push({
    area,
    target: `Fonts ≤ ${PAGE_LIMITS.fontBytes / KB} kB in all`,
    measured: `${kb(app.bytes.fonts.raw)} (${app.bytes.fonts.count} files)`,
    met: app.bytes.fonts.raw <= PAGE_LIMITS.fontBytes,
    why: 'The fonts are subset at build time (site/lib/font-subset): a larger figure means more characters or weights in site/lib/font-subset/fonts.ts, or the build did not subset them.',
  });
  const lcpRatios = pairedLcpRatios(app.mobile, baseline.mobile);
  const lcpRatio = lcpRatios.length ? median(lcpRatios) : app.mobile.lcpMs / baseline.mobile.lcpMs;
  targets.push({
    area,
    target: `Mobile LCP ≤ ${PAGE_LIMITS.lcpOverFloor} × the pure-HTML floor`,
    measured: `${ms(app.mobile.lcpMs)} vs ${ms(baseline.mobile.lcpMs)} (× ${lcpRatio.toFixed(2)}${lcpRatios.length ? ', median of the paired runs' : ''})`,
    // Paired runs share the machine's load of their moment: the median of their ratios is the fair figure.
    met: lcpRatio <= PAGE_LIMITS.lcpOverFloor,
    why:
      `LCP element: ${app.mobile.lcpElement ?? 'not reported'}.${flagged(app.mobile)} ` +
      (lcpRatios.length
        ? `Paired runs, site ÷ floor: ${lcpRatios.map((ratio) => ratio.toFixed(2)).join(', ')} (${intervalText(medianInterval(lcpRatios), (value) => `× ${value.toFixed(2)}`)}).`
        : 'With the same HTML, CSS and fonts as the floor, a gap comes from scripts loaded before interaction (see above) or from the noise of the shared machine.'),
  });
  const sent = app.bytes.document;
  if (sent) {
    const total = sent.headerBytes + sent.bodyBytes;
    targets.push({
      area,
      target: `The page's first response fits TCP's first window with ${FIRST_WINDOW_MARGIN_BYTES} B to spare (≤ ${FIRST_RESPONSE_LIMIT_BYTES.toLocaleString('en')} B, headers included)`,
      measured: `${total.toLocaleString('en')} B (headers ${sent.headerBytes.toLocaleString('en')} B, body ${sent.bodyBytes.toLocaleString('en')} B ${sent.encoding})`,
      met: total <= FIRST_RESPONSE_LIMIT_BYTES,
      why:
        `A response larger than the first congestion window (${FIRST_WINDOW_BYTES.toLocaleString('en')} B) needs one more round trip before it is complete (150 ms in Lighthouse's simulated slow 4G, which then delays the LCP: decision 081); the ${FIRST_WINDOW_MARGIN_BYTES} B kept free leave room for the next paragraph of copy (decision 120). ` +
        (total > FIRST_RESPONSE_LIMIT_BYTES
          ? `Over by ${(total - FIRST_RESPONSE_LIMIT_BYTES).toLocaleString('en')} B: shorten the page's HTML (copy, island props, long utility lists) or its headers${sent.encoding === 'br' ? '' : `, and send it brotli-compressed (it went ${sent.encoding})`}.`
          : `Margin: ${(FIRST_RESPONSE_LIMIT_BYTES - total).toLocaleString('en')} B below the limit, ${(FIRST_WINDOW_BYTES - total).toLocaleString('en')} B below the window.`),
    });
  }
  targets.push({
    area,
    target: 'HTML + CSS + above-the-fold images < 100 kB (brotli)',
    measured: `${kb(app.bytes.criticalBytes)} (baseline ${kb(baseline.bytes.criticalBytes)})`,
    met: app.bytes.criticalBytes < 100 * KB,
    why: `HTML ${kb(app.bytes.html.brotli)}, CSS ${kb(app.bytes.css.brotli)}, fold images ${kb(Math.max(app.bytes.foldImagesDesktop.bytes, app.bytes.foldImagesPhone.bytes))}.`,
  });
  return targets;
}

/** With no script file before interaction: is the TBT gap noise (the runs overlap) or one kind of main-thread work? */
function tbtCause(page: PageResult): string {
  const values = (summary: LighthouseSummary) => summary.runs.map((run) => run.tbtMs);
  const overlap = (app: LighthouseSummary, floor: LighthouseSummary) => Math.min(...values(app)) <= Math.max(...values(floor));
  const { app, baseline } = page;
  const gaps = Object.keys(app.mobile.mainThread ?? {})
    .map((group) => ({ group, extra: (app.mobile.mainThread?.[group] ?? 0) - (baseline.mobile.mainThread?.[group] ?? 0) }))
    .sort((a, b) => b.extra - a.extra);
  const largest = gaps[0];
  const where =
    largest && largest.extra > 0 ? ` The largest extra main-thread work on the phone is ${largest.group} (+${ms(largest.extra)}): ${WORK_HINTS[largest.group] ?? 'see the trace of one run.'}` : '';
  const spread = (summary: LighthouseSummary) => Math.max(...values(summary)) - Math.min(...values(summary));
  const mobilePairs = pairedTbtDifferences(app.mobile, baseline.mobile);
  const desktopPairs = pairedTbtDifferences(app.desktop, baseline.desktop);
  const paired = mobilePairs.length
    ? ` Run by run against the floor (interleaved), the site blocks ${signedMs(median(mobilePairs))} on the phone and ${signedMs(median(desktopPairs))} on the desktop (medians of the paired differences), while the floor’s own mobile runs spread over ${ms(spread(baseline.mobile))}.`
    : '';
  const realGap = [mobilePairs, desktopPairs].filter((pairs) => pairs.length && medianInterval(pairs).low > PAGE_LIMITS.tbtOverFloorMs);
  if (realGap.length) {
    const which = [mobilePairs, desktopPairs]
      .map((pairs, index) => (realGap.includes(pairs) ? `${index === 0 ? 'phone' : 'desktop'} ${signedMs(median(pairs))} (${intervalText(medianInterval(pairs), signedMs)})` : ''))
      .filter(Boolean)
      .join(', ');
    return `no script file runs at load, yet the paired runs put a real gap on the ${which}: the whole interval lies above the target, so this is work the site does and the floor does not, not noise.${where} To split it, serve the site's exact bytes from the floor's plain server, with and without the production server's response headers, and pair them in Lighthouse: on 2026-11-24 that named Cross-Origin-Opener-Policy (a new renderer process at load, decision 081); if the headers are not it, compare the page without its two inline module scripts.`;
  }
  return overlap(app.mobile, baseline.mobile) && overlap(app.desktop, baseline.desktop)
    ? `no script file runs at load and the site’s runs overlap the floor’s: the medians differ by run-to-run noise of Lighthouse’s simulated 4× slowdown; more runs (\`--runs=9\`) on a quiet machine narrow it.${paired}${where}`
    : `no script file runs at load, yet every site run blocks longer than the floor’s best.${paired}${where}`;
}

/** What to look at for each kind of main-thread work (Lighthouse's group labels). */
const WORK_HINTS: Record<string, string> = {
  'Script Evaluation':
    'the island runtime Astro writes into the page (astro-island and the client:interaction directive, about 5.5 kB, inline module scripts run once the page is parsed: decision 080) defines the islands and registers their listeners; it is the only script before interaction.',
  'Script Parsing & Compilation': 'the inline island runtime (5.5 kB, decision 080) is compiled once the page is parsed; fetching it on the first interaction would need an Astro renderer of our own.',
  'Style & Layout': 'the islands’ wrappers (`astro-island`, `display: contents`) and the CSS the floor page shares: compare the two pages’ style recalculations in one trace.',
  'Parse HTML & CSS': 'the islands’ serialized props (`props="…"` attributes) make the site’s HTML longer to parse than the floor’s.',
  Rendering: 'painting the same layout: a difference here is noise.',
};

/** What would reach a missed page target. */
export function pageRecommendation(miss: Target, page: PageResult): string {
  const fix = (text: string) => ` **What would reach it:** ${text}`;
  if (miss.target.startsWith('0 B of JS') || miss.target.startsWith('TBT')) {
    return page.app.bytes.jsBeforeInteraction.count + page.app.bytes.jsBeforeInteractionPhone.count > 0
      ? fix('give the islands listed above `client:interaction` (site/lib/client-interaction): they then cost nothing until used.')
      : fix(tbtCause(page));
  }
  if (miss.target.startsWith('First tap')) {
    return fix(
      'the browser opens the popover without script; a slow tap comes from the main thread being busy at that moment (the island hydrating from a previous wake-up, or the machine): re-run on a quiet machine, and look for a long task in the trace around the tap.',
    );
  }
  if (miss.target.startsWith('Mobile LCP')) {
    const ratios = pairedLcpRatios(page.app.mobile, page.baseline.mobile);
    const interval = medianInterval(ratios);
    return ratios.length && interval.low <= PAGE_LIMITS.lcpOverFloor
      ? fix(
          `the paired runs reach ×${interval.low.toFixed(2)} at best and their interval includes the target: the runs cannot tell the page from its floor; more runs on a quiet machine would settle it. The page's largest text is in the preloaded display font (site/layouts/BaseLayout.astro), and no script runs before it is painted.`,
        )
      : fix('every paired run is slower than the target: look at what the site loads before its LCP that the floor does not (a trace of one run: the inline island runtime, the fonts, the CSS).');
  }
  if (miss.target.startsWith('Lighthouse mobile')) {
    const floorScore = page.baseline.mobile.score;
    return floorScore < 98
      ? fix(
          `the pure-HTML floor of the same page scores ${floorScore} in the same run: with no script before interaction the score is bounded by what the page's own HTML and CSS cost under the 4× slowdown (floor's main thread: ${Object.entries(
            page.baseline.mobile.mainThread ?? {},
          )
            .sort((a, b) => b[1] - a[1])
            .slice(0, 3)
            .map(([group, value]) => `${group} ${ms(value)}`)
            .join(', ')}). Reaching 98 needs a lighter page for everyone (fewer elements in the long landing page, less style work), which is a design change, not a script one.`,
        )
      : fix('the floor reaches 98 and the site does not: compare the flagged audits above with the floor’s.');
  }
  if (miss.target.startsWith('HTML + CSS'))
    return fix('compress or resize the above-the-fold images (AVIF/WebP at the displayed size, `<Picture>` from astro:assets) and keep only the CSS the page uses.');
  return '';
}
