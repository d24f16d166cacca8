/**
 * The one latency summary of the bench: every phase that times its own requests (or jobs, or PDFs)
 * reports the same nearest-rank percentiles, rounded to a tenth of a millisecond, so a p95 in one
 * section means what it means in every other.
 */
import { percentile, round } from './util.ts';

export interface LatencySummary {
  samples: number;
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** p50, p90, p95, p99 and max of durations in milliseconds (NaN for an empty list, as `percentile`). */
export function latencySummary(times: readonly number[]): LatencySummary {
  const values = [...times];
  return {
    samples: values.length,
    p50Ms: round(percentile(values, 50), 1),
    p90Ms: round(percentile(values, 90), 1),
    p95Ms: round(percentile(values, 95), 1),
    p99Ms: round(percentile(values, 99), 1),
    maxMs: round(
      values.reduce((max, value) => Math.max(max, value), values.length ? 0 : Number.NaN),
      1,
    ),
  };
}

/** The p50, p95 and max that the sequential phases store (results.json keeps these three for them). */
export function pickLatency(times: readonly number[]): { p50Ms: number; p95Ms: number; maxMs: number } {
  const { p50Ms, p95Ms, maxMs } = latencySummary(times);
  return { p50Ms, p95Ms, maxMs };
}
