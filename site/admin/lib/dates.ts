/**
 * Every date of the back office is shown in French and in Swiss time, whatever the browser's zone:
 * date-fns with the `fr` locale (weeks start Monday) in the Europe/Zurich zone.
 */
import { format } from 'date-fns/format';
import { fr } from 'date-fns/locale/fr';
import { tz, TZDate } from '@date-fns/tz';
import { frenchClockTime, frenchLongDate, frenchTime } from '#french-dates';

export const ZONE = 'Europe/Zurich';
const inZurich = tz(ZONE);
const options = { locale: fr, weekStartsOn: 1 as const, in: inZurich };

function toDate(value: string | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function show(value: string | Date | null | undefined, pattern: string): string {
  const date = toDate(value);
  return date ? format(date, pattern, options) : '';
}

/** Long dates are written as everywhere else in the product (decision 092): "1er mars 2026 à 18 h 30", "12 mars 2026 à …". */
function long(value: string | Date | null | undefined, time: (date: Date) => string): string {
  const date = toDate(value);
  return date ? `${frenchLongDate(date)} à ${time(date)}` : '';
}

/** "12 mars 2026 à 18 h 30" */
export const formatLong = (value: string | Date | null | undefined) => long(value, frenchTime);
/** "12/03/2026 à 18:30" */
export const formatDateTime = (value: string | Date | null | undefined) => show(value, "dd/MM/yyyy 'à' HH:mm");
/** "12 mars 2026 à 18:30" */
export const formatPPP = (value: string | Date | null | undefined) => long(value, frenchClockTime);

/** Due dates are calendar days: a bare "yyyy-MM-dd" is shown as is, never shifted by a zone. */
export function formatDue(value: string | Date | null | undefined): string {
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  return show(value, 'dd/MM/yyyy');
}

/** Today's date in Zurich as "yyyy-MM-dd" (the value of an `<input type="date">`). */
export function todayInZurich(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd', { in: inZurich });
}

/** A Swiss wall-clock date ("yyyy-MM-dd") and time ("HH:mm") as an ISO instant (UTC). */
export function zurichLocalToIso(date: string, time: string): string | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return undefined;
  const local = new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), ZONE);
  return Number.isNaN(local.getTime()) ? undefined : new Date(local.getTime()).toISOString();
}

/** An instant as the Swiss wall-clock date and time of the form inputs: `{ date: 'yyyy-MM-dd', time: 'HH:mm' }`. */
export function isoToZurichLocal(value: string): { date: string; time: string } {
  const date = new Date(value);
  return { date: format(date, 'yyyy-MM-dd', { in: inZurich }), time: format(date, 'HH:mm', { in: inZurich }) };
}

/** Start of today in Zurich, as an ISO instant. */
export function startOfTodayInZurich(now: Date = new Date()): string {
  return zurichLocalToIso(todayInZurich(now), '00:00')!;
}
