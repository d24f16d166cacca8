/** autocannon runs summarised the same way for every target. */
import autocannon from 'autocannon';
import { round } from './util.ts';

export interface LoadResult {
  label: string;
  connections: number;
  durationS: number;
  requestsPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

export interface LoadOptions {
  label: string;
  url: string;
  connections: number;
  durationS: number;
  request: autocannon.Request;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    requests: [options.request],
    timeout: 10,
  });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, (stats as { count: number }).count]));
  return {
    label: options.label,
    connections: options.connections,
    durationS: options.durationS,
    requestsPerSec: round(result.requests.total / options.durationS, 0),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}
