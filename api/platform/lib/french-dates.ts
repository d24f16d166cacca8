/**
 * Long French dates, one definition for the e-mails, the public pages and the back office: always the
 * Swiss wall clock (Europe/Zurich), whatever the zone of the server or the browser. French writes the
 * first day of a month as an ordinal, "1er avril", and every other day as a plain number, "2 avril",
 * never "01 avril" (decision 092). Imports only date-fns, so the admin bundle and the Astro pages can use it (`#french-dates`).
 */
import { format } from 'date-fns/format';
import { fr } from 'date-fns/locale/fr';
import { TZDate } from '@date-fns/tz';

export const SWISS_TIME_ZONE = 'Europe/Zurich';

function inZurich(value: Date): TZDate {
  return new TZDate(value.getTime(), SWISS_TIME_ZONE);
}

/** "1er" for the first of a month, "2" to "31" otherwise. */
export function frenchDayOfMonth(day: number): string {
  return day === 1 ? '1er' : String(day);
}

/** "1er avril 2027"; with `weekday`, "jeudi 1er avril 2027". */
export function frenchLongDate(value: Date, options: { weekday?: boolean } = {}): string {
  const zoned = inZurich(value);
  const date = `${frenchDayOfMonth(zoned.getDate())} ${format(zoned, 'MMMM yyyy', { locale: fr })}`;
  return options.weekday ? `${format(zoned, 'EEEE', { locale: fr })} ${date}` : date;
}

/** "18 h 00", the way French writes a time in prose. */
export function frenchTime(value: Date): string {
  return format(inZurich(value), "HH 'h' mm");
}

/** "09:05", the compact time of tables. */
export function frenchClockTime(value: Date): string {
  return format(inZurich(value), 'HH:mm');
}
