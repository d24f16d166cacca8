/** How bench/RESULTS.md writes its figures: one target row, sizes, durations, counts and tables, the same in every section. */
import type { Sizes } from './compress.ts';

/** One row of the targets table, and for a miss the reason read from the measurements. */
export interface Target {
  area: string;
  target: string;
  measured: string;
  met: boolean | undefined;
  /** A figure asked for beside its baseline, with no threshold: measured, and no verdict to give. */
  reportedOnly?: true;
  why?: string;
}

export const KB = 1000;
export const kb = (bytes: number) => (bytes < 10 * KB ? `${(bytes / KB).toFixed(2)} kB` : `${(bytes / KB).toFixed(1)} kB`);
/** Contact counts as the tables print them: 10 k, 1 M. */
export const rowsLabel = (rows: number) => (rows >= 1_000_000 ? `${rows / 1_000_000} M` : rows >= 1000 ? `${rows / 1000} k` : String(rows));
export const ms = (value: number) => (Number.isFinite(value) ? `${value < 1 ? value.toFixed(2) : value < 10 ? value.toFixed(1) : Math.round(value)} ms` : '—');
export const num = (value: number) => value.toLocaleString('en-US');
export const verdict = (met: boolean | undefined, reportedOnly?: true) => (reportedOnly ? 'reported (no threshold)' : met === undefined ? 'not measured' : met ? '**met**' : '**missed**');
/** Raw / gzip / brotli of a set of responses. */
export const sizes3 = (item: Sizes) => (item.count === 0 ? '0' : `${kb(item.raw)} / ${kb(item.gzip)} / ${kb(item.brotli)}`);
export const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
/** HTTP statuses and their counts: `201 × 3, 409 × 1`. */
export const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status} × ${count.toLocaleString('en-US')}`)
    .join(', ');
/** The closing sentence of a miss: what would reach its target. */
export const whatWouldReachIt = (text: string) => ` **What would reach it:** ${text}`;
