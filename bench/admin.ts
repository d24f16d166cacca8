/**
 * Phase 3, the admin at scale: contacts seeded with generate_series at each size (10 k, 100 k, 1 M by
 * default, growing one database), then p50/p95 of `GET /api/admin/leads` for the scenarios below
 * against the production server, and EXPLAIN (ANALYZE, BUFFERS) of the exact SQL each request runs
 * (captured from the same code in-process, see lib/inprocess.ts).
 */
import pg from 'pg';
import { ApiSession } from './lib/http.ts';
import { type CapturedQuery, type InProcessApp } from './lib/inprocess.ts';
import { seedDashboardData, seedLeadsTo, RARE_LAST_NAME, COMMON_LAST_NAME, type SeedStep } from './seed.ts';
import { log, round } from './lib/util.ts';
import { pickLatency } from './lib/latency.ts';
import { withAdminBench } from './lib/admin-bench.ts';

export interface Scenario {
  id: string;
  label: string;
  path: string;
  /** Target p95 at 1 M rows, for the scenarios that have one (decision 015: exact totals). */
  targetMs?: number;
}

export const LIST_SCENARIOS: Scenario[] = [
  { id: 'page1', label: 'Page 1 (no filter)', path: '/api/admin/leads?page=1&limit=10', targetMs: 20 },
  { id: 'page500', label: 'Page 500 (no filter)', path: '/api/admin/leads?page=500&limit=10', targetMs: 150 },
  { id: 'rare', label: `Rare term « ${RARE_LAST_NAME} »`, path: `/api/admin/leads?page=1&limit=10&search=${encodeURIComponent(RARE_LAST_NAME)}`, targetMs: 20 },
  { id: 'common', label: `Common term « ${COMMON_LAST_NAME} »`, path: `/api/admin/leads?page=1&limit=10&search=${COMMON_LAST_NAME}`, targetMs: 150 },
  { id: 'twochar', label: '2-character term « du »', path: '/api/admin/leads?page=1&limit=10&search=du' },
  { id: 'tag', label: 'Tag filter « vip »', path: '/api/admin/leads?page=1&limit=10&tags=vip' },
];

/** The dashboard's reads, each `GET /api/admin/<route>` and named after its route. */
export const DASHBOARD_SCENARIOS: Scenario[] = ['stats/leads', 'leads/recent', 'stats/webinars', 'webinars/upcoming', 'activities/recent'].map((route) => ({
  id: route.replace('/', '-'),
  label: `GET ${route}`,
  path: `/api/admin/${route}`,
}));

export interface PlanSummary {
  sql: string;
  bindings: unknown[];
  /** Scan nodes, e.g. "Index Scan using leads_created_at_id_idx on leads". */
  scans: string[];
  seqScanOnLeads: boolean;
  executionMs: number;
  plan: string;
}

export interface ScenarioResult {
  id: string;
  label: string;
  path: string;
  targetMs?: number;
  status: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  total?: number;
  returned?: number;
  plans: PlanSummary[];
  error?: string;
}

export interface SizeResult {
  rows: number;
  seed: SeedStep;
  tableSize: string;
  indexSizes: Record<string, string>;
  list: ScenarioResult[];
  dashboard: ScenarioResult[];
}

export interface AdminResult {
  sizes: SizeResult[];
  samplesPerScenario: number;
}

export interface AdminContext {
  rows: number;
  serverUrl: string;
  databaseUrl: string;
  session: ApiSession;
  isFirst: boolean;
  isLast: boolean;
}

const SCAN =
  /(Parallel Seq Scan|Seq Scan|Parallel Index Only Scan|Parallel Index Scan|Index Only Scan|Index Scan(?: Backward)?|Bitmap Index Scan|Bitmap Heap Scan)(?: using| on) ("?[\w.]+"?)(?: on ("?[\w.]+"?))?/;

export function summarisePlan(plan: string): { scans: string[]; seqScanOnLeads: boolean; executionMs: number } {
  const scans: string[] = [];
  for (const line of plan.split('\n')) {
    const match = SCAN.exec(line);
    if (!match) continue;
    scans.push(`${match[1]} ${match[3] ? `using ${match[2]} on ${match[3]}` : `on ${match[2]}`}`.replaceAll('"', ''));
  }
  const execution = /Execution Time: ([\d.]+) ms/.exec(plan);
  return {
    scans: [...new Set(scans)],
    seqScanOnLeads: scans.some((scan) => /Seq Scan on leads\b/.test(scan)),
    executionMs: execution ? Number(execution[1]) : Number.NaN,
  };
}

async function explain(client: pg.Client, query: CapturedQuery): Promise<PlanSummary> {
  const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.bindings as unknown[]);
  const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
  return { sql: query.sql, bindings: query.bindings, plan, ...summarisePlan(plan) };
}

/** The statements of one request worth explaining: SELECTs that read the business tables. */
function interesting(query: CapturedQuery): boolean {
  return /^\s*(select|with)\b/i.test(query.sql) && /\b(leads|lead_counts|webinars|webinar_registrations|activities)\b/.test(query.sql);
}

export async function measureScenario(scenario: Scenario, session: ApiSession, inProcess: InProcessApp, inProcessSession: ApiSession, client: pg.Client, samples: number): Promise<ScenarioResult> {
  const times: number[] = [];
  let last: { status: number; body: unknown } | undefined;
  const budgetEnd = performance.now() + 30_000;
  for (let index = 0; index < 3; index++) last = await session.request('GET', scenario.path);
  for (let index = 0; index < samples && performance.now() < budgetEnd; index++) {
    const response = await session.request('GET', scenario.path);
    times.push(response.ms);
    last = response;
  }
  const body = last?.body as { leads?: unknown[]; pagination?: { total: number } } | unknown[] | undefined;
  const result: ScenarioResult = {
    id: scenario.id,
    label: scenario.label,
    path: scenario.path,
    targetMs: scenario.targetMs,
    status: last?.status ?? 0,
    samples: times.length,
    ...pickLatency(times),
    total: Array.isArray(body) ? undefined : body?.pagination?.total,
    returned: Array.isArray(body) ? body.length : body?.leads?.length,
    plans: [],
  };
  if (last?.status !== 200) result.error = `HTTP ${last?.status}: ${JSON.stringify(last?.body).slice(0, 300)}`;
  const { queries } = await inProcess.capture(() => inProcessSession.request('GET', scenario.path));
  for (const query of queries.filter(interesting)) {
    try {
      result.plans.push(await explain(client, query));
    } catch (error) {
      result.plans.push({ sql: query.sql, bindings: query.bindings, scans: [], seqScanOnLeads: false, executionMs: Number.NaN, plan: `EXPLAIN failed: ${(error as Error).message}` });
    }
  }
  return result;
}

export async function benchAdmin(options: { siteDistDir: string; sizes: number[]; samples: number; onSize?: (context: AdminContext) => Promise<void> }): Promise<AdminResult> {
  const sizes: SizeResult[] = [];
  await withAdminBench({ purpose: 'admin', siteDistDir: options.siteDistDir, inProcess: true }, async ({ database, client, server, session, inProcess, inProcessSession }) => {
    for (const [index, rows] of options.sizes.entries()) {
      log(`admin: seeding ${rows.toLocaleString('fr-CH')} contacts…`);
      const seed = await seedLeadsTo(client, rows);
      await seedDashboardData(client);
      log(
        `admin: seeded in ${round((seed.insertMs + seed.indexMs + seed.vacuumMs) / 1000, 1)} s (insert ${round(seed.insertMs / 1000, 1)} s, indexes ${round(seed.indexMs / 1000, 1)} s, vacuum analyze ${round(seed.vacuumMs / 1000, 1)} s)`,
      );
      const sizesRow = await client.query<{ name: string; size: string }>(
        `select c.relname as name, pg_size_pretty(pg_relation_size(c.oid)) as size
         from pg_class c join pg_index i on i.indexrelid = c.oid where i.indrelid = 'leads'::regclass order by c.relname`,
      );
      const tableSize = (await client.query<{ size: string }>(`select pg_size_pretty(pg_table_size('leads')) as size`)).rows[0]!.size;

      const list: ScenarioResult[] = [];
      for (const scenario of LIST_SCENARIOS) {
        const result = await measureScenario(scenario, session, inProcess, inProcessSession, client, options.samples);
        log(`admin ${rows}: ${scenario.id}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, total ${result.total}; ${result.plans.map((plan) => plan.scans.join(' + ')).join(' | ')}`);
        list.push(result);
      }
      const dashboard: ScenarioResult[] = [];
      for (const scenario of DASHBOARD_SCENARIOS) {
        const result = await measureScenario(scenario, session, inProcess, inProcessSession, client, Math.ceil(options.samples / 2));
        log(`admin ${rows}: ${scenario.id}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms`);
        dashboard.push(result);
      }
      sizes.push({ rows, seed, tableSize, indexSizes: Object.fromEntries(sizesRow.rows.map((row) => [row.name, row.size])), list, dashboard });
      if (options.onSize) {
        await options.onSize({ rows, serverUrl: server.url, databaseUrl: database.url, session, isFirst: index === 0, isLast: index === options.sizes.length - 1 });
      }
    }
  });
  return { sizes, samplesPerScenario: options.samples };
}
