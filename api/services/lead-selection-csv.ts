/**
 * The selected contacts as a CSV Excel opens correctly in Switzerland (decision 077): UTF-8 with BOM,
 * `;` separators, CRLF line ends, French headers, dates "dd/MM/yyyy HH:mm" in Swiss time, tags joined
 * by ", ". A cell starting with = + - @ or a tab/CR gets a leading apostrophe, so a spreadsheet never
 * runs a value typed by a visitor as a formula (OWASP "CSV injection").
 */
import { stringify } from 'csv-stringify/sync';
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import type { Knex } from 'knex';
import { Lead } from '../models/index.ts';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, LEAD_TYPE_LABELS, type LeadSource, type LeadStatus, type LeadType } from '../schemas/index.ts';
import { SWISS_TIME_ZONE } from '../mail/dates.ts';

const HEADER = [
  'ID', 'Prénom', 'Nom', 'Email', 'Téléphone', 'Société', 'Pays', 'Ville', 'Type', 'Source', 'Statut', 'Tags',
  'Message', 'Notes internes', "Date d'inscription", 'Dernier contact', 'Prochaine relance',
];

export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function swissDateTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return format(new TZDate(new Date(value), SWISS_TIME_ZONE), 'dd/MM/yyyy HH:mm');
}

function leadRecord(lead: Lead): string[] {
  return [
    String(lead.id),
    lead.firstName,
    lead.lastName ?? '',
    lead.email,
    lead.phone ?? '',
    lead.company ?? '',
    lead.country ?? '',
    lead.city ?? '',
    LEAD_TYPE_LABELS[lead.type as LeadType] ?? lead.type,
    lead.source ? (LEAD_SOURCE_LABELS[lead.source as LeadSource] ?? lead.source) : '',
    LEAD_STATUS_LABELS[lead.status as LeadStatus] ?? lead.status,
    (lead.tags ?? []).join(', '),
    lead.message ?? '',
    lead.notes ?? '',
    swissDateTime(lead.createdAt),
    swissDateTime(lead.lastContactedAt),
    swissDateTime(lead.nextFollowUpAt),
  ].map(neutralizeFormula);
}

/** The selected contacts that exist, newest first, as the file's text (BOM included). */
export async function selectedLeadsCsv(db: Knex, ids: number[]): Promise<{ csv: string; count: number }> {
  const leads = await Lead.query(db).whereIn('id', ids).orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]);
  const csv = stringify([HEADER, ...leads.map(leadRecord)], { delimiter: ';', record_delimiter: '\r\n', bom: true });
  return { csv, count: leads.length };
}
