/**
 * The analytics series and the tasks at scale (bench/analytics.ts): sequential requests on the admin's
 * seeded databases, each statement's plan beside its time.
 */
import { benchAnalytics, type AnalyticsBenchResult } from '../analytics.ts';
import type { AdminResult } from '../admin.ts';
import { ms, num, rowsLabel, whatWouldReachIt, type Target } from '../lib/report-format.ts';
import { definePhase } from '../phase.ts';
import { adminGrowthTable } from './admin.ts';

export const analyticsPhase = definePhase({
  name: 'analytics',
  key: 'analytics',
  run: (context) => benchAnalytics({ siteDistDir: context.siteDistDir, sizes: context.sizes, samples: context.quick ? 10 : 30 }),
  targets: (analytics) => analyticsTargets(analytics),
  report: (analytics, measured) => analyticsSection(analytics, measured),
  whatWouldReach: (miss) => {
    const fix = whatWouldReachIt;
    if (miss.area.startsWith('Analytics at')) {
      return fix(
        'the contacts’ series read `lead_daily_counts` (decision 078): if its statement dominates, look at the number of its rows (the maintenance folds them every five minutes; a table never folded or never analysed is read by a bitmap heap scan instead of an index-only scan, 181 ms for 12 months measured right after a one-statement seed of 1 M contacts); if the funnel dominates, index `webinar_registrations (webinar_id, status)` and `activities (lead_id, type, title)`.',
      );
    }
    return '';
  },
});

export function analyticsTargets(analytics: AnalyticsBenchResult): Target[] {
  const largest = analytics.sizes.at(-1);
  if (!largest) return [];
  return largest.list
    .filter((scenario) => scenario.targetMs)
    .map((scenario) => ({
      area: `Analytics at ${rowsLabel(largest.rows)}`,
      target: `${scenario.label}: p95 < ${scenario.targetMs} ms`,
      measured: scenario.error ? `failed: ${scenario.error}` : `${ms(scenario.p95Ms)} (p50 ${ms(scenario.p50Ms)})`,
      met: !scenario.error && scenario.p95Ms < scenario.targetMs!,
      why: scenario.plans.length ? `Statements: ${scenario.plans.map((plan) => `${ms(plan.executionMs)} (${plan.scans.join(' + ')})`).join('; ')}.` : undefined,
    }));
}

function analyticsSection(analytics: AnalyticsBenchResult, measured: string): string[] {
  const out: string[] = [];
  out.push(`## Analytics and tasks at scale ${measured}`);
  out.push('');
  out.push(
    `Sequential requests on the production server signed in as an admin, ${analytics.samplesPerScenario} samples after 3 warm-up requests. Open tasks: ${analytics.sizes.map((size) => `${num(size.openTasks)} at ${rowsLabel(size.rows)}`).join(', ')}.`,
  );
  out.push('');
  // The admin growth table reads only `rows` and the picked scenarios of each size.
  out.push(adminGrowthTable(analytics as unknown as AdminResult, (size) => size.list));
  out.push('');
  return out;
}
