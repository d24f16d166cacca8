import type { ImportResult } from '../lead-import.ts';

/** The answer of `POST {base}/leads/import`: how the file was read, what happened (or would), each row's errors. */
export function presentLeadImport(result: ImportResult) {
  return {
    dryRun: result.dryRun,
    encoding: result.encoding,
    delimiter: result.delimiter,
    columns: result.columns.map(({ header, field }) => ({ header, field: field === '' ? null : field })),
    rows: result.rows,
    created: result.created,
    completed: result.completed,
    skipped: result.skipped,
    invalid: result.invalid,
    errors: result.errors.map(({ row, errors }) => ({ row, errors })),
    preview: result.preview.map(({ row, values, errors }) => ({ row, values, errors })),
  };
}
export type LeadImportJson = ReturnType<typeof presentLeadImport>;

/** The answer of `POST {base}/leads/bulk` (every action but export): how many contacts it changed. */
export function presentLeadBulk(action: string, selected: number, changed: number) {
  return { action, selected, changed };
}
export type LeadBulkJson = ReturnType<typeof presentLeadBulk>;
