/**
 * What counting visits on the server costs the landing page (bench/visits.ts, decision 111): counted
 * against the same requests the counter turns away. Its figures are in the targets table.
 */
import { benchVisits, RETURNING_VISITORS, VISITS_TARGET_RATIO, type VisitsBenchResult } from '../visits.ts';
import { ms, type Target } from '../lib/report-format.ts';
import { definePhase } from '../phase.ts';

export const visitsPhase = definePhase({
  name: 'visits',
  key: 'visits',
  run: (context) =>
    // Many short rounds rather than a few long ones: each pair of loads sees the same moment of a
    // shared machine, whose speed drifts over tens of seconds; the median of the pairs' ratios is kept.
    benchVisits({ siteDistDir: context.siteDistDir, durationS: Math.min(context.durationS, 4), rounds: context.quick ? 1 : 15 }),
  targets: (visits) => visitsTargets(visits),
});

/** Counting visits on the server (decision 111): the landing page with counting against the same requests the counter turns away. */
export function visitsTargets(result: VisitsBenchResult): Target[] {
  const rates = (runs: VisitsBenchResult['counted']) => runs.map((run) => run.requestsPerSec.toLocaleString('en-US')).join(', ');
  const countedMedian = [...result.counted].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[Math.floor(result.counted.length / 2)]!;
  return [
    {
      area: 'Visits',
      target: `Landing page with visits counted (a browser's User-Agent, a new visitor per request) ≥ ${VISITS_TARGET_RATIO} × the same page not counted`,
      measured: `${result.ratio} (median of the rounds' ${(result.roundRatios ?? []).join(', ')}; counted ${rates(result.counted)} req/s vs not counted ${rates(result.notCounted)} req/s; p99 ${ms(countedMedian.p99Ms)}; ${result.visitsStored.toLocaleString('en-US')} visits stored for ${result.countedAnswers.toLocaleString('en-US')} counted answers and the warm-up)`,
      met: result.ratio >= VISITS_TARGET_RATIO && result.visitsStored >= result.countedAnswers,
      why:
        `One production server on PostgreSQL, ${result.connections} connections, ${result.rounds} round(s) of ${result.durationS} s each way, back to back in alternating order. The floor sends the same requests with \`Sec-Purpose: prefetch\`, which the counter turns away before anything else: the same build and process, nothing counted. ` +
        'Counting adds, per request, the exclusion checks, the source and device classification and an HMAC of the visitor (in memory); the writes are batched every few seconds off the request path. ' +
        `With ${RETURNING_VISITORS} returning visitors (no new one to write) the ratio is ${result.returningRatio ?? 'not measured'} (${rates(result.returning ?? [])} req/s): what the worst case loses beyond that is the batched write of every new visitor (two rows each, and the PostgreSQL work beside the server on the same cores).` +
        (result.cpuUsPerRequest
          ? ` CPU per answered request (median of the rounds, server + PostgreSQL): counted ${result.cpuUsPerRequest.counted.app} + ${result.cpuUsPerRequest.counted.postgres} µs, returning visitors ${result.cpuUsPerRequest.returning.app} + ${result.cpuUsPerRequest.returning.postgres} µs, not counted ${result.cpuUsPerRequest.notCounted.app} + ${result.cpuUsPerRequest.notCounted.postgres} µs.`
          : ''),
    },
  ];
}
