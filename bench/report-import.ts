/** The "import" phase's section of bench/RESULTS.md (issue 15). */
import type { ImportBenchResult } from './import.ts';

type Stamped<T> = T & { at: string };

export function renderImportSection(result: Stamped<ImportBenchResult> | undefined, loadNote: string): string[] {
  if (!result) return [];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const met = result.importMs < result.targetMs;
  return [
    `## 6. CSV import of contacts (measured ${result.at.slice(0, 16).replace('T', ' ')}${loadNote})`,
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
