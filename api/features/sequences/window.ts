/**
 * The sending window of a step (docs/decisions/150-sequences-engine.md): hours and ISO weekdays
 * (1 = Monday, as the booking API) in Swiss time. A step due outside waits for the next opening.
 */
import { TZDate } from '@date-fns/tz';

export const SWISS_ZONE = 'Europe/Zurich';

export interface SendingWindow {
  from: string;
  to: string;
  days: number[];
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** The first instant at or after `at` inside the window (at itself when it is inside). */
export function nextOpening(at: Date, window: SendingWindow): Date {
  const local = new TZDate(at.getTime(), SWISS_ZONE);
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  // Eight days always reach an allowed weekday (the window has at least one).
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + offset, 0, 0, 0, SWISS_ZONE);
    const isoWeekday = day.getDay() === 0 ? 7 : day.getDay();
    if (!window.days.includes(isoWeekday)) continue;
    const opens = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(from / 60), from % 60, 0, SWISS_ZONE);
    const closes = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(to / 60), to % 60, 0, SWISS_ZONE);
    if (at.getTime() < opens.getTime()) return new Date(opens.getTime());
    if (at.getTime() < closes.getTime()) return new Date(at.getTime());
  }
  return new Date(at.getTime());
}

/** `at`, or the next opening when the step keeps to the window. */
export function whenAllowed(at: Date, window: SendingWindow, useWindow: boolean): Date {
  return useWindow ? nextOpening(at, window) : at;
}
