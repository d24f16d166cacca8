/**
 * `npm run bench`: measures the public pages, lead capture, the admin at scale, login and the admin
 * dashboard against their baselines, on PostgreSQL, and writes bench/RESULTS.md.
 *
 * Options (or the BENCH_* environment variables):
 *   --only=pages,leads,…                    phases to run (their names: bench/phases/index.ts; default: all); the others
 *                                           keep their figures from the previous run (bench/results.json, committed with RESULTS.md)
 *   --sizes=10000,100000,1000000            contact counts for the admin, analytics and exports phases
 *   --runs=5                                Lighthouse runs per page and form factor (median)
 *   --duration=10                           seconds of load per autocannon target
 *   --quick                                 --sizes=10000 --runs=1 --duration=3 (for developing the bench)
 *   --report-only                           rewrite bench/RESULTS.md from bench/results.json
 * Needs PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; it
 * creates and drops its own databases) and Chromium at CHROME_PATH (default /usr/bin/chromium).
 * Builds and Chromium runs take /tmp/e2e.lock (set BENCH_LOCK=off if you already hold it).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { machineInfo } from './lib/machine.ts';
import { snapshotSite } from './lib/site.ts';
import { dropAllCreated, isPostgresReachable, ADMIN_URL } from './lib/pg.ts';
import { ROOT, WORK_DIR, log, round } from './lib/util.ts';
import { PHASES, WITHOUT_DATABASE } from './phases/index.ts';
import type { PhaseContext } from './phase.ts';
import { renderReport } from './report.ts';
import type { BenchResults } from './results.ts';

const PHASE_NAMES = PHASES.map((phase) => phase.name);

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: process.env.BENCH_ONLY },
    sizes: { type: 'string', default: process.env.BENCH_SIZES },
    runs: { type: 'string', default: process.env.BENCH_RUNS },
    duration: { type: 'string', default: process.env.BENCH_DURATION },
    quick: { type: 'boolean', default: process.env.BENCH_QUICK === '1' },
    'report-only': { type: 'boolean', default: false },
  },
});

const quick = values.quick ?? false;
const only = new Set((values.only ?? PHASE_NAMES.join(',')).split(',').map((phase) => phase.trim()));
for (const phase of only) if (!PHASE_NAMES.includes(phase)) throw new Error(`unknown phase ${phase} (expected ${PHASE_NAMES.join(', ')})`);
const sizes = (values.sizes ?? (quick ? '10000' : '10000,100000,1000000')).split(',').map(Number);
const runs = Number(values.runs ?? (quick ? 1 : 5));
const durationS = Number(values.duration ?? (quick ? 3 : 10));

// The figures behind RESULTS.md are committed with it: kept only on the machine that measured them, a
// run of some phases on a fresh clone rewrote RESULTS.md with those phases alone and erased the others.
const RESULTS_JSON = path.join(ROOT, 'bench', 'results.json');
const RESULTS_MD = path.join(ROOT, 'bench', 'RESULTS.md');
const hasPreviousFigures = existsSync(RESULTS_JSON);
const runsEveryPhase = PHASE_NAMES.every((phase) => only.has(phase));
/** Without the other phases' figures, a partial run reports beside RESULTS.md, never over it. */
const REPORT_MD = hasPreviousFigures || runsEveryPhase ? RESULTS_MD : path.join(WORK_DIR, 'RESULTS.partial.md');
const REPORT_NAME = path.relative(ROOT, REPORT_MD);
const FIGURES_JSON = REPORT_MD === RESULTS_MD ? RESULTS_JSON : path.join(WORK_DIR, 'results.partial.json');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: dropping the benchmark databases…`);
    void dropAllCreated().finally(() => process.exit(130));
  });
}

if (values['report-only']) {
  if (!hasPreviousFigures) throw new Error('no bench/results.json yet: run npm run bench first');
  writeFileSync(RESULTS_MD, renderReport(JSON.parse(readFileSync(RESULTS_JSON, 'utf8')) as BenchResults));
  log('bench/RESULTS.md rewritten from bench/results.json');
  process.exit(0);
}

const started = performance.now();
const previous: Partial<BenchResults> = hasPreviousFigures ? JSON.parse(readFileSync(RESULTS_JSON, 'utf8')) : {};
if (REPORT_MD !== RESULTS_MD) {
  log(`no bench/results.json: this run of ${[...only].join(', ')} reports to ${REPORT_NAME} and leaves bench/RESULTS.md as it is (run every phase once to start bench/results.json)`);
}
const results: BenchResults = { ...previous, phasesRun: [...only], options: { sizes, runs, durationS, quick } } as BenchResults;
const machine = await machineInfo();
const stamp = machine.date;

function save(): void {
  mkdirSync(WORK_DIR, { recursive: true });
  writeFileSync(FIGURES_JSON, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(REPORT_MD, renderReport(results));
}

try {
  log(`machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, load ${machine.loadAverage.join(' ')}; phases: ${[...only].join(', ')}`);
  results.machine = machine;
  const needsDatabase = [...only].some((phase) => !WITHOUT_DATABASE.has(phase));
  if (needsDatabase && !(await isPostgresReachable())) {
    throw new Error(`PostgreSQL is not reachable at ${ADMIN_URL} (set BENCH_DATABASE_URL to a server where the benchmark may create databases)`);
  }
  const site = await snapshotSite();
  results.siteBuild = { builtNow: site.builtNow, ms: round(site.buildMs, 0), at: stamp, error: site.error };

  /** Runs one phase: its error, if any, is recorded under its name and the others still run; the figures are saved after it. */
  const phase = async (name: string, fn: () => Promise<void>) => {
    const loadBefore = os.loadavg()[0]!;
    try {
      await fn();
      results.loadAverages = { ...results.loadAverages, [name]: [round(loadBefore, 2), round(os.loadavg()[0]!, 2)] };
    } catch (error) {
      // One phase failing (a flaky browser, a route not there yet) must not lose the others' figures.
      log(`phase ${name} failed: ${(error as Error).stack ?? error}`);
      results.errors = { ...results.errors, [name]: (error as Error).message };
      process.exitCode = 1;
    }
    save();
  };
  results.errors = {};
  const context: PhaseContext = { siteDistDir: site.dir, sizes, runs, durationS, quick, only, results, stamp, runHosted: phase };
  for (const bench of PHASES) {
    // A hosted phase runs inside its host, which runs when either is asked for.
    const hosted = PHASES.filter((other) => other.hostedBy === bench.name).map((other) => other.name);
    if (bench.hostedBy || !bench.run || !(only.has(bench.name) || hosted.some((name) => only.has(name)))) continue;
    await phase(bench.name, () => bench.run!(context));
  }
  results.durationS = round((performance.now() - started) / 1000, 0);
  save();
  log(`done in ${results.durationS} s: ${REPORT_NAME} written`);
} catch (error) {
  log(`benchmark failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await dropAllCreated();
}
