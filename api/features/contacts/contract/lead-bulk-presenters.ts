import type { FieldError } from '../../../contract/field-errors.ts';
import type { ImportField } from './lead-bulk-schemas.ts';

export interface ImportRowReport {
  row: number;
  errors: FieldError[];
}

export interface ImportResult {
  dryRun: boolean;
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  columns: Array<{ header: string; field: ImportField | '' }>;
  rows: number;
  created: number;
  completed: number;
  skipped: number;
  /** Rows refused by validation; `errors` lists the first 1000 of them. */
  invalid: number;
  errors: ImportRowReport[];
  preview: Array<{ row: number; values: Partial<Record<ImportField, string>>; errors: FieldError[] }>;
}

export type CsvEncoding = 'utf-8' | 'windows-1252';

export type CsvDelimiter = ',' | ';' | '\t';

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
