/**
 * Lighthouse for the pages phase: one run of a page (mobile or desktop), a retry when Chrome trips, runs
 * of the site and of its pure-HTML floor taken in turn, and their medians.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM } from './lib/machine.ts';
import { log, median, round } from './lib/util.ts';
import { CHROMIUM_FLAGS } from '../tests/support/chromium.ts';

/** Lighthouse's Chrome: headless, with the flags of every Chromium run here. */
export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

export interface LighthouseRun {
  score: number;
  /** What Lighthouse names as the largest contentful paint element (its selector and text). */
  lcpElement?: string;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  benchmarkIndex: number;
  /** Audits of the performance category that did not get a full score (what Lighthouse blames). */
  flagged: string[];
  warnings: string[];
  /** Main-thread time by kind of work (Lighthouse's mainthread-work-breakdown: "Style & Layout", "Script Evaluation"…), ms. */
  mainThread?: Record<string, number>;
  /** The long tasks (over 50 ms after throttling) Lighthouse saw, ms each: what TBT is made of. */
  longTasks?: number[];
}

export interface LighthouseSummary extends Omit<LighthouseRun, 'flagged' | 'warnings' | 'lcpElement' | 'mainThread' | 'longTasks'> {
  lcpElement?: string;
  runs: LighthouseRun[];
  flagged: string[];
  /** Whether run i was taken right after (or before) run i of the other page (site and floor interleaved). */
  paired?: boolean;
  /** Median over the runs of each kind of main-thread work, ms. */
  mainThread?: Record<string, number>;
}

interface NodeItem {
  type: 'node';
  selector?: string;
  snippet?: string;
}

/** The first DOM node an audit's details name (Lighthouse 13 puts the LCP element in its LCP breakdown insight). */
function findNode(details: unknown): NodeItem | undefined {
  if (!details || typeof details !== 'object') return undefined;
  if ((details as { type?: string }).type === 'node') return details as NodeItem;
  for (const value of Object.values(details)) {
    const found = Array.isArray(value) ? value.map(findNode).find(Boolean) : typeof value === 'object' ? findNode(value) : undefined;
    if (found) return found;
  }
  return undefined;
}

async function lighthouseOnce(url: string, formFactor: 'mobile' | 'desktop'): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error('Lighthouse returned nothing');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const lcpNode = findNode(lhr.audits['lcp-breakdown-insight']?.details) ?? findNode(lhr.audits['largest-contentful-paint-element']?.details);
    const flagged = lhr.categories
      .performance!.auditRefs.map((ref) => lhr.audits[ref.id])
      .filter((item) => item && item.score !== null && item.score < 1 && item.scoreDisplayMode !== 'informative' && item.scoreDisplayMode !== 'notApplicable')
      .map((item) => `${item!.id}${item!.displayValue ? ` (${item!.displayValue})` : ''}`);
    const breakdown = (lhr.audits['mainthread-work-breakdown']?.details as { items?: Array<{ groupLabel?: string; group?: string; duration?: number }> } | undefined)?.items ?? [];
    const longTasks = (lhr.audits['long-tasks']?.details as { items?: Array<{ duration?: number }> } | undefined)?.items ?? [];
    return {
      mainThread: Object.fromEntries(breakdown.map((item) => [item.groupLabel ?? item.group ?? '?', round(item.duration ?? 0, 1)])),
      longTasks: longTasks.map((task) => round(task.duration ?? 0, 0)),
      score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
      lcpElement: lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.snippet?.slice(0, 80) ?? ''}`.trim() : undefined,
      lcpMs: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbtMs: audit('total-blocking-time'),
      fcpMs: audit('first-contentful-paint'),
      speedIndexMs: audit('speed-index'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      flagged,
      warnings: lhr.runWarnings,
    };
  } finally {
    chrome.kill();
  }
}

/** One Lighthouse run; Lighthouse sometimes loses its trace on a loaded machine (NO_NAVSTART, NO_FCP): try again. */
async function lighthouseRetried(url: string, formFactor: 'mobile' | 'desktop'): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, formFactor);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`pages: Lighthouse run failed (${(error as Error).message.slice(0, 120)}), retrying`);
    }
  }
}

/**
 * The site's and the floor's Lighthouse runs, interleaved (site, floor, site, floor…): the machine's
 * load drifts during a benchmark, and runs taken in two blocks would charge that drift to one page.
 * Run i of the site and run i of the floor form a pair measured under the same conditions.
 */
export async function lighthousePaired(siteUrl: string, floorUrl: string, formFactor: 'mobile' | 'desktop', runs: number): Promise<{ site: LighthouseSummary; floor: LighthouseSummary }> {
  const site: LighthouseRun[] = [];
  const floor: LighthouseRun[] = [];
  for (let index = 0; index < runs; index++) {
    site.push(await lighthouseRetried(siteUrl, formFactor));
    floor.push(await lighthouseRetried(floorUrl, formFactor));
  }
  return { site: { ...summarize(site), paired: true }, floor: { ...summarize(floor), paired: true } };
}

function summarize(list: LighthouseRun[]): LighthouseSummary {
  const pick = (key: keyof Omit<LighthouseRun, 'flagged' | 'warnings' | 'lcpElement' | 'mainThread' | 'longTasks'>) => median(list.map((run) => run[key]));
  const groups = [...new Set(list.flatMap((run) => Object.keys(run.mainThread ?? {})))];
  const score = pick('score');
  // The audits flagged in the run whose score is closest to the median.
  const closest = [...list].sort((a, b) => Math.abs(a.score - score) - Math.abs(b.score - score))[0]!;
  return {
    score,
    lcpMs: round(pick('lcpMs'), 0),
    cls: round(pick('cls'), 4),
    tbtMs: round(pick('tbtMs'), 0),
    fcpMs: round(pick('fcpMs'), 0),
    speedIndexMs: round(pick('speedIndexMs'), 0),
    benchmarkIndex: round(pick('benchmarkIndex'), 0),
    flagged: closest.flagged,
    lcpElement: closest.lcpElement,
    mainThread: Object.fromEntries(groups.map((group) => [group, round(median(list.map((run) => run.mainThread?.[group] ?? 0)), 1)])),
    runs: list,
  };
}
