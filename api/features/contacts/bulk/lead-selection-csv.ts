/**
 * The selected contacts as a CSV for Swiss Excel (decision 077), in the format of every export
 * (api/platform/lib/csv.ts: BOM, `;`, CRLF, Swiss dates, phones as text, formulas neutralised); tags joined by ", ".
 */
import type { Knex } from 'knex';
import { Lead } from '../../../models/index.ts';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, LEAD_TYPE_LABELS, type LeadSource, type LeadStatus, type LeadType } from '../../../contract/options.ts';
import { csvPhone, swissCsvDate, swissCsvText } from '../../../platform/lib/csv.ts';
import { firstTouchColumns } from './first-touch-csv.ts';

// The contact's first touch, as the filtered export writes it (decision 115).
const FIRST_TOUCH_CSV = firstTouchColumns<Lead>();

const HEADER = [
  'ID',
  'Prénom',
  'Nom',
  'Email',
  'Téléphone',
  'Société',
  'Pays',
  'Ville',
  'Type',
  'Source',
  'Statut',
  'Tags',
  'Message',
  'Notes internes',
  "Date d'inscription",
  'Dernier contact',
  'Prochaine relance',
  ...FIRST_TOUCH_CSV.map((column) => column.header),
];

function leadRecord(lead: Lead): string[] {
  return [
    String(lead.id),
    lead.firstName,
    lead.lastName ?? '',
    lead.email,
    csvPhone(lead.phone),
    lead.company ?? '',
    lead.country ?? '',
    lead.city ?? '',
    LEAD_TYPE_LABELS[lead.type as LeadType] ?? lead.type,
    lead.source ? (LEAD_SOURCE_LABELS[lead.source as LeadSource] ?? lead.source) : '',
    LEAD_STATUS_LABELS[lead.status as LeadStatus] ?? lead.status,
    (lead.tags ?? []).join(', '),
    lead.message ?? '',
    lead.notes ?? '',
    swissCsvDate(lead.createdAt),
    swissCsvDate(lead.lastContactedAt),
    swissCsvDate(lead.nextFollowUpAt),
    ...FIRST_TOUCH_CSV.map((column) => String(column.value(lead) ?? '')),
  ];
}

/** The selected contacts that exist, newest first, as the file's text (BOM included). */
export async function selectedLeadsCsv(db: Knex, ids: number[]): Promise<{ csv: string; count: number }> {
  const leads = await Lead.query(db)
    .whereIn('id', ids)
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  const csv = swissCsvText(HEADER, leads.map(leadRecord));
  return { csv, count: leads.length };
}
