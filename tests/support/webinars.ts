/** A webinar as the e-mail tests create it in the back office (`POST /api/admin/webinars`). */
export const SAMPLE_WEBINAR = {
  title: 'Le bonheur des dirigeants',
  description: 'Webinaire gratuit : 4 hormones, 3 techniques.',
  // Far ahead: a fixed date soon in the past would turn every sign-up into a wait for the next session.
  datetime: '2036-11-27T17:00:00.000Z',
  duration: 60,
  maxAttendees: 100,
  location: 'online',
  isActive: true,
};

/** The earliest session date the e-mail tests were written with (a winter Thursday, 18:00 in Zurich). */
const WRITTEN_FROM = Date.UTC(2027, 0, 28, 17);
const MARGIN_MS = 30 * 86_400_000;

/**
 * A session date written in a test (`2027-…`), moved by whole years so that the earliest of them
 * (28 January 2027) is at least 30 days ahead: every file's dates move together (their order and gaps
 * stay; a later one is never taken for "the next session" instead of an earlier one), and none falls in
 * the past, whatever the date of the run. Expected texts are then written by the product's own
 * formatter (`swissDateTime`): the weekday, and the Swiss hour of a date in late March, change with the year.
 */
export function sessionDate(written: string): string {
  const years = yearsAhead();
  const date = new Date(written);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
}

function yearsAhead(): number {
  let years = 0;
  for (;;) {
    const earliest = new Date(WRITTEN_FROM);
    earliest.setUTCFullYear(earliest.getUTCFullYear() + years);
    if (earliest.getTime() >= Date.now() + MARGIN_MS) return years;
    years += 1;
  }
}
