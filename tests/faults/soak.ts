/**
 * `npm run test:faults -- --soak` (or `npm run test:faults --soak`): not part of CI.
 * Ten minutes (SOAK_MINUTES) of mixed traffic against `npm start` on the PostgreSQL of
 * TEST_DATABASE_URL — public pages, submissions, admin lists — reporting the app's resident memory
 * every 30 s. Verdict: after a one-minute warm-up, memory stays within 10 % of the warm-up figure.
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
const WARM_UP_MS = 60_000;
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
  const traffic = autocannon({
    url: server.url,
    connections: 10,
    duration: minutes * 60,
    requests: [
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/webinaire' },
      {
        method: 'POST',
        path: '/api/leads',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request: Record<string, unknown>) => ({
          ...request,
          body: JSON.stringify({ firstName: 'Endurance', email: `soak-${(counter += 1)}@endurance.example.ch`, type: 'contact', message: 'Essai de durée' }),
        }),
      },
      { method: 'GET', path: '/api/admin/leads?page=1&limit=10', headers: { cookie } },
      { method: 'GET', path: '/api/admin/leads?page=3&limit=10&search=endurance', headers: { cookie } },
      { method: 'GET', path: '/api/admin/stats/leads', headers: { cookie } },
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

  const baseline = samples.find((sample) => sample.at * 1000 >= WARM_UP_MS) ?? samples[0]!;
  const peak = Math.max(...samples.filter((sample) => sample.at >= baseline.at).map((sample) => sample.rss));
  console.log(
    `[soak] ${result.requests.total} requests (${result['2xx']} 2xx, ${result.non2xx} other, ${result.errors} errors) in ${minutes} min; ` +
      `RSS after warm-up ${baseline.rss} MB, peak afterwards ${peak} MB (limit ${Math.round(baseline.rss * TOLERANCE)} MB)`,
  );
  if (result.errors > 0 || result.non2xx > 0) {
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
