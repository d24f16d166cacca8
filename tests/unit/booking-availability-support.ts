// What the availability tests share: the default rules, a fixed "now", hosts, bookings and busy times in Swiss wall-clock time.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { blockedRange, computeSlots, type HostSchedule, type SlotRules, type SlotsResponse } from '../../api/features/booking/engine/availability.ts';
import { bookingSettingsSchema } from '#contract/booking';

/** The settings' defaults (tests/unit/booking-schemas.test.ts lists them): 30 minutes, 0 before, 10 after, 12 hours' notice, 30 days, every 30 minutes, no cap. */
export const { mode: _mode, ...RULES }: SlotRules & { mode: string } = bookingSettingsSchema.parse({});

export const MONDAY_TO_FRIDAY_9_TO_17 = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));

/** Monday 12 April 2027 is the day most tests look at; a week before, at 10:00 Swiss time, is "now". */
export const MONDAY = '2027-04-12';
export const A_WEEK_BEFORE = new Date('2027-04-05T08:00:00.000Z');

export function host(id: number, schedule: Partial<HostSchedule> = {}): HostSchedule {
  return { id, weekly: MONDAY_TO_FRIDAY_9_TO_17, overrides: [], feedState: 'ok', busy: [], bookings: [], lastBookedAt: null, ...schedule };
}

/** The instant of a Swiss wall-clock time (a plain Date: a TZDate's toISOString() would keep the Swiss offset). */
export function swiss(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, 'Europe/Zurich').getTime());
}

/** A booking as stored: its start and its blocked range (the buffers of the settings it was made with). */
export function booking(date: string, time: string, rules: SlotRules = RULES) {
  const start = swiss(date, time);
  return { start, blocked: blockedRange(rules, start) };
}

/** A busy interval of the host's own calendar, in Swiss time. */
export function busy(date: string, from: string, to: string) {
  return { start: swiss(date, from), end: swiss(date, to) };
}

/** The offered starts of one day, as Swiss wall-clock times. */
export function clock(response: SlotsResponse, date: string): string[] {
  const day = response.days.find((candidate) => candidate.date === date);
  if (!day) throw new Error(`${date} is not in the answer`);
  return day.slots.map((slot) => format(new TZDate(slot.start, 'Europe/Zurich'), 'HH:mm'));
}

export function slotsOn(date: string, hosts: HostSchedule[], rules: Partial<SlotRules> = {}, now = A_WEEK_BEFORE): string[] {
  return clock(computeSlots({ ...RULES, ...rules }, now, { from: date, days: 1 }, hosts), date);
}

/** Every half hour from `from` (inclusive) to `to` (exclusive), "HH:MM". */
export function halfHours(from: string, to: string): string[] {
  const times: string[] = [];
  for (let minutes = Number(from.slice(0, 2)) * 60 + Number(from.slice(3)); minutes < Number(to.slice(0, 2)) * 60 + Number(to.slice(3)); minutes += 30) {
    times.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  }
  return times;
}

export const FULL_DAY = halfHours('09:00', '17:00');
