/**
 * The CSV export of every contact (bench/exports.ts), streamed, beside COPY TO STDOUT, with the
 * server's peak memory at each size.
 */
import { benchExports, renderExports, type ExportsResult } from '../exports.ts';
import { rowsLabel, type Target } from '../lib/report-format.ts';
import { definePhase } from '../phase.ts';

/** "Memory flat" for a streamed export: the peak grows by less than this from the smallest size to the largest. */
export const EXPORT_FLAT_RSS_MIB = 64;

export const exportsPhase = definePhase({
  name: 'exports',
  key: 'exports',
  run: (context) => benchExports({ siteDistDir: context.siteDistDir, sizes: context.sizes }),
  targets: (exports) => exportTargets(exports),
  report: (exports, measured) => exportsSection(exports, measured),
});

export function exportTargets(exports: ExportsResult): Target[] {
  const smallest = exports.sizes[0];
  const largest = exports.sizes.at(-1);
  if (!smallest || !largest) return [];
  const growth = largest.app.peakRssMiB - smallest.app.peakRssMiB;
  return [
    {
      area: 'Exports',
      target: `leads.csv memory flat from ${rowsLabel(smallest.rows)} to ${rowsLabel(largest.rows)} contacts (peak RSS +< ${EXPORT_FLAT_RSS_MIB} MiB)`,
      measured: `peak ${smallest.app.peakRssMiB} → ${largest.app.peakRssMiB} MiB; ${largest.app.rowsPerS.toLocaleString('en-US')} rows/s at ${rowsLabel(largest.rows)} (COPY TO STDOUT: ${largest.copy.rowsPerS.toLocaleString('en-US')} rows/s)`,
      met: growth < EXPORT_FLAT_RSS_MIB,
      why: `The export reads the contacts through a server-side cursor in batches and writes each batch to the response as the client reads it. Growth: ${Math.round(growth)} MiB.`,
    },
  ];
}

function exportsSection(exports: ExportsResult, measured: string): string[] {
  if (!exports.sizes.length) return [];
  const out: string[] = [];
  out.push(`## 6. CSV export of the contacts ${measured}`);
  out.push('');
  out.push(
    "`GET /api/admin/leads.csv` (every contact, Swiss Excel format) on `npm start` + PostgreSQL, read to the end; the server's RSS sampled every 50 ms. Baseline: `COPY (same columns) TO STDOUT` through psql. A flat peak RSS across sizes means the export streams.",
  );
  out.push('');
  out.push(renderExports(exports));
  out.push('');
  return out;
}
