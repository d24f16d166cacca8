/**
 * The one Swiss calendar day of an instant (docs/decisions/137-one-public-entry.md): visit counts,
 * salts, booking slots and offers' validity all speak of the day as a person in Switzerland sees it.
 */
const SWISS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' });

let lastMinute = Number.NaN;
let lastDay = '';

/**
 * `2026-11-25`: the Swiss calendar day of `at`. Each page view asks, so the day is formatted once per
 * minute (Swiss days start on the minute) and remembered.
 */
export function swissDay(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  const minute = Math.floor(ms / 60_000);
  if (minute !== lastMinute) {
    lastDay = SWISS_DAY.format(ms);
    lastMinute = minute;
  }
  return lastDay;
}
