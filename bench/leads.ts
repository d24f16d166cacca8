/**
 * Phase 2, lead capture: `POST /api/leads` under 50 concurrent connections against the production
 * server on PostgreSQL, next to a bare node:http + pg server doing the same single-row insert into
 * the same database in the same run. Every request carries a unique email.
 */
import path from 'node:path';
import { openDatabase, migrateLatest } from '../api/platform/db.ts';
import { createDatabase, dropDatabase } from './lib/pg.ts';
import { spawnAndWait, startProductionServer, type RunningProcess } from './lib/server.ts';
import { load, type LoadResult } from './lib/load.ts';
import { ROOT, RUN_ID, log, median, round } from './lib/util.ts';
import { measureAtRequiredRate, profiledRun, statementsPerSubmission } from './leads-probes.ts';
import { storedCount, vacuumAfter, waitForEmailBacklog } from './lib/after-load.ts';
import { leadRequest } from './fixtures/lead-submissions.ts';
import { postgresCpuMs, processCpuMs, type ProfileGroup } from './lib/cpu.ts';

/** CPU time per answered request during the measured window. */
export interface CpuPerRequest {
  serverMs: number;
  postgresMs: number;
  clientMs: number;
}

type Measured = LoadResult & { stored: number; cpu: CpuPerRequest; rounds?: number[] };

export interface LeadsResult {
  connections: number;
  durationS: number;
  rounds: number;
  logLevel: string;
  /** Each target's database had a VACUUM (ANALYZE) after its turn (and after its e-mails were sent). */
  vacuumedBetweenTargets?: boolean;
  baseline: Measured;
  /** Bare node:http + pg doing the app's whole contact-submission work in one statement (MODE=full). */
  fullSql: Measured;
  ratioFullSql: number;
  /** The same, as a named prepared statement (parsed and planned once per connection). */
  fullSqlPrepared?: Measured;
  ratioFullSqlPrepared?: number;
  /** As the site sends it: JSON with an Idempotency-Key per submission. */
  app: Measured;
  /** Without the Idempotency-Key header (no idempotency record written). */
  appWithoutKey: Measured;
  /** Self CPU time of the app process by package, from a separate profiled run (node --cpu-prof). */
  profile: ProfileGroup[];
  /** Median of the per-round ratios app / baseline. */
  ratio: number;
  ratioPerRound?: number[];
  ratioWithoutKey: number;
  /** As the site sends it, to a web-only instance (WORKERS=off): the jobs are enqueued, not run here. */
  appWebOnly?: Measured;
  ratioWebOnly?: number;
  /** As the site sends it, workers in the process and the SMTP server down. */
  appSmtpDown?: Measured;
  ratioSmtpDown?: number;
  /**
   * The same targets under an open-loop load at the throughput the target requires (0.6 × the
   * baseline's median), over at most the same connections: the latency a visitor meets when the server
   * is asked for what the target demands rather than for all it can do.
   */
  atRequiredRate?: { offeredPerSec: number; baseline: LoadResult; app: LoadResult; appWebOnly: LoadResult };
  /** The SQL one submission runs (captured from the same code in-process), first line of each. */
  statements: string[];
  statementsWithoutKey: string[];
}

export async function benchLeads(options: { siteDistDir: string; connections: number; durationS: number; warmupS: number; rounds: number }): Promise<LeadsResult> {
  const database = await createDatabase('leads');
  const webOnlyDatabase = await createDatabase('leads-web-only');
  const smtpDownDatabase = await createDatabase('leads-smtp-down');
  try {
    const knex = await openDatabase({ databaseUrl: database.url, dataDir: path.join(ROOT, 'bench', '.work') });
    await migrateLatest(knex);
    await knex.destroy();

    const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
    const app = await startProductionServer({
      name: 'leads-app',
      siteDistDir: options.siteDistDir,
      env: { DATABASE_URL: database.url, RATE_LIMITS: 'off', LOG_LEVEL: logLevel },
    });
    // The same request path on a web-only instance (WORKERS=off): the e-mail jobs are enqueued in each
    // submission's transaction, and sent by a worker instance elsewhere, as the README describes.
    // Each e-mail variant has its own database: instances on one database share its queue, so one
    // instance's workers would otherwise send (and spend CPU on) another's e-mails.
    const webOnly = await startProductionServer({
      name: 'leads-app-web-only',
      siteDistDir: options.siteDistDir,
      env: { DATABASE_URL: webOnlyDatabase.url, RATE_LIMITS: 'off', LOG_LEVEL: logLevel, WORKERS: 'off' },
    });
    // Workers in the process, SMTP server down (nothing listens on port 9): every send fails at once and
    // is retried later with backoff. This instance runs only while it is measured: its retries go on for
    // a day, and left running between its rounds they took CPU from the other targets' measurements
    // (round 2's bare baseline fell from 2,001 to 798 req/s at 497561e).
    const startSmtpDown = () =>
      startProductionServer({
        name: 'leads-app-smtp-down',
        siteDistDir: options.siteDistDir,
        env: { DATABASE_URL: smtpDownDatabase.url, RATE_LIMITS: 'off', LOG_LEVEL: logLevel, SMTP_URL: 'smtp://127.0.0.1:9' },
      });
    let smtpDown: RunningProcess | undefined;
    const baseline = await spawnAndWait({
      name: 'leads-baseline',
      args: [path.join(ROOT, 'bench', 'baseline-insert-server.ts')],
      env: { DATABASE_URL: database.url },
      ready: /Baseline prête sur (http:\/\/\S+)/,
    });
    const fullSql = await spawnAndWait({
      name: 'leads-baseline-full',
      args: [path.join(ROOT, 'bench', 'baseline-insert-server.ts')],
      env: { DATABASE_URL: database.url, MODE: 'full' },
      ready: /Baseline prête sur (http:\/\/\S+)/,
    });
    const fullSqlPrepared = await spawnAndWait({
      name: 'leads-baseline-full-prepared',
      args: [path.join(ROOT, 'bench', 'baseline-insert-server.ts')],
      env: { DATABASE_URL: database.url, MODE: 'full', PREPARED: '1' },
      ready: /Baseline prête sur (http:\/\/\S+)/,
    });
    try {
      const run = async (label: string, server: { url: string; process: { pid?: number } }, withKey: boolean, round_: number, storedIn: string): Promise<Measured> => {
        const { url } = server;
        const pid = server.process.pid!;
        const prefix = `bench-${label}-${RUN_ID}-${round_}`;
        log(`leads: ${label}: warm-up ${options.warmupS} s`);
        await load({ label, url, connections: options.connections, durationS: options.warmupS, request: leadRequest(`${prefix}-w`, url, withKey) });
        log(`leads: ${label}: ${options.durationS} s at ${options.connections} connections`);
        const before = { server: processCpuMs(pid), postgres: postgresCpuMs(), client: process.cpuUsage() };
        const result = await load({ label, url, connections: options.connections, durationS: options.durationS, request: leadRequest(`${prefix}-m`, url, withKey) });
        const client = process.cpuUsage(before.client);
        const answered = Math.max(1, result.ok + result.non2xx);
        const cpu = {
          serverMs: round((processCpuMs(pid) - before.server) / answered, 3),
          postgresMs: round((postgresCpuMs() - before.postgres) / answered, 3),
          clientMs: round((client.user + client.system) / 1000 / answered, 3),
        };
        const stored = await storedCount(storedIn, `${prefix}-m`);
        log(
          `leads: ${label}: ${result.requestsPerSec} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, errors ${result.errors + result.non2xx + result.timeouts}, stored ${stored}; CPU per request: server ${cpu.serverMs} ms, PostgreSQL ${cpu.postgresMs} ms, autocannon ${cpu.clientMs} ms`,
        );
        return { ...result, stored, cpu };
      };
      // The machine is shared and its speed drifts: every target runs once per round, interleaved, so each
      // ratio compares runs made a minute apart; a target is represented by its median round and a ratio
      // by the median of its per-round ratios. All rounds are reported.
      const always = (server: RunningProcess) => ({ open: async () => server, close: async () => {} });
      const targets = [
        { label: 'baseline', ...always(baseline), withKey: false, database: database.url, workers: false },
        { label: 'full-sql', ...always(fullSql), withKey: true, database: database.url, workers: false },
        { label: 'full-sql-prepared', ...always(fullSqlPrepared), withKey: true, database: database.url, workers: false },
        { label: 'app', ...always(app), withKey: true, database: database.url, workers: true },
        { label: 'app-nokey', ...always(app), withKey: false, database: database.url, workers: true },
        { label: 'app-web-only', ...always(webOnly), withKey: true, database: webOnlyDatabase.url, workers: false },
        {
          label: 'app-smtp-down',
          open: async () => (smtpDown = await startSmtpDown()),
          close: async () => {
            await smtpDown?.stop();
            smtpDown = undefined;
          },
          withKey: true,
          database: smtpDownDatabase.url,
          workers: false,
        },
      ];
      const measured = new Map<string, Measured[]>();
      for (let round_ = 1; round_ <= options.rounds; round_++) {
        for (const target of targets) {
          const result = await run(target.label, await target.open(), target.withKey, round_, target.database);
          await target.close();
          measured.set(target.label, [...(measured.get(target.label) ?? []), result]);
          if (target.workers) await waitForEmailBacklog(target.database, target.label);
          await vacuumAfter(target.database, target.label);
        }
      }
      const best = (label: string): Measured => {
        const list = measured.get(label)!;
        const middle = [...list].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[Math.floor((list.length - 1) / 2)]!;
        return { ...middle, rounds: list.map((item) => item.requestsPerSec) };
      };
      const ratioOf = (label: string): { ratio: number; perRound: number[] } => {
        const perRound = measured.get(label)!.map((item, index) => round(item.requestsPerSec / measured.get('baseline')![index]!.requestsPerSec, 2));
        return { ratio: median(perRound), perRound };
      };
      const baselineResult = best('baseline');
      const fullSqlResult = best('full-sql');
      const fullSqlPreparedResult = best('full-sql-prepared');
      const appResult = best('app');
      const appWithoutKey = best('app-nokey');
      const atRequiredRate = await measureAtRequiredRate(Math.round(0.6 * baselineResult.requestsPerSec), { baseline, app, webOnly }, options);
      await waitForEmailBacklog(database.url, 'app at the required rate');
      await app.stop();
      await webOnly.stop();
      const profile = await profiledRun(database.url, options);
      const statements = await statementsPerSubmission(database.url, options.siteDistDir);
      return {
        profile,
        statements: statements.withKey,
        statementsWithoutKey: statements.withoutKey,
        connections: options.connections,
        durationS: options.durationS,
        rounds: options.rounds,
        logLevel,
        vacuumedBetweenTargets: true,
        baseline: baselineResult,
        fullSql: fullSqlResult,
        ratioFullSql: ratioOf('full-sql').ratio,
        fullSqlPrepared: fullSqlPreparedResult,
        ratioFullSqlPrepared: ratioOf('full-sql-prepared').ratio,
        app: appResult,
        appWithoutKey,
        ratio: ratioOf('app').ratio,
        ratioPerRound: ratioOf('app').perRound,
        ratioWithoutKey: ratioOf('app-nokey').ratio,
        appWebOnly: best('app-web-only'),
        ratioWebOnly: ratioOf('app-web-only').ratio,
        appSmtpDown: best('app-smtp-down'),
        ratioSmtpDown: ratioOf('app-smtp-down').ratio,
        atRequiredRate,
      };
    } finally {
      await baseline.stop();
      await fullSql.stop();
      await fullSqlPrepared.stop();
      await app.stop();
      await webOnly.stop();
      await smtpDown?.stop();
    }
  } finally {
    await dropDatabase(database.name);
    await dropDatabase(webOnlyDatabase.name);
    await dropDatabase(smtpDownDatabase.name);
  }
}
