/**
 * "Importer les présents": the participants' export of Zoom, Teams or Meet marks who came.
 * Those exports differ (comma or semicolon, BOM or not, a summary block above the participants in
 * Zoom and Teams, the address under "Email", "User Email", "E-mail de l'utilisateur"…), so the reader
 * only asks for a header row with a column whose title says e-mail, and takes the addresses under it.
 * Parsing is csv-parse's (quotes, embedded separators and line breaks).
 */
import type { Knex } from 'knex';
import { parse } from 'csv-parse/sync';
import { badRequest } from '../../../platform/errors.ts';
import { findWebinarOr404 } from './webinars.ts';

export const ATTENDANCE_MESSAGES = {
  unreadable: 'Le fichier n’a pas pu être lu comme un CSV : exportez la liste des participants au format CSV (séparateur virgule ou point-virgule).',
  noEmailColumn: 'Le fichier ne contient pas de colonne « Email » : exportez la liste des participants avec leur adresse e-mail.',
};

const DELIMITERS = [',', ';', '\t'] as const;
const EMAIL_HEADER = /e-?mail/i;
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

function parseWith(text: string, delimiter: string): string[][] | undefined {
  try {
    return parse(text, { bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch {
    return undefined;
  }
}

/** The addresses of the participants' file, lower-cased and without repeats (a person may join twice). */
export function attendeeEmails(text: string): string[] {
  let best: { rows: string[][]; header: number; column: number; width: number } | undefined;
  let parsedOnce = false;
  for (const delimiter of DELIMITERS) {
    const rows = parseWith(text, delimiter);
    if (!rows) continue;
    parsedOnce = true;
    const others = DELIMITERS.filter((item) => item !== delimiter);
    // The header: a row with an e-mail title (not an address), cut by this separator (no other one
    // inside). The last such row: Zoom and Teams put a meeting summary, host's e-mail included, above.
    const isTitle = (cell: string) => EMAIL_HEADER.test(cell) && !cell.includes('@') && cell.length <= 60 && !others.some((other) => cell.includes(other));
    const header = rows.findLastIndex((row) => row.some(isTitle));
    if (header === -1) continue;
    const column = rows[header]!.findIndex(isTitle);
    const width = rows[header]!.length;
    if (!best || width > best.width) best = { rows, header, column, width };
  }
  if (!parsedOnce) throw badRequest(ATTENDANCE_MESSAGES.unreadable);
  if (!best) throw badRequest(ATTENDANCE_MESSAGES.noEmailColumn);
  const emails = new Set<string>();
  for (const row of best.rows.slice(best.header + 1)) {
    const value = row[best.column]?.trim().toLowerCase();
    if (value && EMAIL.test(value)) emails.add(value);
  }
  return [...emails];
}

export interface AttendanceResult {
  attended: number;
  noShow: number;
  unmatched: string[];
}

/**
 * Marks Présent every registration of the webinar whose contact's address is in the file; with
 * `othersNoShow`, those still `registered` become Absent. Answers the addresses matching nobody.
 */
export async function importAttendance(db: Knex, webinarId: number, csvText: string, othersNoShow: boolean): Promise<AttendanceResult> {
  const emails = attendeeEmails(csvText);
  const webinar = await findWebinarOr404(db, webinarId);
  return db.transaction(async (trx) => {
    const matched = (await trx('webinarRegistrations as r')
      .join('leads as l', 'l.id', 'r.leadId')
      .where('r.webinarId', webinar.id)
      .whereRaw('lower(l.email) = any(?::text[])', [emails])
      .select('r.id', 'l.email')) as Array<{ id: number; email: string }>;
    const ids = matched.map((row) => row.id);
    if (ids.length > 0) await trx('webinarRegistrations').whereIn('id', ids).update({ status: 'attended' });
    let noShow = 0;
    if (othersNoShow) {
      noShow = Number(await trx('webinarRegistrations').where({ webinarId: webinar.id, status: 'registered' }).whereNotIn('id', ids).update({ status: 'no-show' }));
    }
    const found = new Set(matched.map((row) => row.email.toLowerCase()));
    return { attended: ids.length, noShow, unmatched: emails.filter((email) => !found.has(email)) };
  });
}
