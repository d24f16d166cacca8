/**
 * Phase "login-flood" (decision 021): unauthenticated logins must not slow the public pages. On the
 * production server with PostgreSQL, the landing page's latency is measured alone (baseline), then
 * while 200 logins with random accounts are kept in flight, in the same run. Rate limits are off, as
 * if the flood came from many addresses: what protects the pages here is the bounded hashing
 * (PASSWORD_HASH_CONCURRENCY Argon2 at once, then 503 at once), not the per-IP limit.
 */
import { randomBytes } from 'node:crypto';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createDatabase, dropDatabase } from './lib/pg.ts';
import { startProductionServer } from './lib/server.ts';
import { log, round } from './lib/util.ts';
import { sendFor } from './lib/closed-loop.ts';

export interface LandingLatency {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
}

export interface LoginFloodResult {
  loginsInFlight: number;
  landingConnections: number;
  durationS: number;
  hashConcurrency: number;
  baseline: LandingLatency;
  duringFlood: LandingLatency;
  logins: { total: number; perSec: number; statuses: Record<string, number> };
}

const LANDING_CONNECTIONS = 4;

/** `connections` loops fetching `/` back to back for `durationS`; the answers 200 are timed, any other is an error. */
async function measureLanding(url: string, connections: number, durationS: number): Promise<LandingLatency> {
  const landing = async () => {
    const started = performance.now();
    try {
      // Node's fetch keeps connections alive and opens as many per origin as requests in flight.
      const response = await fetch(`${url}/`);
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    } catch {
      return { status: 0, ms: performance.now() - started };
    }
  };
  const figures = await sendFor(durationS, connections, landing, (status) => status === 200);
  const answered = figures.statuses['200'] ?? 0;
  return { requests: answered, p50Ms: figures.p50Ms, p95Ms: figures.p95Ms, p99Ms: figures.p99Ms, errors: figures.requests - answered };
}

/** Keeps `inFlight` logins with random accounts running until `stop()`; counts the answers. */
function floodLoginsHere(url: string, inFlight: number) {
  const statuses: Record<string, number> = {};
  let running = true;
  const loops = Array.from({ length: inFlight }, async () => {
    while (running) {
      const body = JSON.stringify({ email: `${randomBytes(6).toString('hex')}@flood.example`, password: randomBytes(12).toString('base64url') });
      try {
        const response = await fetch(`${url}/api/simple-auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url },
          body,
        });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      } catch {
        statuses.error = (statuses.error ?? 0) + 1;
      }
    }
  });
  return {
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * The flood runs in a worker thread: its own event loop, so the landing page's timings measured here
 * are not delayed by the 200 request loops of the client itself (only by the server and the CPU).
 */
function floodLogins(url: string, inFlight: number) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { url, inFlight } });
  const statuses = new Promise<Record<string, number>>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async (): Promise<Record<string, number>> => {
      worker.postMessage('stop');
      const result = await statuses;
      await worker.terminate();
      return result;
    },
  };
}

if (!isMainThread && (workerData as { url?: string } | null)?.url) {
  const { url, inFlight } = workerData as { url: string; inFlight: number };
  const flood = floodLoginsHere(url, inFlight);
  parentPort!.once('message', () => {
    void flood.stop().then(() => parentPort!.postMessage(flood.statuses));
  });
}

export async function benchLoginFlood(options: { siteDistDir: string; durationS: number; loginsInFlight?: number }): Promise<LoginFloodResult> {
  const loginsInFlight = options.loginsInFlight ?? 200;
  // The server's default (2) unless BENCH_PASSWORD_HASH_CONCURRENCY says otherwise, to compare settings.
  const hashConcurrency = Number(process.env.BENCH_PASSWORD_HASH_CONCURRENCY ?? 2);
  const database = await createDatabase('login-flood');
  const server = await startProductionServer({
    name: 'login-flood',
    siteDistDir: options.siteDistDir,
    env: { DATABASE_URL: database.url, RATE_LIMITS: 'off', LOG_LEVEL: 'warn', PASSWORD_HASH_CONCURRENCY: String(hashConcurrency) },
  });
  try {
    // Warm up: the page cache, the connection pool, the dummy hash of unknown accounts.
    await measureLanding(server.url, LANDING_CONNECTIONS, 1);
    const warm = floodLoginsHere(server.url, 4);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await warm.stop();

    log(`login-flood: landing page alone, ${options.durationS} s at ${LANDING_CONNECTIONS} connections…`);
    const baseline = await measureLanding(server.url, LANDING_CONNECTIONS, options.durationS);
    log(`login-flood: landing page p95 ${baseline.p95Ms} ms alone; now with ${loginsInFlight} logins in flight…`);
    const flood = floodLogins(server.url, loginsInFlight);
    const started = performance.now();
    // Let the flood reach its steady state before measuring.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const duringFlood = await measureLanding(server.url, LANDING_CONNECTIONS, options.durationS);
    const statuses = await flood.stop();
    const floodSeconds = (performance.now() - started) / 1000;
    const total = Object.values(statuses).reduce((sum, count) => sum + count, 0);
    log(`login-flood: landing page p95 ${duringFlood.p95Ms} ms during the flood (${total} logins answered: ${JSON.stringify(statuses)})`);
    return {
      loginsInFlight,
      landingConnections: LANDING_CONNECTIONS,
      durationS: options.durationS,
      hashConcurrency,
      baseline,
      duringFlood,
      logins: { total, perSec: round(total / floodSeconds, 0), statuses },
    };
  } finally {
    await server.stop();
    await dropDatabase(database.name);
  }
}
