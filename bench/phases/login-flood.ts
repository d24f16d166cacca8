/**
 * Unauthenticated logins must not slow the public pages (bench/login-flood.ts): the landing page alone,
 * then while 200 logins with random accounts are kept in flight, on `npm start` + PostgreSQL.
 */
import { benchLoginFlood, type LoginFloodResult } from '../login-flood.ts';
import { ms, num, table, whatWouldReachIt, type Target } from '../lib/report-format.ts';
import { definePhase } from '../phase.ts';

/**
 * "Unauthenticated logins must not be able to slow the public pages" (decision 021) as a number: the
 * landing page's p95 during the flood stays under 100 ms, the budget of a page that feels instant.
 */
export const FLOOD_LANDING_P95_MS = 100;

export const loginFloodPhase = definePhase({
  name: 'login-flood',
  key: 'loginFlood',
  run: (context) => benchLoginFlood({ siteDistDir: context.siteDistDir, durationS: context.durationS }),
  targets: (flood) => loginFloodTargets(flood),
  report: (flood, measured) => loginFloodSection(flood, measured),
  whatWouldReach: (miss) => {
    const fix = whatWouldReachIt;
    if (miss.area === 'Login flood') {
      return fix(
        'the login route already answers 503 before looking up the account or hashing when two Argon2 computations run and the queue is full (`refuseWhenHashingSaturated`, first in its chain); what is left per refused login is reading the request and the Koa chain in front of the route. Keep the per-IP limit on (the bench turns it off to simulate many addresses), and leave a flood from many addresses to the reverse proxy’s connection and request-rate limits. The page itself is static: what slows it is one process answering the flood’s requests beside it on 2 shared cores.',
      );
    }
    return '';
  },
});

export function loginFloodTargets(flood: LoginFloodResult): Target[] {
  return [
    {
      area: 'Login flood',
      target: `Landing page p95 < ${FLOOD_LANDING_P95_MS} ms during ${flood.loginsInFlight} parallel logins`,
      measured: `${ms(flood.duringFlood.p95Ms)} (alone: ${ms(flood.baseline.p95Ms)}), ${flood.duringFlood.errors} errors`,
      met: flood.duringFlood.p95Ms < FLOOD_LANDING_P95_MS && flood.duringFlood.errors === 0,
      why: `The flood got ${flood.logins.total.toLocaleString('en-US')} answers (${Object.entries(flood.logins.statuses)
        .map(([status, count]) => `${status} × ${count}`)
        .join(
          ', ',
        )}): past ${flood.hashConcurrency} Argon2 at once, logins are refused at once, so what is left is one Node process parsing and answering ${flood.logins.perSec} login requests a second beside the page.`,
    },
  ];
}

function loginFloodSection(flood: LoginFloodResult, measured: string): string[] {
  const out: string[] = [];
  out.push(`## 4b. Public pages during a login flood ${measured}`);
  out.push('');
  out.push(
    `The landing page \`/\` fetched back to back over ${flood.landingConnections} connections for ${flood.durationS} s, alone and then while ${flood.loginsInFlight} logins with random accounts are kept in flight (rate limits off, as if from many addresses), on \`npm start\` + PostgreSQL, in the same run. At most ${flood.hashConcurrency} Argon2 run at once (\`PASSWORD_HASH_CONCURRENCY\`); beyond a short queue logins get 503 at once.`,
  );
  out.push('');
  out.push(
    table(
      ['Landing page', 'Requests', 'p50', 'p95', 'p99', 'Errors'],
      [
        ['alone (baseline)', num(flood.baseline.requests), ms(flood.baseline.p50Ms), ms(flood.baseline.p95Ms), ms(flood.baseline.p99Ms), String(flood.baseline.errors)],
        [
          `during ${flood.loginsInFlight} parallel logins`,
          num(flood.duringFlood.requests),
          ms(flood.duringFlood.p50Ms),
          ms(flood.duringFlood.p95Ms),
          ms(flood.duringFlood.p99Ms),
          String(flood.duringFlood.errors),
        ],
      ],
    ),
  );
  out.push('');
  out.push(
    `Logins answered during the flood: ${num(flood.logins.total)} (${flood.logins.perSec}/s), by status: ${Object.entries(flood.logins.statuses)
      .map(([status, count]) => `${status} × ${num(count)}`)
      .join(', ')}.`,
  );
  out.push('');
  return out;
}
