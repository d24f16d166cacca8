/**
 * What the lead-capture phase measures beside its closed-loop rounds: the latency at the required rate
 * (open loop), a CPU profile of the app by package, and the SQL one submission runs.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startProductionServer, type RunningProcess } from './lib/server.ts';
import { load } from './lib/load.ts';
import { openLoopLoad } from './lib/open-loop.ts';
import { ROOT, RUN_ID, WORK_DIR, log } from './lib/util.ts';
import { startInProcessApp } from './lib/inprocess.ts';
import { summariseProfile, type ProfileGroup } from './lib/cpu.ts';
import { leadRequest, leadSubmission } from './fixtures/lead-submissions.ts';
import type { LeadsResult } from './leads.ts';

/**
 * Latency below saturation. A closed loop at a fixed number of connections keeps every connection busy,
 * so its mean latency is connections ÷ throughput (Little's law) and its p99 mostly measures how the
 * saturated machine queues. An open loop at the required throughput (bench/lib/open-loop.ts) shows what
 * a visitor meets when the server is asked for exactly what the target demands; stalls still count for
 * every request due during them.
 */
export async function measureAtRequiredRate(
  ratePerSec: number,
  servers: { baseline: RunningProcess; app: RunningProcess; webOnly: RunningProcess },
  options: { connections: number; durationS: number; warmupS: number },
): Promise<NonNullable<LeadsResult['atRequiredRate']>> {
  const measure = async (label: string, server: RunningProcess, withKey: boolean) => {
    const prefix = `bench-${label}-rate-${RUN_ID}`;
    const at = (durationS: number, suffix: string) =>
      openLoopLoad({ label, url: server.url, connections: options.connections, durationS, ratePerSec, request: (n) => leadSubmission(`${prefix}-${suffix}`, server.url, withKey, n) });
    await at(options.warmupS, 'w');
    const result = await at(options.durationS, 'm');
    log(
      `leads: ${label}, open loop at ${ratePerSec} req/s: ${result.requestsPerSec} req/s answered, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms, errors ${result.errors + result.non2xx + result.timeouts}`,
    );
    return result;
  };
  // The instance with workers in the process comes last: the e-mails its load causes are sent after
  // its window (the caller waits for them), not during another target's.
  const baseline = await measure('baseline', servers.baseline, false);
  const appWebOnly = await measure('app-web-only', servers.webOnly, true);
  const app = await measure('app', servers.app, true);
  return { offeredPerSec: ratePerSec, baseline, app, appWebOnly };
}

/** A separate, shorter run of the app under `node --cpu-prof`, summarised by package. */
export async function profiledRun(databaseUrl: string, options: { siteDistDir: string; connections: number; durationS: number }): Promise<ProfileGroup[]> {
  const dir = path.join(WORK_DIR, 'profiles');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const server = await startProductionServer({
    name: 'leads-app-profiled',
    siteDistDir: options.siteDistDir,
    env: { DATABASE_URL: databaseUrl, RATE_LIMITS: 'off', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
    nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir],
  });
  const window = { fromMs: 0, toMs: 0, exitMs: 0 };
  try {
    log('leads: profiling the app (node --cpu-prof)…');
    await load({ label: 'profile', url: server.url, connections: options.connections, durationS: 2, request: leadRequest(`bench-profile-${RUN_ID}-w`, server.url, true) });
    window.fromMs = Date.now();
    await load({ label: 'profile', url: server.url, connections: options.connections, durationS: Math.min(5, options.durationS), request: leadRequest(`bench-profile-${RUN_ID}`, server.url, true) });
    window.toMs = Date.now();
  } finally {
    await server.stop();
    window.exitMs = Date.now();
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  return file ? summariseProfile(path.join(dir, file), ROOT, window) : [];
}

/** What one submission sends to PostgreSQL, with and without an Idempotency-Key. */
export async function statementsPerSubmission(databaseUrl: string, siteDistDir: string): Promise<{ withKey: string[]; withoutKey: string[] }> {
  const app = await startInProcessApp(databaseUrl, siteDistDir);
  try {
    const submit = async (withKey: boolean) => {
      const n = `${RUN_ID}-${withKey ? 'k' : 'n'}`;
      const { queries } = await app.capture(async () => {
        const response = await fetch(`${app.url}/api/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: app.url, ...(withKey ? { 'idempotency-key': randomUUID() } : {}) },
          body: JSON.stringify({ firstName: 'Léa', lastName: 'Favre', email: `bench-sql-${n}@exemple.ch`, phone: '+41 79 123 45 67', company: 'Atelier', message: 'Bonjour', type: 'contact' }),
        });
        await response.text();
      });
      return queries.map((query) => query.sql.replace(/\s+/g, ' ').trim().slice(0, 110));
    };
    return { withKey: await submit(true), withoutKey: await submit(false) };
  } finally {
    await app.close();
  }
}
