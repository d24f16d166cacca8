/**
 * The contacts list's date filter counts calendar days in Switzerland: around the daylight-saving
 * changes (29 March and 25 October 2026) a period still starts at a Swiss midnight, on the right day.
 */
import { describe, expect, test } from 'vitest';
import { isPeriod, periodStart } from '../../site/admin/lib/periods.ts';

describe('periodStart', () => {
  test('"7 derniers jours" shortly after midnight, the day after the spring change, starts 7 calendar days back', () => {
    // 30 March 2026, 00:30 in Zurich (summer time) is 29 March 22:30 UTC.
    expect(periodStart('7d', new Date('2026-03-29T22:30:00Z'))).toBe('2026-03-22T23:00:00.000Z'); // 23 March 00:00 (winter time)
  });

  test('"7 derniers jours" late in the evening after the autumn change starts on the right day', () => {
    // 26 October 2026, 23:30 in Zurich (winter time) is 22:30 UTC.
    expect(periodStart('7d', new Date('2026-10-26T22:30:00Z'))).toBe('2026-10-18T22:00:00.000Z'); // 19 October 00:00 (summer time)
  });

  test('"Aujourd\'hui" on the 23-hour and the 25-hour day starts at that day\'s Swiss midnight', () => {
    expect(periodStart('today', new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-28T23:00:00.000Z');
    expect(periodStart('today', new Date('2026-10-25T22:59:00Z'))).toBe('2026-10-24T22:00:00.000Z');
  });

  test('"30 derniers jours" across the spring change', () => {
    expect(periodStart('30d', new Date('2026-04-10T22:15:00Z'))).toBe('2026-03-11T23:00:00.000Z'); // 12 March 00:00
  });

  test('"Ce mois-ci" starts on the 1st at Swiss midnight, also at the very start of a month', () => {
    expect(periodStart('month', new Date('2026-03-29T10:00:00Z'))).toBe('2026-02-28T23:00:00.000Z');
    expect(periodStart('month', new Date('2026-10-31T23:30:00Z'))).toBe('2026-10-31T23:00:00.000Z'); // already 1 November in Zurich
  });

  test('no period, no lower bound; only the four periods are recognised', () => {
    expect(periodStart(undefined)).toBeUndefined();
    expect(periodStart('year')).toBeUndefined();
    expect(isPeriod('7d')).toBe(true);
    expect(isPeriod('toString')).toBe(false);
  });
});
