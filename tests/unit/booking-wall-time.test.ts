/**
 * Wall-clock times turned into instants with the offset kept per zone and day
 * (docs/decisions/117-booking-header-link-and-feed-offsets.md): the answer must be TZDate's for
 * every time, the skipped and repeated hours of the changes of offset included.
 */
import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { wallTimeToInstant } from '../../api/features/booking/calendars/wall-time.ts';

const DAY_MS = 86_400_000;

/** Every quarter of an hour (and a few odd minutes) from `from` for `days` days, compared with TZDate. */
function mismatches(zone: string, from: string, days: number): string[] {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const wrong: string[] = [];
  for (let offset = 0; offset < days; offset++) {
    const date = new Date(Date.UTC(y, m - 1, d + offset));
    for (const minutes of [...Array.from({ length: 96 }, (_, quarter) => quarter * 15), 7, 151, 1439]) {
      const args = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), Math.floor(minutes / 60), minutes % 60, 30] as const;
      const expected = new TZDate(...args, zone).getTime();
      const actual = wallTimeToInstant(zone, ...args);
      if (actual !== expected) wrong.push(`${zone} ${args.join(',')}: ${new Date(actual).toISOString()} instead of ${new Date(expected).toISOString()}`);
    }
  }
  return wrong;
}

describe('wall-clock times to instants, offsets kept per day', () => {
  it('places Swiss times as TZDate does, across both changes of 2027', () => {
    expect(mismatches('Europe/Zurich', '2027-03-20', 14)).toEqual([]);
    expect(mismatches('Europe/Zurich', '2027-10-24', 14)).toEqual([]);
    // Asked again, the kept offsets give the same answers.
    expect(mismatches('Europe/Zurich', '2027-03-20', 14)).toEqual([]);
  });

  it('places the skipped and the repeated hour as TZDate does', () => {
    const skipped = wallTimeToInstant('Europe/Zurich', 2027, 2, 28, 2, 30);
    expect(skipped).toBe(new TZDate(2027, 2, 28, 2, 30, 'Europe/Zurich').getTime());
    const repeated = wallTimeToInstant('Europe/Zurich', 2027, 9, 31, 2, 30);
    expect(repeated).toBe(new TZDate(2027, 9, 31, 2, 30, 'Europe/Zurich').getTime());
    expect(new Date(wallTimeToInstant('Europe/Zurich', 2027, 2, 29, 9)).toISOString()).toBe('2027-03-29T07:00:00.000Z');
    expect(new Date(wallTimeToInstant('Europe/Zurich', 2027, 2, 26, 9)).toISOString()).toBe('2027-03-26T08:00:00.000Z');
  });

  it('follows other zones: New York, Tokyo, a change of offset at midnight (Santiago), Lord Howe’s half hour', () => {
    expect(mismatches('America/New_York', '2027-03-10', 7)).toEqual([]);
    expect(mismatches('America/New_York', '2027-11-04', 7)).toEqual([]);
    expect(mismatches('Asia/Tokyo', '2027-03-25', 3)).toEqual([]);
    expect(mismatches('America/Santiago', '2027-04-01', 7)).toEqual([]);
    expect(mismatches('America/Santiago', '2027-09-02', 7)).toEqual([]);
    expect(mismatches('Australia/Lord_Howe', '2027-04-01', 7)).toEqual([]);
    expect(mismatches('Australia/Lord_Howe', '2027-09-30', 7)).toEqual([]);
  });

  it('accepts days past the end of a month as the next month’s, like Date.UTC', () => {
    expect(wallTimeToInstant('Europe/Zurich', 2027, 0, 32)).toBe(new TZDate(2027, 1, 1, 'Europe/Zurich').getTime());
    expect(wallTimeToInstant('Europe/Zurich', 2027, 0, 1) + 31 * DAY_MS).toBe(wallTimeToInstant('Europe/Zurich', 2027, 0, 32));
  });

  it('gives NaN for a zone the runtime does not know, as TZDate does', () => {
    expect(wallTimeToInstant('Nowhere/Land', 2027, 0, 1)).toBeNaN();
  });
});
