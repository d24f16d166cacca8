/**
 * Phase 4, login: the latency of `POST /api/simple-auth/login` (dominated by the Argon2id hash) and
 * how many logins per second the machine sustains under concurrency.
 */
import { ApiSession, BENCH_ADMIN } from './lib/http.ts';
import { load, type LoadResult } from './lib/load.ts';
import { log, median, round } from './lib/util.ts';
import { latencySummary } from './lib/latency.ts';
import type { SecondStepResult } from './login-second-step.ts';

export interface LoginResult {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  wrongPasswordP50Ms: number;
  unknownEmailP50Ms: number;
  sustained: LoadResult;
  /** The whole sign-in with a TOTP second step (bench/login-second-step.ts); absent from runs before it. */
  secondStep?: SecondStepResult;
}

async function sequential(url: string, body: unknown, count: number, expected: number): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const response = await new ApiSession(url).request('POST', '/api/simple-auth/login', body);
    if (response.status !== expected) throw new Error(`login answered ${response.status} (expected ${expected}): ${JSON.stringify(response.body)}`);
    times.push(response.ms);
  }
  return times;
}

export async function benchLogin(options: { url: string; samples: number; durationS: number; connections: number }): Promise<LoginResult> {
  const good = { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password };
  await sequential(options.url, good, 2, 200);
  const times = await sequential(options.url, good, options.samples, 200);
  const wrong = await sequential(options.url, { ...good, password: 'pas-le-bon-mot-de-passe' }, 10, 401);
  const unknown = await sequential(options.url, { email: 'personne@exemple.fr', password: BENCH_ADMIN.password }, 10, 401);
  log(`login: p50 ${round(median(times), 1)} ms; ${options.durationS} s at ${options.connections} connections…`);
  const sustained = await load({
    label: 'login',
    url: options.url,
    connections: options.connections,
    durationS: options.durationS,
    request: {
      method: 'POST',
      path: '/api/simple-auth/login',
      headers: { 'content-type': 'application/json', origin: options.url },
      body: JSON.stringify(good),
    },
  });
  log(`login: ${sustained.requestsPerSec} logins/s, p50 ${sustained.p50Ms} ms under load`);
  return {
    samples: times.length,
    p50Ms: round(median(times), 1),
    p95Ms: latencySummary(times).p95Ms,
    wrongPasswordP50Ms: round(median(wrong), 1),
    unknownEmailP50Ms: round(median(unknown), 1),
    sustained,
  };
}
