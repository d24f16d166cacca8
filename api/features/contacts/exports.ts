/**
 * CSV exports of the back office (issue 13): contacts (with the list's filters) and one webinar's
 * registrations. Rows stream from the database, so memory stays flat whatever the count:
 * - PostgreSQL: one query read through a server-side cursor (knex `.stream()`, pg-query-stream), in
 *   its own read transaction with a longer statement timeout;
 * - PGlite (no cursor through knex-pglite, one connection for the whole process): batches of
 *   BATCH_SIZE rows by keyset on the id, so other requests run between two batches.
 * The audit event (filters, row count) is written after the last row, before the file's end.
 */
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { Readable } from 'node:stream';
import { csvPhone, csvStream, swissCsvDate, swissFileStamp, type CsvColumn } from '../../platform/lib/csv.ts';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, REGISTRATION_STATUS_LABELS, type LeadExportQuery } from '../../schemas/index.ts';
import type { LeadSource, LeadStatus, RegistrationStatus } from '../../schemas/index.ts';
import { leadFilters } from './lead-list.ts';
import { findWebinarOr404 } from '../webinars/webinars.ts';

export const BATCH_SIZE = 2000;
/** How long one export's query may run on PostgreSQL (a million rows to a slow connection). */
const EXPORT_STATEMENT_TIMEOUT = '30min';

function isPostgres(db: Knex): boolean {
  return db.client.config.client === 'pg';
}

/**
 * Every row of `build()`, by ascending or descending `idColumn` (a unique integer), one at a time.
 * `onEnd` runs once after the last row with the count.
 */
export async function* streamRows<Row extends { id: number }>(
  db: Knex,
  build: () => Knex.QueryBuilder,
  options: { idColumn: string; order: 'asc' | 'desc'; onEnd?: (count: number) => Promise<void> },
): AsyncGenerator<Row> {
  let count = 0;
  if (isPostgres(db)) {
    // The cursor's fetches are one statement for `statement_timeout` (15 s, against runaway queries):
    // an export of a million rows to a slow client lasts longer. Its own transaction lifts the bound
    // for this statement only (and reads one consistent snapshot).
    const trx = await db.transaction();
    try {
      await trx.raw(`set local statement_timeout = '${EXPORT_STATEMENT_TIMEOUT}'`);
      const cursor = build().transacting(trx).orderBy(options.idColumn, options.order).stream({ batchSize: 500 } as never) as unknown as AsyncIterable<Row>;
      for await (const row of cursor) {
        count += 1;
        yield row;
      }
      await trx.commit();
    } finally {
      if (!trx.isCompleted()) await trx.rollback().catch(() => undefined);
    }
  } else {
    let after: number | undefined;
    for (;;) {
      const query = build().orderBy(options.idColumn, options.order).limit(BATCH_SIZE);
      if (after !== undefined) query.where(options.idColumn, options.order === 'asc' ? '>' : '<', after);
      const rows = (await query) as Row[];
      for (const row of rows) yield row;
      count += rows.length;
      if (rows.length < BATCH_SIZE) break;
      after = rows.at(-1)!.id;
    }
  }
  await options.onEnd?.(count);
}

interface LeadRow {
  id: number;
  firstName: string;
  lastName: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  city: string | null;
  country: string | null;
  status: LeadStatus;
  source: LeadSource | null;
  tags: string[] | null;
  createdAt: Date;
  lastContactedAt: Date | null;
}

const LEAD_COLUMNS: Array<CsvColumn<LeadRow>> = [
  { header: 'Prénom', value: (row) => row.firstName },
  { header: 'Nom', value: (row) => row.lastName },
  { header: 'Email', value: (row) => row.email },
  { header: 'Téléphone', value: (row) => csvPhone(row.phone) },
  { header: 'Société', value: (row) => row.company },
  { header: 'Ville', value: (row) => row.city },
  { header: 'Pays', value: (row) => row.country },
  { header: 'Statut', value: (row) => LEAD_STATUS_LABELS[row.status] ?? row.status },
  { header: 'Source', value: (row) => (row.source ? (LEAD_SOURCE_LABELS[row.source] ?? row.source) : '') },
  { header: 'Tags', value: (row) => (row.tags ?? []).join(', ') },
  { header: 'Créé le', value: (row) => swissCsvDate(row.createdAt) },
  { header: 'Dernier contact', value: (row) => swissCsvDate(row.lastContactedAt) },
];

export interface CsvExport {
  filename: string;
  body: Readable;
}

/** Sends an export as a download. */
export function sendCsv(ctx: Context, file: CsvExport): void {
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = file.body;
}

/** The filters as the audit event records them (no personal data: a search term may be a name, so only its presence). */
function auditedFilters(query: LeadExportQuery): Record<string, string | boolean | null> {
  return {
    search: Boolean(query.search),
    status: query.status ?? null,
    source: query.source ?? null,
    tags: query.tags?.length ? query.tags.join(',') : null,
    createdAfter: query.createdAfter ?? null,
  };
}

export function exportLeads(
  db: Knex,
  query: LeadExportQuery,
  audit: (details: Record<string, string | number | boolean | null>) => Promise<void>,
): CsvExport {
  const build = () =>
    db('leads')
      .select('id', 'firstName', 'lastName', 'email', 'phone', 'company', 'city', 'country', 'status', 'source', 'tags', 'createdAt', 'lastContactedAt')
      .modify(leadFilters(query));
  const rows = streamRows<LeadRow>(db, build, { idColumn: 'id', order: 'desc', onEnd: (count) => audit({ ...auditedFilters(query), rows: count }) });
  return { filename: `contacts-${swissFileStamp()}.csv`, body: csvStream(rows, LEAD_COLUMNS) };
}

interface RegistrationRow {
  id: number;
  status: RegistrationStatus;
  registeredAt: Date;
  firstName: string;
  lastName: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  tags: string[] | null;
}

const REGISTRATION_COLUMNS: Array<CsvColumn<RegistrationRow>> = [
  { header: 'Prénom', value: (row) => row.firstName },
  { header: 'Nom', value: (row) => row.lastName },
  { header: 'Email', value: (row) => row.email },
  { header: 'Téléphone', value: (row) => csvPhone(row.phone) },
  { header: 'Société', value: (row) => row.company },
  { header: 'Statut', value: (row) => REGISTRATION_STATUS_LABELS[row.status] ?? row.status },
  { header: 'Inscrit le', value: (row) => swissCsvDate(row.registeredAt) },
  { header: 'Tags', value: (row) => (row.tags ?? []).join(', ') },
];

/** Checks the webinar first (404 before any byte of CSV). */
export async function exportRegistrations(
  db: Knex,
  webinarId: number,
  audit: (details: Record<string, string | number | boolean | null>) => Promise<void>,
): Promise<CsvExport> {
  const webinar = await findWebinarOr404(db, webinarId);
  const build = () =>
    db('webinarRegistrations as r')
      .join('leads as l', 'l.id', 'r.leadId')
      .where('r.webinarId', webinar.id)
      .select('r.id', 'r.status', 'r.registeredAt', 'l.firstName', 'l.lastName', 'l.email', 'l.phone', 'l.company', 'l.tags');
  const rows = streamRows<RegistrationRow>(db, build, { idColumn: 'r.id', order: 'asc', onEnd: (count) => audit({ webinarId: webinar.id, rows: count }) });
  return { filename: `inscriptions-webinaire-${webinar.id}-${swissFileStamp()}.csv`, body: csvStream(rows, REGISTRATION_COLUMNS) };
}
