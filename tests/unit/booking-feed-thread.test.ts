/**
 * A host's calendar feed is read on a worker thread (api/features/booking/calendars/feed-thread.ts, decision 126):
 * while a large feed (400 weekly series over three years, as the issue measured) is being read, the
 * request thread keeps turning, and the reading answers exactly what readFeed answers, with the same
 * FeedError reasons and limits.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { FeedError, readFeed } from '../../api/features/booking/calendars/feed.ts';
import { readFeedInWorker, stopFeedWorker } from '../../api/features/booking/calendars/feed-thread.ts';

afterAll(() => stopFeedWorker());

const DAY_MS = 86_400_000;

/** 400 weekly series begun three years ago (312 occurrences each, COUNT: expanded from their first), in Zurich time. */
function largeFeed(now: Date): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Inner Circle//tests//FR'];
  const first = new Date(now.getTime() - 3 * 365 * DAY_MS);
  for (let series = 0; series < 400; series += 1) {
    const day = new Date(first.getTime() + (series % 7) * DAY_MS);
    const stamp = `${day.toISOString().slice(0, 10).replaceAll('-', '')}T${String(7 + (series % 11)).padStart(2, '0')}${series % 2 ? '30' : '00'}00`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:series-${series}@example.ch`,
      `DTSTAMP:20260101T000000Z`,
      `DTSTART;TZID=Europe/Zurich:${stamp}`,
      'DURATION:PT45M',
      'RRULE:FREQ=WEEKLY;COUNT=312',
      `SUMMARY:Série ${series}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/** Resolves once the event loop has turned `count` times (a setImmediate ticker). */
function turns(count: number): Promise<void> {
  return new Promise((resolve) => {
    let left = count;
    const tick = () => (--left <= 0 ? resolve() : setImmediate(tick));
    setImmediate(tick);
  });
}

describe('readFeedInWorker', () => {
  it('keeps the event loop turning while a large feed is read, and answers what readFeed answers', async () => {
    const now = new Date();
    const window = { from: new Date(now.getTime() - DAY_MS), to: new Date(now.getTime() + 31 * DAY_MS) };
    const text = largeFeed(now);
    let settled = false;
    const reading = readFeedInWorker(text, window).finally(() => {
      settled = true;
    });
    // Read on this thread, the feed would be parsed before the loop turned even once.
    await turns(20);
    expect(settled).toBe(false);
    const answer = await reading;
    const expected = readFeed(text, window);
    expect(answer).toEqual(expected);
    expect(answer.events).toBe(400);
    expect(answer.busy.length).toBeGreaterThan(0);
  }, 120_000);

  it('fails with the same FeedError reasons and French messages, the occurrence limits kept', async () => {
    const window = { from: new Date('2027-03-01T00:00:00Z'), to: new Date('2027-04-01T00:00:00Z') };
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => 'lu',
        (error: unknown) => (error instanceof FeedError ? `${error.reason}: ${error.message}` : `autre: ${String(error)}`),
      );
    const syncFailure = (read: () => unknown) => {
      try {
        read();
        return 'lu';
      } catch (error) {
        return error instanceof FeedError ? `${error.reason}: ${error.message}` : `autre: ${String(error)}`;
      }
    };
    const notCalendar = 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Léa\r\nEND:VCARD\r\n';
    expect(await failure(readFeedInWorker('<html>pas un calendrier</html>', window))).toBe(syncFailure(() => readFeed('<html>pas un calendrier</html>', window)));
    expect(await failure(readFeedInWorker(notCalendar, window))).toBe(syncFailure(() => readFeed(notCalendar, window)));
    expect(await failure(readFeedInWorker(notCalendar, window))).toMatch(/^not-a-calendar: Le calendrier ne peut pas être lu/);
    const daily = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a@example.ch\r\nDTSTART:20270301T080000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY;COUNT=40\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    expect(await failure(readFeedInWorker(daily, window, { maxOccurrencesPerEvent: 10 }))).toMatch(
      /^too-many-occurrences: Le calendrier ne peut pas être lu : ses événements répétés demandent trop de calculs/,
    );
    expect((await readFeedInWorker(daily, window)).busy).toHaveLength(31);
  });
});
