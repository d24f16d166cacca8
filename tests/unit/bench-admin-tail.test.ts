/**
 * The benchmark's explanation of an admin-list p95 over its target: when the statements take a fraction
 * of a millisecond and the median is far below the target, the report names the machine's pauses as the
 * cause instead of the query; a slow query gets no such excuse.
 */
import { describe, expect, it } from 'vitest';
import { adminTargets } from '../../bench/phases/admin.ts';
import type { PlanSummary, ScenarioResult } from '../../bench/admin.ts';

function plan(executionMs: number, scans: string[]): PlanSummary {
  return { sql: 'select ...', bindings: [], scans, seqScanOnLeads: false, executionMs, plan: '' };
}

function rowFor(scenario: Partial<ScenarioResult>) {
  const full: ScenarioResult = {
    id: 'page1',
    label: 'Page 1 (no filter)',
    path: '/api/admin/leads?page=1&limit=10',
    targetMs: 20,
    status: 200,
    samples: 100,
    p50Ms: 3.6,
    p95Ms: 24,
    maxMs: 61,
    total: 1_000_000,
    returned: 10,
    plans: [plan(0.03, ['Seq Scan on lead_counts']), plan(0.04, ['Index Scan using leads_created_at_id_idx on leads'])],
    ...scenario,
  };
  const targets = adminTargets({
    sizes: [{ rows: 1_000_000, seed: { rows: 1_000_000, insertMs: 0, indexMs: 0, vacuumMs: 0 }, tableSize: '', indexSizes: {}, list: [full], dashboard: [] }],
    samplesPerScenario: 100,
  });
  return targets.find((target) => target.target.startsWith('Page 1'))!;
}

describe("the admin list's tail explanation", () => {
  it('names the machine when the statements are sub-millisecond and the median far below the target', () => {
    const row = rowFor({});
    expect(row.met).toBe(false);
    expect(row.why).toContain('The statements take 0.07 ms together and the median answer 3.6 ms');
    expect(row.why).toContain('the p95 of 100 sequential samples comes from a few slow answers (max 61 ms)');
  });

  it('gives a slow query no such excuse', () => {
    const row = rowFor({ p50Ms: 18, p95Ms: 24, plans: [plan(17, ['Seq Scan on leads'])] });
    expect(row.met).toBe(false);
    expect(row.why).not.toContain('not from the query');
  });

  it('adds nothing to a met target', () => {
    const row = rowFor({ p95Ms: 12 });
    expect(row.met).toBe(true);
    expect(row.why).not.toContain('slow answers');
  });
});
