/**
 * The contacts' CSV export (with the list's filters), streamed (api/platform/lib/csv-export.ts); the
 * audit event (filters, row count) is written after the last row, before the file's end.
 */
import type { Knex } from 'knex';
import { csvPhone, csvStream, swissCsvDate, swissFileStamp, type CsvColumn } from '../../../platform/lib/csv.ts';
import { streamRows, type CsvExport } from '../../../platform/lib/csv-export.ts';
import { FIRST_TOUCH_FIELDS } from '../../attribution/contract/index.ts';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, type LeadSource, type LeadStatus } from '../../../contract/options.ts';
import type { LeadExportQuery } from '../contract/index.ts';
import { firstTouchColumns, type FirstTouchRow } from './first-touch-csv.ts';
import { leadFilters } from '../records/lead-list.ts';
import { noteContactIds } from '../../../platform/access-log.ts';

interface LeadRow extends FirstTouchRow {
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
  ...firstTouchColumns<LeadRow>(),
];

/** The filters as the audit event records them (no personal data: a search term may be a name, so only its presence). */
function auditedFilters(query: LeadExportQuery): Record<string, string | boolean | null> {
  return {
    search: Boolean(query.search),
    status: query.status ?? null,
    source: query.source ?? null,
    tags: query.tags?.length ? query.tags.join(',') : null,
    channel: query.channel ?? null,
    campaign: query.campaign ?? null,
    createdAfter: query.createdAfter ?? null,
  };
}

export function exportLeads(db: Knex, query: LeadExportQuery, audit: (details: Record<string, string | number | boolean | null>, contactIds: number[]) => Promise<void>): CsvExport {
  const ids: number[] = [];
  const build = () =>
    db('leads')
      .select('id', 'firstName', 'lastName', 'email', 'phone', 'company', 'city', 'country', 'status', 'source', 'tags', 'createdAt', 'lastContactedAt', ...FIRST_TOUCH_FIELDS)
      .modify(leadFilters(query));
  const rows = streamRows<LeadRow>(db, build, { idColumn: 'id', order: 'desc', onEnd: (count) => audit({ ...auditedFilters(query), rows: count }, ids) });
  return {
    filename: `contacts-${swissFileStamp()}.csv`,
    body: csvStream(
      noteContactIds(rows, (row) => row.id, ids),
      LEAD_COLUMNS,
    ),
  };
}
