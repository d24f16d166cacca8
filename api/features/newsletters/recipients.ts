/** An issue's recipients: their message's status, attempts and last error; as a list or a CSV file. */
import type { Knex } from 'knex';
import { csvStream, swissCsvDate, swissFileStamp, type CsvColumn } from '../../platform/lib/csv.ts';
import { streamRows, type CsvExport } from '../../platform/lib/csv-export.ts';
import type { NewsletterRecipientRow } from './contract/index.ts';
import { NEWSLETTER_RECIPIENT_STATUS_LABELS, type NewsletterRecipientStatus } from './contract/index.ts';
import { findIssueOr404 } from './issues.ts';
import { noteContactIds } from '../../platform/access-log.ts';

/** The list shows this many; the CSV has them all. */
export const RECIPIENTS_LIST_MAX = 5_000;

function recipientsQuery(db: Knex, issueId: number, status?: NewsletterRecipientStatus) {
  const query = db('emails as e')
    .leftJoin('leads as l', 'l.id', 'e.leadId')
    .where({ 'e.newsletterId': issueId, 'e.kind': 'newsletter_issue' })
    .select('e.id', 'e.id as emailId', 'e.leadId', 'l.firstName', 'l.lastName', 'e.toAddress', 'e.status', 'e.attempts', 'e.lastError', 'e.sentAt');
  if (status) query.where('e.status', status);
  return query;
}

export async function listRecipients(db: Knex, issueId: number, status?: NewsletterRecipientStatus): Promise<NewsletterRecipientRow[]> {
  await findIssueOr404(db, issueId);
  return (await recipientsQuery(db, issueId, status).orderBy('e.id').limit(RECIPIENTS_LIST_MAX)) as NewsletterRecipientRow[];
}

type Row = NewsletterRecipientRow & { id: number };

const COLUMNS: Array<CsvColumn<Row>> = [
  { header: 'Prénom', value: (row) => row.firstName },
  { header: 'Nom', value: (row) => row.lastName },
  { header: 'Email', value: (row) => row.toAddress },
  { header: 'Statut', value: (row) => NEWSLETTER_RECIPIENT_STATUS_LABELS[row.status as NewsletterRecipientStatus] ?? row.status },
  { header: 'Tentatives', value: (row) => String(row.attempts) },
  { header: 'Dernière erreur', value: (row) => row.lastError },
  { header: 'Envoyé le', value: (row) => swissCsvDate(row.sentAt) },
];

/** Checks the issue first (404 before any byte of CSV); `audit` runs after the last row, with the recipients' contact ids (decision 147). */
export async function exportRecipients(db: Knex, issueId: number, audit: (details: Record<string, string | number | boolean | null>, contactIds: number[]) => Promise<void>): Promise<CsvExport> {
  const ids: number[] = [];
  await findIssueOr404(db, issueId);
  const rows = streamRows<Row>(db, () => recipientsQuery(db, issueId), { idColumn: 'e.id', order: 'asc', onEnd: (count) => audit({ newsletterId: issueId, rows: count }, ids) });
  return {
    filename: `destinataires-newsletter-${issueId}-${swissFileStamp()}.csv`,
    body: csvStream(
      noteContactIds(rows, (row) => row.leadId, ids),
      COLUMNS,
    ),
  };
}
