/**
 * `npm run test:faults -- --soak` (or `npm run test:faults --soak`): not part of CI.
 * Ten minutes (SOAK_MINUTES) of mixed traffic against `npm start` on the PostgreSQL of
 * TEST_DATABASE_URL — public pages, submissions, admin lists — reporting the app's resident memory
 * every 30 s. Verdict: every request succeeds (anything else is listed by status and path with a
 * sample body), and after the warm-up memory stays within 10 % of the figure reached at its end
 * (the median of its last three samples).
 * The warm-up lasts three minutes (SOAK_WARM_UP_MINUTES): V8 sizes its young and old generations
 * to the load during the first minutes, which is growth to a plateau, not a leak; a leak keeps
 * growing afterwards and is what the verdict catches.
 * SOAK_HEAP_SNAPSHOTS=1 also takes a V8 heap snapshot of the server at the end of the warm-up and
 * at the end of the run (`--heapsnapshot-signal`), and prints what grew between them by constructor
 * (heap-summary.ts): a leak is a constructor whose count keeps growing. Writing a snapshot stops the
 * server for a few seconds and costs memory of its own (the RSS reads 100+ MB higher afterwards), so in
 * that mode the memory verdict is the heap's (live objects, within 10 %) and the RSS is printed for
 * information; a request caught in a snapshot's pause (its query waits past the pool's 2 s
 * acquire timeout: 503) is listed apart and does not fail the run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startProductionServer, removeDataDir } from '../e2e/server.ts';
import { newTotpSecret, totpCode } from '../../api/features/accounts/factors/totp.ts';
import { hashPassword } from '../../api/platform/lib/passwords.ts';
import { createScratchDatabase } from '../scratch-database.ts';
import { heapGrowth, summarizeHeapSnapshot } from './heap-summary.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const SAMPLE_MS = 30_000;
const WARM_UP_MS = Number(process.env.SOAK_WARM_UP_MINUTES ?? 3) * 60_000;
const TOLERANCE = 1.1;

function residentMegabytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match![1]) / 1024);
}

const snapshotDir = process.env.SOAK_HEAP_SNAPSHOTS === '1' ? mkdtempSync(path.join(tmpdir(), 'soak-heap-')) : undefined;
const scratch = await createScratchDatabase('soak');
const server = await startProductionServer({
  DATABASE_URL: scratch.url,
  RATE_LIMITS: 'off',
  ...(snapshotDir ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshotDir}`.trim() } : {}),
});

/** When the server was stopped writing a heap snapshot (ms since the epoch). */
const snapshotPauses: { from: number; to: number }[] = [];
/** A request answered within this long after a pause may have waited through it (api/platform/db.ts's acquire timeout). */
const PAUSE_SHADOW_MS = 2_500;

/** Asks the server for a heap snapshot and waits until it is written (the server answers again). */
async function takeHeapSnapshot(label: string): Promise<string> {
  const before = new Set(readdirSync(snapshotDir!));
  const from = Date.now();
  process.kill(server.process.pid!, 'SIGUSR2');
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const written = readdirSync(snapshotDir!).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
    // V8 writes the file synchronously on the main thread: once the server answers, the file is complete.
    if (
      written &&
      (await fetch(`${server.url}/api/health`).then(
        (response) => response.ok,
        () => false,
      ))
    ) {
      const file = path.join(snapshotDir!, `${label}.heapsnapshot`);
      renameSync(path.join(snapshotDir!, written), file);
      snapshotPauses.push({ from, to: Date.now() });
      console.log(`[soak] heap snapshot "${label}" written (${((Date.now() - from) / 1000).toFixed(1)} s)`);
      return file;
    }
  }
}
let failed = false;
try {
  // An administrator for the admin lists, written straight into the database (no setup code needed), with
  // an authenticator app: the server runs in production, where a second factor is required (decision 144).
  const password = `Soak-${randomBytes(12).toString('base64url')}`;
  const secret = newTotpSecret();
  const db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
  const { rows } = await db.query<{ id: number }>("insert into users (username, email, password, first_name, role) values ($1, $1, $2, $3, 'admin') returning id", [
    'soak@clairval.example.ch',
    await hashPassword(password),
    'Soak',
  ]);
  await db.query("insert into user_factors (user_id, type, name, totp_secret, confirmed_at) values ($1, 'totp', 'Soak', $2, now())", [rows[0]!.id, secret]);
  await db.end();
  const cookiesOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
  const login = await fetch(`${server.url}/api/simple-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: 'soak@clairval.example.ch', password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const secondStep = await fetch(`${server.url}/api/simple-auth/mfa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: cookiesOf(login) },
    body: JSON.stringify({ method: 'totp', code: totpCode(secret) }),
  });
  if (!secondStep.ok) throw new Error(`second step failed: ${secondStep.status} ${await secondStep.text()}`);
  const cookie = cookiesOf(secondStep);

  let counter = 0;
  // What did not succeed, by "STATUS METHOD PATH", with the first body seen for each and when.
  const failures = new Map<string, { count: number; body: string; at: number[] }>();
  // autocannon calls a request's `onResponse` (documented in its README, missing from its types).
  const watched = (request: autocannon.Request & { method: string; path: string }): autocannon.Request =>
    ({
      ...request,
      onResponse: (status: number, body: string) => {
        if (status >= 200 && status < 300) return;
        const key = `${status} ${request.method} ${request.path}`;
        const entry = failures.get(key) ?? { count: 0, body: String(body ?? '').slice(0, 200), at: [] };
        entry.count += 1;
        entry.at.push(Date.now());
        failures.set(key, entry);
      },
    }) as autocannon.Request;
  const traffic = autocannon({
    url: server.url,
    connections: 10,
    duration: minutes * 60,
    requests: [
      watched({ method: 'GET', path: '/' }),
      watched({ method: 'GET', path: '/webinaire' }),
      watched({
        method: 'POST',
        path: '/api/leads',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ firstName: 'Endurance', email: `soak-${(counter += 1)}@endurance.example.ch`, type: 'contact', message: 'Essai de durée' }),
        }),
      }),
      watched({ method: 'GET', path: '/api/admin/leads?page=1&limit=10', headers: { cookie } }),
      watched({ method: 'GET', path: '/api/admin/leads?page=3&limit=10&search=endurance', headers: { cookie } }),
      watched({ method: 'GET', path: '/api/admin/stats/leads', headers: { cookie } }),
    ],
  });
  const started = Date.now();
  const samples: { at: number; rss: number }[] = [];
  let warmUpSnapshot: Promise<string> | undefined;
  const sampler = setInterval(() => {
    const sample = { at: Math.round((Date.now() - started) / 1000), rss: residentMegabytes(server.process.pid!) };
    samples.push(sample);
    console.log(`[soak] ${sample.at} s: RSS ${sample.rss} MB`);
    if (snapshotDir && !warmUpSnapshot && sample.at * 1000 >= WARM_UP_MS) warmUpSnapshot = takeHeapSnapshot('warm-up');
  }, SAMPLE_MS);
  const result = await traffic;
  clearInterval(sampler);
  let heapGrewTooMuch: boolean | undefined;
  if (snapshotDir && warmUpSnapshot) {
    const atWarmUp = summarizeHeapSnapshot(await warmUpSnapshot);
    const atEnd = summarizeHeapSnapshot(await takeHeapSnapshot('end'));
    const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(
      `[soak] heap (live objects): ${megabytes(atWarmUp.totalBytes)} MB at the end of the warm-up, ${megabytes(atEnd.totalBytes)} MB at the end (traffic stopped; limit ${megabytes(atWarmUp.totalBytes * TOLERANCE)} MB); what grew most:`,
    );
    for (const group of heapGrowth(atWarmUp, atEnd)) {
      console.log(
        `[soak]   ${group.bytesDelta >= 0 ? '+' : ''}${megabytes(group.bytesDelta)} MB, ${group.countDelta >= 0 ? '+' : ''}${group.countDelta} × ${group.key} (now ${group.count}, ${megabytes(group.bytes)} MB)`,
      );
    }
    heapGrewTooMuch = atEnd.totalBytes > atWarmUp.totalBytes * TOLERANCE;
  }

  // The reference: the median of the warm-up's last three samples, so one garbage-collection low point
  // (or high point) at the end of the warm-up does not decide the verdict.
  const found = samples.findIndex((sample) => sample.at * 1000 >= WARM_UP_MS);
  const endOfWarmUp = found < 0 ? samples.length - 1 : found;
  const lastOfWarmUp = samples.slice(Math.max(0, endOfWarmUp - 2), endOfWarmUp + 1);
  const sortedRss = lastOfWarmUp.map((sample) => sample.rss).sort((a, b) => a - b);
  const baseline = { at: lastOfWarmUp.at(-1)!.at, rss: sortedRss[Math.floor(sortedRss.length / 2)]! };
  const peak = Math.max(...samples.filter((sample) => sample.at > baseline.at).map((sample) => sample.rss), baseline.rss);
  console.log(
    `[soak] ${result.requests.total} requests (${result['2xx']} 2xx, ${result.non2xx} other, ${result.errors} errors) in ${minutes} min; ` +
      `RSS after warm-up ${baseline.rss} MB, peak afterwards ${peak} MB (limit ${Math.round(baseline.rss * TOLERANCE)} MB)`,
  );
  const inPause = (at: number) => snapshotPauses.some((pause) => at >= pause.from && at <= pause.to + PAUSE_SHADOW_MS);
  let outsidePauses = 0;
  for (const [key, { count, body, at }] of failures) {
    const paused = at.filter(inPause).length;
    outsidePauses += count - paused;
    console.error(`[soak] ${count} × ${key}${paused ? ` (${paused} of them during a heap snapshot's pause)` : ''}: ${body}`);
  }
  if (result.errors > 0 || outsidePauses > 0) {
    // The server's own account of them (LOG_LEVEL=warn: only warnings and errors reach the output).
    const serverErrors = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":50'));
    for (const line of serverErrors.slice(0, 5)) console.error(`[soak] server: ${line.slice(0, 600)}`);
    console.error('[soak] FAILED: some requests did not succeed');
    failed = true;
  }
  if (heapGrewTooMuch ?? peak > baseline.rss * TOLERANCE) {
    console.error(`[soak] FAILED: ${heapGrewTooMuch === undefined ? 'memory' : 'the heap'} grew by more than 10 %`);
    failed = true;
  } else if (heapGrewTooMuch === false && peak > baseline.rss * TOLERANCE) {
    console.log('[soak] the RSS rose past 10 % after the first heap snapshot (the snapshot’s own memory); the heap did not');
  }
} finally {
  await server.stop();
  removeDataDir(server.dataDir);
  await scratch.drop();
  if (snapshotDir && process.env.SOAK_KEEP_SNAPSHOTS !== '1') rmSync(snapshotDir, { recursive: true, force: true });
  else if (snapshotDir) console.log(`[soak] heap snapshots kept in ${snapshotDir} (open them in Chrome DevTools' Memory tab)`);
}
console.log(failed ? '0 passed, 1 failed' : '1 passed, 0 failed');
process.exit(failed ? 1 : 0);
