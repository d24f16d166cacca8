/** Small helpers shared by the benchmark phases: statistics, timing, logging, paths. */
import path from 'node:path';
import { mkdirSync } from 'node:fs';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const WORK_DIR = path.join(ROOT, 'bench', '.work');
mkdirSync(WORK_DIR, { recursive: true });

export function log(message: string): void {
  const time = new Date().toISOString().slice(11, 19);
  process.stdout.write(`[bench ${time}] ${message}\n`);
}

/** Nearest-rank percentile (p in 0..100) of a list of numbers; NaN for an empty list. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

export function round(value: number, digits = 1): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** A short unique suffix for database names and email addresses of one run. */
export const RUN_ID = `${Date.now().toString(36)}${process.pid.toString(36)}`;

/**
 * A distribution-free confidence interval for the median (the sign test's: the k-th smallest and the
 * k-th largest value, k as large as the wanted coverage allows). It assumes nothing about the shape of
 * the noise, which for Lighthouse's simulated timings is skewed and has outliers. With 7 values the
 * only interval covering ≥ 90 % is [min, max] (98.4 %); with 9, the 2nd to the 8th (96.1 %).
 * https://en.wikipedia.org/wiki/Sign_test — the interval is the order statistics (k, n + 1 − k).
 */
export function medianInterval(values: number[], wanted = 0.9): { low: number; high: number; coverage: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { low: Number.NaN, high: Number.NaN, coverage: 0 };
  // P(X ≤ j) for X ~ Binomial(n, ½), accumulated term by term.
  let term = 1 / 2 ** n;
  let below = 0;
  let k = 1;
  let coverage = 1 - 2 * term;
  for (let j = 0; j + 1 < n / 2; j++) {
    below += term;
    term = (term * (n - j)) / (j + 1);
    const next = 1 - 2 * (below + term);
    if (next < wanted) break;
    k = j + 2;
    coverage = next;
  }
  return { low: sorted[k - 1]!, high: sorted[n - k]!, coverage };
}
