/**
 * The contacts list's "Par date" filter: each period starts at a midnight in Switzerland, counted
 * in calendar days (date-fns in the Europe/Zurich zone), so a day with 23 or 25 hours around a
 * daylight-saving change never shifts the start by a day.
 */
import { startOfDay } from 'date-fns/startOfDay';
import { startOfMonth } from 'date-fns/startOfMonth';
import { subDays } from 'date-fns/subDays';
import { tz } from '@date-fns/tz';
import { ZONE } from './dates.ts';

export const PERIODS = {
  today: "Aujourd'hui",
  '7d': '7 derniers jours',
  '30d': '30 derniers jours',
  month: 'Ce mois-ci',
} as const;
export type Period = keyof typeof PERIODS;

export function isPeriod(value: string | undefined): value is Period {
  return value !== undefined && Object.hasOwn(PERIODS, value);
}

const inZurich = { in: tz(ZONE) };
const utc = (date: Date) => new Date(date.getTime()).toISOString();

/** The instant (ISO, UTC) a period starts at; stable for the whole day, so cache keys do not change. */
export function periodStart(period: string | undefined, now: Date = new Date()): string | undefined {
  const daysAgo = (days: number) => utc(startOfDay(subDays(now, days, inZurich), inZurich));
  switch (period) {
    case 'today':
      return daysAgo(0);
    case '7d':
      return daysAgo(7);
    case '30d':
      return daysAgo(30);
    case 'month':
      return utc(startOfMonth(now, inZurich));
    default:
      return undefined;
  }
}
