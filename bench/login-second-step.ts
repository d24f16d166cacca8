/**
 * Phase 4, login with its second step (docs/decisions/144-second-factor-totp-and-recovery-codes.md): the
 * whole sign-in of an account with an authenticator app, `POST /api/simple-auth/login` (the password:
 * Argon2id) then `POST /api/simple-auth/mfa` with a TOTP code, sequential and sustained with the same
 * connections as the password-only baseline, on the same server in the same run.
 * A factor accepts each 30-second step once, so every sign-in here is a different account: they are
 * written in SQL beforehand, with the bench administrator's password hash and a TOTP secret each.
 */
import pg from 'pg';
import { ApiSession, BENCH_ADMIN } from './lib/http.ts';
import { latencySummary } from './lib/latency.ts';
import { log, median, round } from './lib/util.ts';
import { newTotpSecret, totpCode } from '../api/features/accounts/factors/totp.ts';

export interface SecondStepResult {
  /** Sequential sign-ins, each a different account. */
  samples: number;
  p50Ms: number;
  p95Ms: number;
  /** The second request alone (`POST /api/simple-auth/mfa`). */
  secondStepP50Ms: number;
  sustained: { connections: number; durationS: number; signIns: number; signInsPerSec: number; p50Ms: number; p99Ms: number; errors: number };
}

interface Account {
  email: string;
  secret: string;
}

/** Writes `count` accounts with a confirmed TOTP factor each (their password is the bench administrator's). */
async function seedAccounts(databaseUrl: string, count: number): Promise<Account[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { password } = (await client.query<{ password: string }>('select password from users where email = $1', [BENCH_ADMIN.email])).rows[0]!;
    const accounts = Array.from({ length: count }, (_, index) => ({ email: `bench.facteur.${index}@exemple.fr`, secret: newTotpSecret() }));
    await client.query(
      `with created as (
         insert into users (username, email, password, first_name, last_name, role)
         select email, email, $3, 'Banc', 'Facteur', 'viewer' from unnest($1::text[]) as email
         returning id, email)
       insert into user_factors (user_id, type, name, totp_secret, confirmed_at)
       select created.id, 'totp', 'Banc', secrets.secret, now()
         from created join unnest($1::text[], $2::text[]) as secrets (email, secret) on secrets.email = created.email`,
      [accounts.map((account) => account.email), accounts.map((account) => account.secret), password],
    );
    return accounts;
  } finally {
    await client.end();
  }
}

/** One whole sign-in: the password, then the code of now. Returns both times. */
async function signIn(url: string, account: Account): Promise<{ totalMs: number; secondStepMs: number }> {
  const session = new ApiSession(url);
  const first = await session.request<{ mfaRequired?: boolean }>('POST', '/api/simple-auth/login', { email: account.email, password: BENCH_ADMIN.password });
  if (first.status !== 200 || first.body.mfaRequired !== true) throw new Error(`login answered ${first.status}: ${JSON.stringify(first.body)}`);
  const second = await session.request('POST', '/api/simple-auth/mfa', { method: 'totp', code: totpCode(account.secret) });
  if (second.status !== 200) throw new Error(`second step answered ${second.status}: ${JSON.stringify(second.body)}`);
  return { totalMs: first.ms + second.ms, secondStepMs: second.ms };
}

export async function benchSecondStep(options: { url: string; databaseUrl: string; samples: number; durationS: number; connections: number }): Promise<SecondStepResult> {
  // About 16 password sign-ins a second on 2 cores: room for three times that over the whole duration.
  const accounts = await seedAccounts(options.databaseUrl, options.samples + 2 + Math.ceil(options.durationS * 50));
  await signIn(options.url, accounts[0]!);
  await signIn(options.url, accounts[1]!);
  const sequential = [];
  for (const account of accounts.slice(2, 2 + options.samples)) sequential.push(await signIn(options.url, account));
  const times = sequential.map((sample) => sample.totalMs);
  log(`login with second step: p50 ${round(median(times), 1)} ms; ${options.durationS} s at ${options.connections} connections…`);

  // Closed loop as autocannon runs the baseline: each connection signs in again as soon as it is done.
  const waiting = accounts.slice(2 + options.samples);
  const sustained: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationS * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline && waiting.length > 0) {
        const account = waiting.shift()!;
        try {
          sustained.push((await signIn(options.url, account)).totalMs);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const summary = latencySummary(sustained);
  const signInsPerSec = round(sustained.length / elapsedS, 0);
  log(`login with second step: ${signInsPerSec} sign-ins/s, p50 ${summary.p50Ms} ms under load`);
  return {
    samples: times.length,
    p50Ms: round(median(times), 1),
    p95Ms: latencySummary(times).p95Ms,
    secondStepP50Ms: round(median(sequential.map((sample) => sample.secondStepMs)), 1),
    sustained: { connections: options.connections, durationS: options.durationS, signIns: sustained.length, signInsPerSec, p50Ms: summary.p50Ms, p99Ms: summary.p99Ms, errors },
  };
}
