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
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { startProductionServer, removeDataDir } from '../e2e/server.ts';
import { hashPassword } from '../../api/lib/passwords.ts';
import { createScratchDatabase } from '../scratch-database.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const SAMPLE_MS = 30_000;
const WARM_UP_MS = Number(process.env.SOAK_WARM_UP_MINUTES ?? 3) * 60_000;
const TOLERANCE = 1.1;


function residentMegabytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match![1]) / 1024);
}

const scratch = await createScratchDatabase('soak');
const server = await startProductionServer({ DATABASE_URL: scratch.url, RATE_LIMITS: 'off' });
let failed = false;
try {
  // An administrator for the admin lists, written straight into the database (no setup code needed).
  const password = `Soak-${randomBytes(12).toString('base64url')}`;
  const db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
  await db.query("insert into users (username, email, password, first_name, role) values ($1, $1, $2, $3, 'admin')", [
    'soak@clairval.example.ch',
    await hashPassword(password),
    'Soak',
  ]);
  await db.end();
  const login = await fetch(`${server.url}/api/simple-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: 'soak@clairval.example.ch', password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');

  let counter = 0;
  // What did not succeed, by "STATUS METHOD PATH", with the first body seen for each.
  const failures = new Map<string, { count: number; body: string }>();
  // autocannon calls a request's `onResponse` (documented in its README, missing from its types).
  const watched = (request: autocannon.Request & { method: string; path: string }): autocannon.Request =>
    ({
      ...request,
      onResponse: (status: number, body: string) => {
        if (status >= 200 && status < 300) return;
        const key = `${status} ${request.method} ${request.path}`;
        const entry = failures.get(key) ?? { count: 0, body: String(body ?? '').slice(0, 200) };
        entry.count += 1;
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
  const sampler = setInterval(() => {
    const sample = { at: Math.round((Date.now() - started) / 1000), rss: residentMegabytes(server.process.pid!) };
    samples.push(sample);
    console.log(`[soak] ${sample.at} s: RSS ${sample.rss} MB`);
  }, SAMPLE_MS);
  const result = await traffic;
  clearInterval(sampler);

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
  for (const [key, { count, body }] of failures) console.error(`[soak] ${count} × ${key}: ${body}`);
  if (result.errors > 0 || result.non2xx > 0) {
    // The server's own account of them (LOG_LEVEL=warn: only warnings and errors reach the output).
    const serverErrors = server.output().split('\n').filter((line) => line.includes('"level":50'));
    for (const line of serverErrors.slice(0, 5)) console.error(`[soak] server: ${line.slice(0, 600)}`);
    console.error('[soak] FAILED: some requests did not succeed');
    failed = true;
  }
  if (peak > baseline.rss * TOLERANCE) {
    console.error('[soak] FAILED: memory grew by more than 10 %');
    failed = true;
  }
} finally {
  await server.stop();
  removeDataDir(server.dataDir);
  await scratch.drop();
}
console.log(failed ? '0 passed, 1 failed' : '1 passed, 0 failed');
process.exit(failed ? 1 : 0);
