/**
 * bench/RESULTS.md as bench/report.ts renders it from the phases (decision 140): the targets table with
 * each phase's rows and verdicts, a miss explained by the phase that set it, each phase's section with its
 * figures and its date, in the phases' order, and nothing for a phase without figures. The committed
 * RESULTS.md keeps the structure that results.json renders to.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../bench/report.ts';
import type { BenchResults } from '../../bench/results.ts';
import type { LoadResult } from '../../bench/lib/load.ts';

const AT = '2026-11-28T08:00:00.000Z';

function load(overrides: Partial<LoadResult>): LoadResult {
  return { label: 'x', connections: 8, durationS: 10, requestsPerSec: 3, p50Ms: 1, p90Ms: 1, p99Ms: 1, maxMs: 1, ok: 30, non2xx: 0, errors: 0, timeouts: 0, statusCodes: { 200: 30 }, ...overrides };
}

const figures: BenchResults = {
  machine: {
    date: AT,
    cpus: 2,
    cpuModel: 'Test CPU',
    memoryGiB: 8,
    loadAverage: [1.5, 1.2, 1],
    os: 'Linux',
    node: 'v24.0.0',
    postgres: '17.0',
    astro: '5.0.0',
    react: '19.0.0',
    chromium: '140',
    lighthouse: '13.5.0',
    autocannon: '8.0.0',
    commit: 'abc1234',
  },
  options: { sizes: [10_000], runs: 1, durationS: 3, quick: true },
  phasesRun: ['admin', 'login', 'tags', 'billing'],
  durationS: 125,
  loadAverages: { login: [1.5, 2] },
  errors: { tags: 'GET /api/admin/tags answered 500' },
  login: {
    at: AT,
    samples: 20,
    p50Ms: 450,
    p95Ms: 520,
    wrongPasswordP50Ms: 440,
    unknownEmailP50Ms: 445,
    sustained: load({ requestsPerSec: 4, p50Ms: 1900, p99Ms: 2600 }),
  },
  tags: { at: AT, samples: 10, sizes: [{ rows: 10_000, tags: 12, p50Ms: 2.1, p95Ms: 3.4, baselineMs: 18.5, counterRows: 12, mergeMs: 40, mergedContacts: 310 }] },
  billing: { at: '2026-11-27T21:30:00.000Z', samples: 200, bytes: 48_000, p50Ms: 61.2, p95Ms: 88.7, baselineP50Ms: 20.1, baselineP95Ms: 31.9 },
};

describe('the benchmark report rendered from the phases', () => {
  const report = renderReport(figures);
  const lines = report.split('\n');

  it('states the run: its date, commit, phases and duration, the machine, and a phase that failed', () => {
    expect(lines[0]).toBe('# Benchmark results');
    expect(report).toContain('on 2026-11-28 08:00 UTC at commit abc1234; phases run this time: admin, login, tags, billing (2 min 5 s).');
    expect(report).toContain('| CPU | 2 × Test CPU |');
    expect(report).toContain('> **Phase tags failed in this run:** GET /api/admin/tags answered 500.');
  });

  it("puts each phase's targets in the table with their verdict", () => {
    expect(report).toContain('| Login | p50 between 30 and 300 ms | 450 ms (4 logins/s sustained) | **missed** |');
    expect(report).toContain('| Tags at 10 k | GET /api/admin/tags p95 < 100 ms | 3.4 ms (p50 2.1 ms; scanning every contact’s tags: 19 ms) | **met** |');
    expect(report).toContain('| Billing | One invoice PDF with its QR-bill payment part, p95 < 200 ms | ');
  });

  it('explains a miss with what the phase that set the target says would reach it', () => {
    const miss = lines.find((line) => line.startsWith('- **Login — p50 between 30 and 300 ms**'));
    expect(miss).toBeDefined();
    expect(miss).toContain('Sustained: 4 logins/s at p50 1900 ms. The load average of the shared machine was 1.5 / 1.2 / 1 at the start');
    expect(miss).toContain('**What would reach it:** re-run on a quiet machine');
    expect(lines.filter((line) => line.startsWith('- **'))).toHaveLength(1);
  });

  it("renders each phase's section with its figures and date, in the phases' order, and none for a phase without figures", () => {
    const headings = lines.filter((line) => line.startsWith('## '));
    expect(headings).toEqual([
      '## Machine and versions',
      '## Targets',
      '## 4. Login (measured 2026-11-28 08:00, load average 1.5 → 2 on 2 cores)',
      '## Tags (GET /api/admin/tags)',
      '## 11. Invoice PDF (measured 2026-11-27 21:30)',
    ]);
    expect(report).toContain('| p50 / p95 of `POST /api/simple-auth/login`, sequential (20 logins) | 450 ms / 520 ms |');
    expect(report).toContain('| 10,000 | 12 | 2.1 | 3.4 | 18.5 | 12 | 40 (310) |');
    expect(report).toContain('| invoice PDF with QR-bill (swissqrbill + pdfkit) | 61.2 ms | 88.7 ms | 200 |');
  });
});

describe('the committed bench/RESULTS.md', () => {
  it('has the sections and target rows that bench/results.json renders to', () => {
    const root = path.resolve(import.meta.dirname, '..', '..');
    const results = JSON.parse(readFileSync(path.join(root, 'bench', 'results.json'), 'utf8')) as BenchResults;
    const committed = readFileSync(path.join(root, 'bench', 'RESULTS.md'), 'utf8').split('\n');
    const rendered = renderReport(results).split('\n');
    const headings = (text: string[]) => text.filter((line) => /^#{1,3} /.test(line));
    const targetRows = (text: string[]) => text.slice(text.indexOf('## Targets'), text.indexOf('### Misses: why, and what would reach the target')).filter((line) => line.startsWith('| '));
    expect(headings(rendered)).toEqual(headings(committed));
    expect(targetRows(rendered)).toEqual(targetRows(committed));
    expect(targetRows(rendered).length).toBeGreaterThan(40);
  });
});
