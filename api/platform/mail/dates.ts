/** Dates in e-mails are written the French way, in Swiss time, whatever the server's time zone. */
import { frenchLongDate, frenchTime, SWISS_TIME_ZONE } from '../lib/french-dates.ts';

export { SWISS_TIME_ZONE };

/** "jeudi 28 novembre 2026 à 18 h 00 (heure suisse)", "mercredi 1er avril 2026 à …". */
export function swissDateTime(value: Date): string {
  return `${frenchLongDate(value, { weekday: true })} à ${frenchTime(value)} (heure suisse)`;
}

/** "1 h 30", "45 minutes", "2 heures". */
export function frenchDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return hours === 1 ? '1 heure' : `${hours} heures`;
  return `${hours} h ${String(rest).padStart(2, '0')}`;
}
