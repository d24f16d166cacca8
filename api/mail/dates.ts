/** Dates in e-mails are written the French way, in Swiss time, whatever the server's time zone. */
import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { TZDate } from '@date-fns/tz';

export const SWISS_TIME_ZONE = 'Europe/Zurich';

/** "jeudi 28 novembre 2026 à 18 h 00 (heure suisse)". */
export function swissDateTime(value: Date): string {
  const zoned = new TZDate(value, SWISS_TIME_ZONE);
  return `${format(zoned, 'EEEE d MMMM yyyy', { locale: fr })} à ${format(zoned, "HH 'h' mm", { locale: fr })} (heure suisse)`;
}

/** "1 h 30", "45 minutes", "2 heures". */
export function frenchDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return hours === 1 ? '1 heure' : `${hours} heures`;
  return `${hours} h ${String(rest).padStart(2, '0')}`;
}
