/**
 * One webinar's registrations as CSV, streamed (api/platform/lib/csv-export.ts) and audited after the last
 * row, with the exported contacts' ids for the access log (decision 147).
 */
import type { Knex } from 'knex';
import { csvPhone, csvStream, swissCsvDate, swissFileStamp, type CsvColumn } from '../../../platform/lib/csv.ts';
import { streamRows, type CsvExport } from '../../../platform/lib/csv-export.ts';
import { REGISTRATION_STATUS_LABELS, type RegistrationStatus } from '../../../contract/options.ts';
import { findWebinarOr404 } from './webinars.ts';
import { noteContactIds } from '../../../platform/access-log.ts';

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
  leadId: number;
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
export async function exportRegistrations(db: Knex, webinarId: number, audit: (details: Record<string, string | number | boolean | null>, contactIds: number[]) => Promise<void>): Promise<CsvExport> {
  const ids: number[] = [];
  const webinar = await findWebinarOr404(db, webinarId);
  const build = () =>
    db('webinarRegistrations as r')
      .join('leads as l', 'l.id', 'r.leadId')
      .where('r.webinarId', webinar.id)
      .select('r.id', 'r.status', 'r.registeredAt', 'l.firstName', 'l.lastName', 'l.email', 'l.phone', 'l.company', 'l.tags', 'r.leadId');
  const rows = streamRows<RegistrationRow>(db, build, { idColumn: 'r.id', order: 'asc', onEnd: (count) => audit({ webinarId: webinar.id, rows: count }, ids) });
  return {
    filename: `inscriptions-webinaire-${webinar.id}-${swissFileStamp()}.csv`,
    body: csvStream(
      noteContactIds(rows, (row) => row.leadId, ids),
      REGISTRATION_COLUMNS,
    ),
  };
}
