/**
 * A contact's first touch (decision 115) in the contacts' CSV files: the export's columns, and the
 * import's reading of the same columns back (a file exported, then imported elsewhere, keeps it).
 */
import { TZDate } from '@date-fns/tz';
import { swissCsvDate, type CsvColumn } from '../../../platform/lib/csv.ts';
import { FIRST_TOUCH_FIELD_LABELS } from '../../attribution/contract/index.ts';
import { VISIT_CHANNEL_LABELS, type VisitChannel } from '../../../contract/visit-channels.ts';

export interface FirstTouchRow {
  firstTouchChannel: VisitChannel | null;
  firstTouchSource: string | null;
  firstTouchMedium: string | null;
  firstTouchCampaign: string | null;
  firstTouchReferrer: string | null;
  firstTouchLandingPage: string | null;
  firstTouchAt: Date | null;
}

export function firstTouchColumns<Row extends FirstTouchRow>(): Array<CsvColumn<Row>> {
  return [
    { header: FIRST_TOUCH_FIELD_LABELS.firstTouchChannel, value: (row) => (row.firstTouchChannel ? VISIT_CHANNEL_LABELS[row.firstTouchChannel] : '') },
    { header: FIRST_TOUCH_FIELD_LABELS.firstTouchSource, value: (row) => row.firstTouchSource },
    { header: FIRST_TOUCH_FIELD_LABELS.firstTouchMedium, value: (row) => row.firstTouchMedium },
    { header: FIRST_TOUCH_FIELD_LABELS.firstTouchCampaign, value: (row) => row.firstTouchCampaign },
    { header: FIRST_TOUCH_FIELD_LABELS.firstTouchReferrer, value: (row) => row.firstTouchReferrer },
    { header: FIRST_TOUCH_FIELD_LABELS.firstTouchLandingPage, value: (row) => row.firstTouchLandingPage },
    { header: FIRST_TOUCH_FIELD_LABELS.firstTouchAt, value: (row) => swissCsvDate(row.firstTouchAt) },
  ];
}

const SWISS_DATE = /^(\d{2})\.(\d{2})\.(\d{4})(?:\s+(\d{2}):(\d{2}))?$/;

/** `25.11.2026 14:03` (Swiss time, as the export writes it) or an ISO date-time; undefined otherwise. */
export function parseFirstTouchDate(cell: string): Date | undefined {
  const swiss = SWISS_DATE.exec(cell.trim());
  if (swiss) {
    const [, day, month, year, hours = '0', minutes = '0'] = swiss;
    const date = new TZDate(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), 'Europe/Zurich');
    return Number.isNaN(date.getTime()) || date.getDate() !== Number(day) ? undefined : new Date(date.getTime());
  }
  const iso = new Date(cell);
  return /^\d{4}-\d{2}-\d{2}/.test(cell) && !Number.isNaN(iso.getTime()) ? iso : undefined;
}
