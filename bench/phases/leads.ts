/**
 * Lead capture against a bare `node:http` + `pg` server (bench/leads.ts, bench/baseline-insert-server.ts):
 * closed-loop throughput and latency per variant, then the same servers at the required rate in open
 * loop. Misses explained in bench/phases/leads-misses.ts.
 */
import { benchLeads, type LeadsResult } from '../leads.ts';
import type { LoadResult } from '../lib/load.ts';
import { ms, num, table, type Target } from '../lib/report-format.ts';
import { definePhase } from '../phase.ts';
import type { BenchResults } from '../results.ts';
import { leadsWhatWouldReach } from './leads-misses.ts';

export const leadsPhase = definePhase({
  name: 'leads',
  key: 'leads',
  run: (context) => benchLeads({ siteDistDir: context.siteDistDir, connections: 50, durationS: context.durationS, warmupS: Math.min(3, context.durationS), rounds: context.quick ? 1 : 3 }),
  targets: (leads) => leadTargets(leads),
  report: (leads, measured, results) => leadsSection(leads, measured, results),
  whatWouldReach: (miss, leads) => leadsWhatWouldReach(miss, leads),
});

function leadTargets(leads: LeadsResult): Target[] {
  const app = leads.app;
  const errors = app.errors + app.non2xx + app.timeouts;
  const statements =
    leads.statements.length === 1
      ? 'One submission is one SQL statement, like the baseline, but it does the work decision 016 describes (idempotency record, upsert by email, a note), not a single INSERT.'
      : `One submission runs ${leads.statements.length} SQL statements (${leads.statements.length} round trips to PostgreSQL, each holding a pooled connection) where the baseline runs 1: ${leads.statements.map((sql) => `\`${sql.slice(0, 60)}\``).join(', ')}.`;
  const why = `${statements} Without the Idempotency-Key header: ${leads.statementsWithoutKey.length} statement(s), ${num(leads.appWithoutKey.requestsPerSec)} req/s (ratio ${leads.ratioWithoutKey}).`;
  return [
    {
      area: 'Lead capture',
      target: '≥ 0.6 × baseline throughput',
      measured: `${leads.ratio} (median round: ${num(app.requestsPerSec)} vs ${num(leads.baseline.requestsPerSec)} req/s)`,
      met: leads.ratio >= 0.6,
      why,
    },
    { area: 'Lead capture', target: 'p99 < 50 ms at 50 connections', measured: ms(app.p99Ms), met: app.p99Ms < 50 },
    { area: 'Lead capture', target: 'zero errors', measured: `${errors} (${app.ok} × 2xx, ${app.stored} rows stored)`, met: errors === 0 && app.stored >= app.ok },
    ...variantTargets('web-only instance (WORKERS=off), e-mail jobs enqueued', leads.appWebOnly, leads.ratioWebOnly),
    ...variantTargets('SMTP server down, workers in the process', leads.appSmtpDown, leads.ratioSmtpDown),
    ...preparedFloorTargets(leads),
  ];
}

/**
 * At least 0.8 of "the app's required work as one prepared statement" (the bare server in
 * MODE=full with a named statement). Both are measured against the bare insert in the same rounds, so the
 * ratio to the floor is the ratio of the two ratios.
 */
function preparedFloorTargets(leads: LeadsResult): Target[] {
  const floor = leads.ratioFullSqlPrepared;
  if (!floor || !leads.fullSqlPrepared) return [];
  const row = (variant: string, ratio_: number | undefined) =>
    ratio_ === undefined
      ? []
      : [
          {
            area: `Lead capture, ${variant}`,
            target: '≥ 0.8 × the required work as one prepared statement',
            measured: `${(ratio_ / floor).toFixed(2)} (${ratio_} vs ${floor} of the bare insert; floor ${num(leads.fullSqlPrepared!.requestsPerSec)} req/s)`,
            met: ratio_ / floor >= 0.8,
          },
        ];
  return [...row('workers in the process (npm start)', leads.ratio), ...row('web-only instance (WORKERS=off)', leads.ratioWebOnly)];
}

/** The same two targets with the e-mail jobs enqueued, on a web-only instance and with SMTP down. */
function variantTargets(variant: string, measured: LeadsResult['app'] | undefined, ratio_: number | undefined): Target[] {
  if (!measured || ratio_ === undefined) return [];
  return [
    { area: `Lead capture, ${variant}`, target: '≥ 0.6 × baseline throughput', measured: `${ratio_} (median round: ${num(measured.requestsPerSec)} req/s)`, met: ratio_ >= 0.6 },
    { area: `Lead capture, ${variant}`, target: 'p99 < 50 ms at 50 connections', measured: ms(measured.p99Ms), met: measured.p99Ms < 50 },
  ];
}

function leadsSection(leads: LeadsResult, measured: string, results: BenchResults): string[] {
  const { machine } = results;
  const out: string[] = [];
  out.push(`## 2. Lead capture ${measured}`);
  out.push('');
  out.push(
    `autocannon, ${leads.connections} connections, ${leads.durationS} s per target after a warm-up, ${leads.rounds ?? 1} interleaved round(s): every target runs once per round; each row shows the target's median round (req/s of every round in the last column) and each ratio is the median of the per-round ratios${leads.ratioPerRound ? ` (app / baseline per round: ${leads.ratioPerRound.join(', ')})` : ''}, every request a new email, \`RATE_LIMITS=off\`, app log level \`${leads.logLevel}\` (the production default: one access-log line per request). ` +
      'Baseline: a bare `node:http` server (bench/baseline-insert-server.ts) doing the same single-row INSERT through a `pg` pool of the same size (10) into the same database. ' +
      'Both servers run as separate processes on the same 2 cores as PostgreSQL and autocannon.' +
      (leads.vacuumedBetweenTargets
        ? " After each target's turn, and once its e-mails were sent, its database had a `VACUUM (ANALYZE)`, as autovacuum would do between bursts (the shared PostgreSQL here runs with autovacuum off), so no round measures the dead rows of the one before."
        : ''),
  );
  out.push('');
  const ratios = new Map<LeadsResult['app'] | undefined, number | undefined>([
    [leads.app, leads.ratio],
    [leads.appWithoutKey, leads.ratioWithoutKey],
    [leads.fullSql, leads.ratioFullSql],
    [leads.fullSqlPrepared, leads.ratioFullSqlPrepared],
    [leads.appWebOnly, leads.ratioWebOnly],
    [leads.appSmtpDown, leads.ratioSmtpDown],
  ]);
  const ratioOfRow = (item: LeadsResult['app']) => ratios.get(item) ?? ratio(item.requestsPerSec, leads.baseline.requestsPerSec);
  const row = (label: string, item: LeadsResult['app']) => [
    label,
    num(item.requestsPerSec),
    item.cpu ? `${item.cpu.serverMs.toFixed(2)} + ${item.cpu.postgresMs.toFixed(2)} ms` : '—',
    ms(item.p50Ms),
    ms(item.p90Ms),
    ms(item.p99Ms),
    ms(item.maxMs),
    String(item.errors + item.timeouts),
    String(item.non2xx),
    num(item.ok),
    num(item.stored),
    item === leads.baseline ? '1' : String(ratioOfRow(item)),
    item.rounds ? item.rounds.map(num).join(', ') : '—',
  ];
  out.push(
    table(
      ['Target', 'req/s', 'CPU per request: server + PostgreSQL', 'p50', 'p90', 'p99', 'max', 'errors + timeouts', 'non-2xx', '2xx', 'rows stored', 'ratio to baseline', 'req/s of each round'],
      [
        row('bare node:http + pg, single INSERT (baseline)', leads.baseline),
        ...(leads.fullSql ? [row("bare node:http + pg, the app's required work (idempotency key, upsert, note) in one statement", leads.fullSql)] : []),
        ...(leads.fullSqlPrepared ? [row('the same, as a named prepared statement', leads.fullSqlPrepared)] : []),
        row('`POST /api/leads`, as the site sends it (Idempotency-Key)', leads.app),
        row('`POST /api/leads` without Idempotency-Key', leads.appWithoutKey),
        ...(leads.appWebOnly ? [row('`POST /api/leads` (Idempotency-Key), web-only instance: WORKERS=off', leads.appWebOnly)] : []),
        ...(leads.appSmtpDown ? [row('`POST /api/leads` (Idempotency-Key), workers in the process, SMTP server down', leads.appSmtpDown)] : []),
      ],
    ),
  );
  out.push('');
  if (leads.atRequiredRate) {
    const rate = leads.atRequiredRate;
    out.push(
      `Below saturation: the same servers under an open-loop load of ${num(rate.offeredPerSec)} requests a second (0.6 × the baseline's median, the throughput the target requires), one request due every ${(1000 / rate.offeredPerSec).toFixed(2)} ms whatever the answers, over at most ${leads.connections} keep-alive connections, ${leads.durationS} s each (bench/lib/open-loop.ts). Each latency counts from the moment its request was due, so a stall counts for every request due during it.`,
    );
    out.push('');
    const rateRow = (label: string, item: LoadResult) => [
      label,
      num(item.requestsPerSec),
      ms(item.p50Ms),
      ms(item.p90Ms),
      ms(item.p99Ms),
      ms(item.maxMs),
      String(item.errors + item.timeouts),
      String(item.non2xx),
    ];
    out.push(
      table(
        ['Target', 'answered 2xx per second', 'p50', 'p90', 'p99', 'max', 'errors + timeouts', 'non-2xx'],
        [
          rateRow('bare node:http + pg, single INSERT (baseline)', rate.baseline),
          rateRow('`POST /api/leads`, as the site sends it (Idempotency-Key)', rate.app),
          rateRow('`POST /api/leads` (Idempotency-Key), web-only instance: WORKERS=off', rate.appWebOnly),
        ],
      ),
    );
    out.push('');
  }
  out.push(
    'CPU per request: CPU time of the server process and of all local PostgreSQL processes during the measured window (from /proc), divided by the answered requests. The machine has ' +
      `${machine.cpus} cores shared by the server, PostgreSQL and autocannon, so the sum bounds the throughput.`,
  );
  out.push('');
  if (leads.profile?.length) {
    out.push(
      'CPU profile of the app process under the same load (separate 5 s run under `node --cpu-prof`; each sample charged to the nearest app file or package on its stack, so a socket write issued by `pg` counts for `pg`):',
    );
    out.push('');
    out.push(
      table(
        ['Code', 'Share of busy CPU'],
        leads.profile.map((item) => [item.group, `${item.share} %`]),
      ),
    );
    out.push('');
  }
  out.push(`SQL of one submission with an Idempotency-Key (${leads.statements.length} statements): ${leads.statements.map((sql) => `\`${sql}\``).join(' → ')}.`);
  out.push('');
  out.push('"rows stored" counts rows whose email belongs to the measured window; it can exceed the 2xx count by the requests still in flight when autocannon stopped.');
  out.push('');
  return out;
}

function ratio(value: number, base: number): string {
  if (base === 0) return value === 0 ? '1' : '∞';
  return (value / base).toFixed(2);
}
