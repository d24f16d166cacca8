/**
 * `npm run bench`: measures the public pages, lead capture, the admin at scale, login and the admin
 * dashboard against their baselines, on PostgreSQL, and writes bench/RESULTS.md.
 *
 * Options (or the BENCH_* environment variables):
 *   --only=pages,leads,admin,login,bundle,login-flood,analytics,import,exports,tags,emails,contact,booking,visits,newsletter,billing,payments   phases to run (default: all); the others keep their
 *                                           figures from the previous run (bench/results.json, committed with RESULTS.md)
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
import { benchPages } from './pages.ts';
import { benchLeads } from './leads.ts';
import { benchAdmin } from './admin.ts';
import { benchLogin } from './login.ts';
import { benchLoginFlood } from './login-flood.ts';
import { benchBundle, type BundleResult } from './bundle.ts';
import { benchAnalytics } from './analytics.ts';
import { benchImport } from './import.ts';
import { benchExports } from './exports.ts';
import { benchTags } from './tags.ts';
import { benchEmails } from './emails.ts';
import { benchContact } from './contact.ts';
import { benchBooking } from './booking.ts';
import { benchVisits } from './visits.ts';
import { benchNewsletter } from './newsletter.ts';
import { benchBilling } from './billing.ts';
import { benchPayments } from './payments.ts';
import { renderReport, type BenchResults } from './report.ts';

const PHASES = ['pages', 'leads', 'admin', 'login', 'bundle', 'login-flood', 'analytics', 'import', 'exports', 'tags', 'emails', 'contact', 'booking', 'visits', 'newsletter', 'billing', 'payments'] as const;
type Phase = (typeof PHASES)[number];

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
const only = new Set((values.only ?? PHASES.join(',')).split(',').map((phase) => phase.trim()) as Phase[]);
for (const phase of only) if (!PHASES.includes(phase)) throw new Error(`unknown phase ${phase} (expected ${PHASES.join(', ')})`);
const sizes = (values.sizes ?? (quick ? '10000' : '10000,100000,1000000')).split(',').map(Number);
const runs = Number(values.runs ?? (quick ? 1 : 5));
const durationS = Number(values.duration ?? (quick ? 3 : 10));

// The figures behind RESULTS.md are committed with it: kept only on the machine that measured them, a
// run of some phases on a fresh clone rewrote RESULTS.md with those phases alone and erased the others.
const RESULTS_JSON = path.join(ROOT, 'bench', 'results.json');
const RESULTS_MD = path.join(ROOT, 'bench', 'RESULTS.md');
const hasPreviousFigures = existsSync(RESULTS_JSON);
const runsEveryPhase = PHASES.every((phase) => only.has(phase));
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
  const needsDatabase = PHASES.some((phase) => phase !== 'pages' && phase !== 'billing' && only.has(phase));
  if (needsDatabase && !(await isPostgresReachable())) {
    throw new Error(`PostgreSQL is not reachable at ${ADMIN_URL} (set BENCH_DATABASE_URL to a server where the benchmark may create databases)`);
  }
  const site = await snapshotSite();
  results.siteBuild = { builtNow: site.builtNow, ms: round(site.buildMs, 0), at: stamp, error: site.error };

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
  if (only.has('pages')) {
    await phase('pages', async () => {
      results.pages = { ...(await benchPages({ siteDistDir: site.dir, runs })), at: stamp };
    });
  }
  if (only.has('leads')) {
    await phase('leads', async () => {
      results.leads = { ...(await benchLeads({ siteDistDir: site.dir, connections: 50, durationS, warmupS: Math.min(3, durationS), rounds: quick ? 1 : 3 })), at: stamp };
    });
  }
  if (only.has('admin') || only.has('login') || only.has('bundle')) {
    await phase('admin', async () => {
      const bundles: BundleResult[] = [];
      const admin = await benchAdmin({
        siteDistDir: site.dir,
        sizes: only.has('admin') ? sizes : [sizes[0]!],
        // 100 sequential requests per scenario (within its 30 s budget): a p95 of 30 samples is their
        // second-slowest answer, which one pause of the shared machine decides.
        samples: quick ? 10 : 100,
        onSize: async (context) => {
          if (context.isFirst && only.has('login')) {
            await phase('login', async () => {
              results.login = { ...(await benchLogin({ url: context.serverUrl, samples: quick ? 5 : 20, durationS, connections: 8 })), at: stamp };
            });
          }
          if (only.has('bundle')) {
            await phase('bundle', async () => {
              bundles.push(await benchBundle({ url: context.serverUrl, databaseUrl: context.databaseUrl, rows: context.rows, runs: quick ? 2 : 5 }));
              results.bundle = { sizes: bundles, at: stamp };
            });
          }
        },
      });
      if (only.has('admin')) results.admin = { ...admin, at: stamp };
    });
  }
  if (only.has('login-flood')) {
    await phase('login-flood', async () => {
      results.loginFlood = { ...(await benchLoginFlood({ siteDistDir: site.dir, durationS })), at: stamp };
    });
  }
  if (only.has('analytics')) {
    await phase('analytics', async () => {
      results.analytics = { ...(await benchAnalytics({ siteDistDir: site.dir, sizes, samples: quick ? 10 : 30 })), at: stamp };
    });
  }
  if (only.has('import')) {
    await phase('import', async () => {
      results.importCsv = { ...(await benchImport({ siteDistDir: site.dir, rows: quick ? 10_000 : 100_000, chunkRows: 5000 })), at: stamp };
    });
  }
  if (only.has('exports')) {
    await phase('exports', async () => {
      results.exports = { ...(await benchExports({ siteDistDir: site.dir, sizes })), at: stamp };
    });
  }
  if (only.has('tags')) {
    await phase('tags', async () => {
      results.tags = { ...(await benchTags({ siteDistDir: site.dir, sizes, samples: quick ? 10 : 30 })), at: stamp };
    });
  }
  if (only.has('emails')) {
    await phase('emails', async () => {
      results.emails = { ...(await benchEmails({ siteDistDir: site.dir })), at: stamp };
    });
  }
  if (only.has('contact')) {
    await phase('contact', async () => {
      results.contact = { ...(await benchContact({ siteDistDir: site.dir, samples: quick ? 10 : 30 })), at: stamp };
    });
  }
  if (only.has('booking')) {
    await phase('booking', async () => {
      results.booking = { ...(await benchBooking({ siteDistDir: site.dir, samples: quick ? 30 : 200 })), at: stamp };
    });
  }
  if (only.has('visits')) {
    await phase('visits', async () => {
      // Many short rounds rather than a few long ones: each pair of loads sees the same moment of a
      // shared machine, whose speed drifts over tens of seconds; the median of the pairs' ratios is kept.
      results.visits = { ...(await benchVisits({ siteDistDir: site.dir, durationS: Math.min(durationS, 4), rounds: quick ? 1 : 15 })), at: stamp };
    });
  }
  if (only.has('newsletter')) {
    await phase('newsletter', async () => {
      results.newsletter = { ...(await benchNewsletter({ siteDistDir: site.dir, durationS, paceSeconds: quick ? 60 : 300 })), at: stamp };
    });
  }
  if (only.has('billing')) {
    await phase('billing', async () => {
      results.billing = { ...(await benchBilling({ samples: quick ? 50 : 200 })), at: stamp };
    });
  }
  if (only.has('payments')) {
    await phase('payments', async () => {
      results.payments = { ...(await benchPayments({ siteDistDir: site.dir, entries: 10_000, rounds: quick ? 2 : 6 })), at: stamp };
    });
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
