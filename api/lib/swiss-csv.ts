/**
 * CSV as Excel opens it on a Swiss (French) computer: UTF-8 with a BOM (or accents break), `;` between
 * fields, CRLF line ends, dates as dd/MM/yyyy in Zurich. A text cell starting with = + - @ or a tab
 * or carriage return is prefixed with an apostrophe, so a value typed by a visitor (a name, a title)
 * is never run as a formula when the file is opened (CSV/formula injection).
 */
import { stringify } from 'csv-stringify/sync';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralise(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** "dd/MM/yyyy" of an instant, in Zurich. */
export function swissDay(value: Date): string {
  return format(new TZDate(value, 'Europe/Zurich'), 'dd/MM/yyyy');
}

export function swissCsv(header: string[], rows: CsvCell[][]): string {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'string' ? neutralise(cell) : cell === null ? '' : String(cell))));
  return `\uFEFF${stringify([header, ...cells], { delimiter: ';', record_delimiter: '\r\n', quoted_match: /[";\r\n]/ })}`;
}
