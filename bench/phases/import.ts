/**
 * A CSV import of contacts (bench/import.ts) in chunks, as the back office sends it, beside psql's COPY
 * of the same rows.
 */
import { benchImport, type ImportBenchResult } from '../import.ts';
import type { Target } from '../lib/report-format.ts';
import { definePhase } from '../phase.ts';

export const importPhase = definePhase({
  name: 'import',
  key: 'importCsv',
  run: (context) => benchImport({ siteDistDir: context.siteDistDir, rows: context.quick ? 10_000 : 100_000, chunkRows: 5000 }),
  targets: (result) => importTargets(result),
  report: (result, measured) => importSection(result, measured),
});

export function importTargets(result: ImportBenchResult): Target[] {
  return [
    {
      area: 'Import',
      target: `${result.rows.toLocaleString('en-US')} CSV rows imported in < ${result.targetMs / 1000} s`,
      measured: `${(result.importMs / 1000).toFixed(1)} s (${result.rowsPerSec.toLocaleString('en-US')} rows/s; COPY FROM: ${(result.copyBaselineMs / 1000).toFixed(1)} s)`,
      met: result.importMs < result.targetMs,
      why: `Chunks of ${result.chunkRows.toLocaleString('en-US')} rows, one after the other: each chunk is parsed, validated with the shared zod schema and written in one INSERT … ON CONFLICT statement. The same file again: ${(result.secondRunMs / 1000).toFixed(1)} s, ${result.secondRunCreated} created.`,
    },
  ];
}

function importSection(result: ImportBenchResult, measured: string): string[] {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const met = result.importMs < result.targetMs;
  return [
    `## 6. CSV import of contacts ${measured}`,
    '',
    `${result.rows.toLocaleString('en-US')} rows (${result.fileMiB} MiB, \`;\`, quoted cells, tags) sent to \`POST /api/admin/leads/import\` in chunks of ${result.chunkRows.toLocaleString('en-US')} rows, one after the other (the back office sends 1,000-row chunks the same way), on \`npm start\` + PostgreSQL. Target: under ${seconds(result.targetMs)} — ${met ? '**met**' : '**missed**'}. Baseline in the same run: psql \`\\copy leads … from file csv\` (COPY FROM STDIN) of the same rows into the emptied table, same indexes and triggers.`,
    '',
    '| Run | Time | Rows/s | Created | Completed |',
    '| --- | --- | --- | --- | --- |',
    `| import (new contacts) | ${seconds(result.importMs)} | ${result.rowsPerSec.toLocaleString('en-US')} | ${result.created.toLocaleString('en-US')} | 0 |`,
    `| same file again (all known) | ${seconds(result.secondRunMs)} | ${Math.round(result.rows / (result.secondRunMs / 1000)).toLocaleString('en-US')} | ${result.secondRunCreated} | ${result.secondRunCompleted} |`,
    `| COPY FROM STDIN (baseline) | ${seconds(result.copyBaselineMs)} | ${Math.round(result.rows / (result.copyBaselineMs / 1000)).toLocaleString('en-US')} | ${result.rows.toLocaleString('en-US')} | – |`,
    '',
    `Import / COPY: ${(result.importMs / result.copyBaselineMs).toFixed(1)}×. The import also parses, decodes and validates every row with the form's zod schema and answers per-row errors; the second run is that work plus one conflict check per row, with no write.`,
    '',
  ];
}
