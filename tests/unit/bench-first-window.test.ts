/**
 * The benchmark's check that a page's first response fits TCP's first window (decision 081): Lighthouse's
 * simulation adds a round trip for every byte past 10 × 1,460 B, headers included.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_RESPONSE_LIMIT_BYTES, FIRST_WINDOW_BYTES, pageTargets } from '../../bench/report-pages.ts';
import type { LighthouseSummary, PageBytes, PageResult } from '../../bench/pages.ts';
import { ZERO } from '../../bench/lib/compress.ts';

const summary: LighthouseSummary = { score: 100, lcpMs: 1280, cls: 0, tbtMs: 0, fcpMs: 800, speedIndexMs: 900, benchmarkIndex: 1500, runs: [], flagged: [] };

function bytes(document?: PageBytes['document']): PageBytes {
  return {
    html: ZERO,
    css: ZERO,
    fonts: ZERO,
    jsBeforeInteraction: ZERO,
    jsBeforeInteractionPhone: ZERO,
    jsAfterHydration: ZERO,
    scripts: [],
    foldImagesDesktop: { count: 0, bytes: 0 },
    foldImagesPhone: { count: 0, bytes: 0 },
    islands: { total: 0, hydrated: 0, components: [] },
    menuToggleFound: true,
    criticalBytes: 0,
    status: 200,
    document,
  };
}

function firstWindowRow(document?: PageBytes['document']) {
  const page: PageResult = { path: '/', app: { mobile: summary, desktop: summary, bytes: bytes(document) }, baseline: { mobile: summary, desktop: summary, bytes: bytes() } };
  return pageTargets(page).find((target) => target.target.startsWith("The page's first response fits TCP's first window"));
}

describe("the benchmark's first-window check", () => {
  it('is 14,600 B less a 300 B margin, headers and body together', () => {
    expect(FIRST_WINDOW_BYTES).toBe(14_600);
    expect(FIRST_RESPONSE_LIMIT_BYTES).toBe(14_300);
    const fits = firstWindowRow({ headerBytes: 810, bodyBytes: 13_273, encoding: 'br' })!;
    expect(fits.met).toBe(true);
    expect(fits.target).toContain('≤ 14,300 B');
    expect(fits.measured).toBe('14,083 B (headers 810 B, body 13,273 B br)');
    expect(fits.why).toContain('Margin: 217 B below the limit, 517 B below the window.');
  });

  it('misses above 14,300 B, even inside the window', () => {
    const tight = firstWindowRow({ headerBytes: 882, bodyBytes: 13_684, encoding: 'br' })!;
    expect(tight.met).toBe(false);
    expect(tight.why).toContain('Over by 266 B');
    expect(firstWindowRow({ headerBytes: 810, bodyBytes: 13_490, encoding: 'br' })!.met).toBe(true);
    expect(firstWindowRow({ headerBytes: 810, bodyBytes: 13_491, encoding: 'br' })!.met).toBe(false);
  });

  it('misses by what a larger response carries, and says when the page did not travel brotli-compressed', () => {
    const over = firstWindowRow({ headerBytes: 1_128, bodyBytes: 16_562, encoding: 'gzip' })!;
    expect(over.met).toBe(false);
    expect(over.why).toContain('Over by 3,390 B');
    expect(over.why).toContain('send it brotli-compressed (it went gzip)');
  });

  it('is left out of a report from a run that did not record the response (older results)', () => {
    expect(firstWindowRow(undefined)).toBeUndefined();
  });
});
