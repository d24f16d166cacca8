/**
 * CSV files for Swiss spreadsheets: UTF-8 with a BOM (else Excel reads Latin-1), `;` between
 * cells (the Swiss-French list separator), CRLF line ends, dates `dd.MM.yyyy HH:mm` in Swiss time
 * (the form Excel and LibreOffice read as a date with the fr-CH and de-CH locales; `dd/MM/yyyy`
 * stays text there, decision 085).
 * Written by csv-stringify, which quotes what needs quoting; cells a spreadsheet would take for a
 * formula (`=`, `+`, `-`, `@`, tab, carriage return first) are prefixed with `'` (OWASP "CSV Injection").
 * Phone numbers are rewritten instead (`csvPhone`), so the usual `+41 …` needs no visible apostrophe.
 */
import { Readable, pipeline, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifyAll } from 'csv-stringify/sync';
// The function's own module: the package's index loads all of date-fns's 250 modules, 7 s of a server's
// start on a loaded machine (docs/decisions/124-server-start-and-e2e-waits-under-load.md).
import { format } from 'date-fns/format';
import { TZDate } from '@date-fns/tz';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { SWISS_TIME_ZONE } from '../mail/dates.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet shows as text, never evaluates. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A phone number as a cell no spreadsheet evaluates and that needs no apostrophe (decision 085):
 * a Swiss number in the national format (`079 700 80 21`), a number abroad with `00` instead of
 * `+` (`0033 6 12 34 56 78`). Numbers are stored as typed; one without a country code is Swiss.
 * Spaces between the groups keep it text (a bare `0797008021` would lose its leading zero). What
 * is not a possible number keeps its text (`+` written `00`) and the usual guard.
 */
export function csvPhone(value: string | null | undefined): string {
  const typed = value?.trim();
  if (!typed) return '';
  const phone = parsePhoneNumberFromString(typed, 'CH');
  if (phone?.isPossible()) {
    return phone.countryCallingCode === '41' ? phone.formatNational() : phone.formatInternational().replace(/^\+/, '00');
  }
  return neutraliseCell(typed.replace(/^\+\s*/, '00'));
}

/** `23.11.2026 18:05`, in Swiss time whatever the server's zone. */
export function swissCsvDate(value: Date | string | null | undefined): string {
  if (!value) return '';
  return format(new TZDate(new Date(value), SWISS_TIME_ZONE), 'dd.MM.yyyy HH:mm');
}

/** `23.11.2026`: a day, in Swiss time. */
export function swissCsvDay(value: Date | string): string {
  return format(new TZDate(new Date(value), SWISS_TIME_ZONE), 'dd.MM.yyyy');
}

/** `2026-11-23-1805`: for file names, in Swiss time. */
export function swissFileStamp(now = new Date()): string {
  return format(new TZDate(now, SWISS_TIME_ZONE), 'yyyy-MM-dd-HHmm');
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
}

const SWISS_FORMAT = {
  bom: true,
  delimiter: ';',
  record_delimiter: '\r\n',
  cast: { string: neutraliseCell, number: (value: number) => String(value) },
} as const;

/** The CSV writer: rows are arrays of cells already in column order. */
export function swissCsvStringifier(headers: string[]): Transform {
  return stringify({ ...SWISS_FORMAT, header: true, columns: headers });
}

/** A small file at once (a report, a page's selection), in the same format as the streamed exports. */
export function swissCsvText(headers: string[], rows: Array<Array<string | number | null | undefined>>): string {
  return stringifyAll([headers, ...rows.map((row) => row.map((cell) => cell ?? ''))], SWISS_FORMAT);
}

/** Turns database rows into a CSV byte stream; backpressure from the response paces the reads. */
export function csvStream<Row>(rows: AsyncIterable<Row>, columns: Array<CsvColumn<Row>>): Readable {
  const cells = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((column) => column.value(row) ?? '');
    })(),
  );
  const csv = swissCsvStringifier(columns.map((column) => column.header));
  // A failed read destroys the response (a truncated download), never a hanging one.
  pipeline(cells, csv, () => undefined);
  return csv;
}
