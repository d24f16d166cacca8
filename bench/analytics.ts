/**
 * Phase "analytics" (decisions 072 and 078): p50/p95 of the analytics series (target p95 < 150 ms at 1 M contacts),
 * the CSV report, the task list and the dashboard's task counts, at each size, against the production
 * server, with EXPLAIN (ANALYZE, BUFFERS) of each statement (as the admin phase does).
 * Seeds on top of the admin phase's contacts: past sessions with attendance, and open tasks on 5 % of
 * the contacts with due dates from 30 days ago to 30 days ahead (a sixth without one).
 */
import pg from 'pg';
import { compactLeadCounts } from '../api/features/contacts/records/lead-counts.ts';
import { seedDashboardData, seedLeadsTo } from './seed.ts';
import { measureScenario, type Scenario, type ScenarioResult } from './admin.ts';
import { log } from './lib/util.ts';
import { withAdminBench } from './lib/admin-bench.ts';

export const ANALYTICS_SCENARIOS: Scenario[] = [
  ...['30d', '90d', '12m'].map((period) => ({ id: `analytics-${period}`, label: `GET analytics?period=${period}`, path: `/api/admin/analytics?period=${period}`, targetMs: 150 })),
  { id: 'report-12m', label: 'GET analytics/report.csv?period=12m', path: '/api/admin/analytics/report.csv?period=12m' },
  { id: 'tasks-all', label: 'GET tasks (all groups, page 1)', path: '/api/admin/tasks?page=1&limit=10' },
  { id: 'tasks-overdue', label: 'GET tasks?due=overdue', path: '/api/admin/tasks?due=overdue&page=1&limit=10' },
  { id: 'tasks-today', label: 'GET tasks?due=today&type=call', path: '/api/admin/tasks?due=today&type=call&page=1&limit=10' },
  { id: 'tasks-counts', label: 'GET tasks/counts', path: '/api/admin/tasks/counts' },
];

export interface AnalyticsSizeResult {
  rows: number;
  openTasks: number;
  list: ScenarioResult[];
}

export interface AnalyticsBenchResult {
  sizes: AnalyticsSizeResult[];
  samplesPerScenario: number;
}

async function seedAnalyticsData(client: pg.Client): Promise<number> {
  await seedDashboardData(client);
  // Past sessions with attendance (the dashboard seed registers 500 contacts to the past one).
  await client.query(`update webinar_registrations set status = case when id % 3 = 0 then 'no-show' else 'attended' end`);
  const admin = (await client.query<{ id: number }>('select id from users order by id limit 1')).rows[0]?.id ?? null;
  await client.query(
    `insert into activities (lead_id, type, title, status, due_date, assigned_to, created_at)
     select id, (array['note','call','email','meeting','task'])[1 + id % 5], 'Relancer', (array['planned','in_progress'])[1 + id % 2],
            case when id % 6 = 0 then null else now() + ((id % 61) - 30) * interval '1 day' end,
            case when id % 3 = 0 then $1::int end, created_at
       from leads where id % 20 = 0`,
    [admin],
  );
  await client.query('vacuum (analyze) webinar_registrations, activities');
  return Number((await client.query<{ n: string }>(`select count(*) as n from activities where status in ('planned', 'in_progress')`)).rows[0]!.n);
}

export async function benchAnalytics(options: { siteDistDir: string; sizes: number[]; samples: number }): Promise<AnalyticsBenchResult> {
  const sizes: AnalyticsSizeResult[] = [];
  await withAdminBench({ purpose: 'analytics', siteDistDir: options.siteDistDir, inProcess: true }, async ({ client, session, inProcess, inProcessSession }) => {
    for (const rows of options.sizes) {
      log(`analytics: seeding ${rows.toLocaleString('fr-CH')} contacts…`);
      await seedLeadsTo(client, rows);
      const openTasks = await seedAnalyticsData(client);
      // What every server's maintenance does within five minutes: fold the counter rows the seed's
      // statements appended (one per day, source and status each), so the analytics read a live table's state.
      await compactLeadCounts(inProcess.knex);
      await client.query('vacuum (analyze) lead_counts, lead_daily_counts');
      const list: ScenarioResult[] = [];
      for (const scenario of ANALYTICS_SCENARIOS) {
        const result = await measureScenario(scenario, session, inProcess, inProcessSession, client, options.samples);
        log(`analytics ${rows}: ${scenario.id}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms; ${result.plans.map((plan) => plan.scans.join(' + ')).join(' | ')}`);
        list.push(result);
      }
      sizes.push({ rows, openTasks, list });
    }
  });
  return { sizes, samplesPerScenario: options.samples };
}
