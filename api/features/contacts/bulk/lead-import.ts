/**
 * Contacts imported from a CSV (decisions 075 and 076). Each row is validated by the admin
 * creation schema; a valid row with a new email creates a contact, one with a known email only completes
 * the fields that contact has empty (as the public forms do, ../submissions/public-submissions.ts), and
 * a row that would change nothing is skipped. So an import run twice changes nothing the second time.
 * A whole request is one INSERT … ON CONFLICT statement: the lead_counts triggers see one statement.
 */
import type { Knex } from 'knex';
import { HttpError } from '../../../platform/errors.ts';
import { IMPORT_MAX_ROWS, leadImportRowSchema, type ImportField, type LeadImportQuery, type LeadImportRow } from '../contract/index.ts';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, LEAD_TYPE_LABELS } from '../../../contract/options.ts';
import { VISIT_CHANNEL_LABELS } from '../../../contract/visit-channels.ts';
import { fieldErrorList } from '../../../contract/field-errors.ts';
import { parseFirstTouchDate } from './first-touch-csv.ts';
import { FIRST_TOUCH_KEPT } from '../submissions/public-submissions.ts';
import { decodeCsv, detectDelimiter, guessColumns, normalizeHeader, parseCsvRecords } from './lead-import-csv.ts';
import type { ImportResult, ImportRowReport } from '../contract/index.ts';

/**
 * The fields an existing contact may receive when it has them empty. Name, email, status, type and source
 * are its own; so is its first touch once it has one (set only when it had none, decision 115).
 */
const COMPLETABLE = ['last_name', 'phone', 'company', 'country', 'city', 'message', 'notes'] as const;
const COMPLETABLE_KEYS: Record<(typeof COMPLETABLE)[number], keyof LeadImportRow> = {
  last_name: 'lastName',
  phone: 'phone',
  company: 'company',
  country: 'country',
  city: 'city',
  message: 'message',
  notes: 'notes',
};
export const PREVIEW_ROWS = 10;
const MAX_REPORTED_ERRORS = 1000;

/** "Qualifié" or "qualified" → "qualified": a cell may hold a closed list's value or its French label. */
function labelLookup(labels: Record<string, string>): Map<string, string> {
  return new Map(
    Object.entries(labels).flatMap(([value, label]) => [
      [normalizeHeader(value), value],
      [normalizeHeader(label), value],
    ]),
  );
}
const CLOSED_LISTS: Partial<Record<ImportField, Map<string, string>>> = {
  source: labelLookup(LEAD_SOURCE_LABELS),
  status: labelLookup(LEAD_STATUS_LABELS),
  type: labelLookup(LEAD_TYPE_LABELS),
  firstTouchChannel: labelLookup(VISIT_CHANNEL_LABELS),
};

function rowValues(cells: string[], columns: Array<ImportField | ''>): Partial<Record<ImportField, string>> {
  const values: Partial<Record<ImportField, string>> = {};
  columns.forEach((field, index) => {
    if (field && cells[index] !== undefined && cells[index] !== '') values[field] = cells[index];
  });
  return values;
}

function validateRow(values: Partial<Record<ImportField, string>>) {
  const input: Record<string, string> = { ...values };
  for (const [field, lookup] of Object.entries(CLOSED_LISTS)) {
    const cell = input[field];
    if (cell !== undefined) input[field] = lookup.get(normalizeHeader(cell)) ?? cell;
  }
  return leadImportRowSchema.safeParse(input);
}

/** Reads, maps and validates the CSV; rows whose email repeats an earlier row of the request are skipped. */
function prepare(bytes: Uint8Array, query: LeadImportQuery) {
  const { text, encoding } = decodeCsv(bytes);
  const delimiter = detectDelimiter(text);
  const records = parseCsvRecords(text, delimiter);
  const headers = records[0];
  if (!headers || headers.every((cell) => cell === '')) throw new HttpError(400, 'Le fichier est vide : la première ligne doit nommer les colonnes.');
  const data = records.slice(1);
  if (data.length > IMPORT_MAX_ROWS) throw new HttpError(413, `Au plus ${IMPORT_MAX_ROWS} lignes par envoi : découpez le fichier.`);
  const columns = query.columns ?? guessColumns(headers);
  if (!columns.includes('email') || !columns.includes('firstName')) {
    throw new HttpError(400, 'Associez une colonne au prénom et une à l’email : ces deux champs sont obligatoires.');
  }

  const valid: Array<{ row: number; lead: LeadImportRow }> = [];
  const errors: ImportRowReport[] = [];
  const preview: ImportResult['preview'] = [];
  const seen = new Set<string>();
  let rows = 0;
  let duplicates = 0;
  data.forEach((cells, index) => {
    if (cells.every((cell) => cell === '')) return;
    rows += 1;
    const row = query.firstRow + index;
    const values = rowValues(cells, columns);
    const result = validateRow(values);
    const rowErrors = result.success ? [] : fieldErrorList(result.error.issues);
    if (preview.length < PREVIEW_ROWS) preview.push({ row, values, errors: rowErrors });
    if (!result.success) {
      errors.push({ row, errors: rowErrors });
      return;
    }
    if (seen.has(result.data.email)) {
      duplicates += 1;
      return;
    }
    seen.add(result.data.email);
    valid.push({ row, lead: result.data });
  });
  const columnReport = headers.map((header, index) => ({ header, field: columns[index] ?? ('' as const) }));
  return { encoding, delimiter, columns: columnReport, rows, valid, errors, preview, duplicates };
}

const dbRow = (lead: LeadImportRow) => ({
  first_name: lead.firstName,
  email: lead.email,
  ...Object.fromEntries(COMPLETABLE.map((column) => [column, lead[COMPLETABLE_KEYS[column]] ?? null])),
  type: lead.type,
  source: lead.source,
  status: lead.status,
  tags: lead.tags,
  // The first touch, when the file gives one; its date defaults to the import's (decision 115).
  first_touch_channel: lead.firstTouchChannel ?? null,
  first_touch_source: lead.firstTouchSource ?? null,
  first_touch_medium: lead.firstTouchMedium ?? null,
  first_touch_campaign: lead.firstTouchCampaign?.toLowerCase() ?? null,
  first_touch_referrer: lead.firstTouchReferrer ?? null,
  first_touch_landing_page: lead.firstTouchLandingPage ?? null,
  first_touch_at: lead.firstTouchChannel ? ((lead.firstTouchAt ? parseFirstTouchDate(lead.firstTouchAt) : undefined) ?? new Date()) : null,
});

const empty = `(column is null or column = '')`;
const TOUCH_COLUMNS = 'first_touch_channel, first_touch_source, first_touch_medium, first_touch_campaign, first_touch_referrer, first_touch_landing_page, first_touch_at';
const IMPORT_SQL = `
  insert into leads (first_name, last_name, email, phone, company, country, city, message, notes, type, source, status, tags, ${TOUCH_COLUMNS})
  select first_name, last_name, email, phone, company, country, city, message, notes, type, source, status, coalesce(tags, '{}'), ${TOUCH_COLUMNS}
  from jsonb_to_recordset(?::jsonb) as typed(first_name text, last_name text, email text, phone text, company text, country text,
    city text, message text, notes text, type text, source text, status text, tags text[], first_touch_channel text, first_touch_source text,
    first_touch_medium text, first_touch_campaign text, first_touch_referrer text, first_touch_landing_page text, first_touch_at timestamptz)
  on conflict (lower(email)) do update set
    ${COMPLETABLE.map((column) => `${column} = coalesce(nullif(leads.${column}, ''), excluded.${column})`).join(',\n    ')},
    tags = case when cardinality(leads.tags) = 0 then excluded.tags else leads.tags end,
    ${FIRST_TOUCH_KEPT},
    updated_at = now()
  where ${COMPLETABLE.map((column) => `(${empty.replaceAll('column', `leads.${column}`)} and excluded.${column} is not null)`).join('\n    or ')}
    or (cardinality(leads.tags) = 0 and cardinality(excluded.tags) > 0)
    or (leads.first_touch_channel is null and excluded.first_touch_channel is not null)
  returning (xmax = 0) as created`;

/** What the import would do to the contacts as they stand, without writing. */
async function plan(db: Knex, valid: Array<{ lead: LeadImportRow }>): Promise<{ created: number; completed: number }> {
  if (valid.length === 0) return { created: 0, completed: 0 };
  const existing = new Map<string, Record<string, unknown>>();
  const { rows } = await db.raw<{ rows: Array<Record<string, unknown> & { email: string; tags: string[] }> }>(
    `select lower(email) as email, tags, first_touch_channel, ${COMPLETABLE.join(', ')} from leads where lower(email) = any(?::text[])`,
    [valid.map(({ lead }) => lead.email)],
  );
  for (const row of rows) existing.set(row.email, row);
  let created = 0;
  let completed = 0;
  for (const { lead } of valid) {
    const current = existing.get(lead.email);
    if (!current) created += 1;
    else if (
      COMPLETABLE.some((column) => (current[column] === null || current[column] === '') && lead[COMPLETABLE_KEYS[column]] !== undefined) ||
      ((current.tags as string[]).length === 0 && lead.tags.length > 0) ||
      (current.first_touch_channel === null && lead.firstTouchChannel !== undefined)
    ) {
      completed += 1;
    }
  }
  return { created, completed };
}

async function write(db: Knex, valid: Array<{ lead: LeadImportRow }>): Promise<{ created: number; completed: number }> {
  if (valid.length === 0) return { created: 0, completed: 0 };
  const { rows } = await db.raw<{ rows: Array<{ created: boolean }> }>(IMPORT_SQL, [JSON.stringify(valid.map(({ lead }) => dbRow(lead)))]);
  const created = rows.filter((row) => row.created).length;
  return { created, completed: rows.length - created };
}

export async function importLeads(db: Knex, bytes: Uint8Array, query: LeadImportQuery): Promise<ImportResult> {
  const prepared = prepare(bytes, query);
  const { created, completed } = query.dryRun ? await plan(db, prepared.valid) : await write(db, prepared.valid);
  return {
    dryRun: query.dryRun,
    encoding: prepared.encoding,
    delimiter: prepared.delimiter,
    columns: prepared.columns,
    rows: prepared.rows,
    created,
    completed,
    skipped: prepared.valid.length - created - completed + prepared.duplicates,
    invalid: prepared.errors.length,
    errors: prepared.errors.slice(0, MAX_REPORTED_ERRORS),
    preview: prepared.preview,
  };
}
