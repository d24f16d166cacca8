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
