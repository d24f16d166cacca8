/**
 * A host's own calendar read from its iCalendar feed (decision 102): which intervals are busy, as
 * instants, for the events calendar applications really publish.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { FeedError, readFeed, type FeedReading } from '../../api/features/booking/calendars/feed.ts';

const HOST_CALENDAR = readFileSync(path.resolve(import.meta.dirname, '../support/host-calendar.ics'), 'utf8');

/** 15 to 29 March 2027, whole Swiss days (Swiss time moves to summer time on Sunday 28 March). */
const MARCH = { from: new Date('2027-03-14T23:00:00.000Z'), to: new Date('2027-03-29T22:00:00.000Z') };

function intervals(reading: FeedReading): string[] {
  return reading.busy.map((interval) => `${interval.start.toISOString()} → ${interval.end.toISOString()}`);
}

/** The busy intervals that start on a UTC date (`2027-03-18`). */
function on(reading: FeedReading, date: string): string[] {
  return intervals(reading).filter((interval) => interval.startsWith(date));
}

/** A calendar of the given VEVENT bodies (without BEGIN/END lines), CRLF-separated as servers send them. */
function calendar(...events: string[][]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Inner Circle//Tests//FR'];
  events.forEach((event, index) => lines.push('BEGIN:VEVENT', `UID:event-${index}@example.ch`, 'DTSTAMP:20270101T000000Z', ...event, 'END:VEVENT'));
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}

describe('reading a host calendar feed', () => {
  const reading = readFeed(HOST_CALENDAR, MARCH);

  it('lists every busy interval of the window, sorted, touching ones joined', () => {
    expect(reading.events).toBe(10);
    expect(intervals(reading)).toEqual([
      '2027-03-15T06:30:00.000Z → 2027-03-15T07:00:00.000Z',
      '2027-03-16T06:30:00.000Z → 2027-03-16T07:00:00.000Z',
      '2027-03-16T23:00:00.000Z → 2027-03-17T23:00:00.000Z',
      '2027-03-18T06:30:00.000Z → 2027-03-18T07:00:00.000Z',
      '2027-03-18T13:00:00.000Z → 2027-03-18T14:00:00.000Z',
      '2027-03-19T06:30:00.000Z → 2027-03-19T07:00:00.000Z',
      '2027-03-19T12:30:00.000Z → 2027-03-19T13:30:00.000Z',
      '2027-03-20T06:30:00.000Z → 2027-03-20T07:00:00.000Z',
      '2027-03-21T06:30:00.000Z → 2027-03-21T07:00:00.000Z',
      '2027-03-22T06:30:00.000Z → 2027-03-22T07:00:00.000Z',
      '2027-03-23T06:30:00.000Z → 2027-03-23T07:00:00.000Z',
      '2027-03-23T13:00:00.000Z → 2027-03-23T14:00:00.000Z',
      '2027-03-24T06:30:00.000Z → 2027-03-24T07:00:00.000Z',
      '2027-03-26T06:30:00.000Z → 2027-03-26T07:30:00.000Z',
      '2027-03-27T06:30:00.000Z → 2027-03-27T07:00:00.000Z',
      '2027-03-28T05:30:00.000Z → 2027-03-28T06:00:00.000Z',
      '2027-03-29T05:30:00.000Z → 2027-03-29T06:00:00.000Z',
      '2027-03-29T08:00:00.000Z → 2027-03-29T09:00:00.000Z',
    ]);
  });

  it('expands a weekly rule without the excluded date, with the moved occurrence at its new time', () => {
    // Mondays 10:00–11:00 Swiss time: 15 March excluded, 22 March moved to Tuesday 23 at 14:00, 29 March in summer time.
    expect(on(reading, '2027-03-15')).not.toContain('2027-03-15T09:00:00.000Z → 2027-03-15T10:00:00.000Z');
    expect(on(reading, '2027-03-22')).toEqual(['2027-03-22T06:30:00.000Z → 2027-03-22T07:00:00.000Z']);
    expect(on(reading, '2027-03-23')).toContain('2027-03-23T13:00:00.000Z → 2027-03-23T14:00:00.000Z');
    expect(on(reading, '2027-03-29')).toContain('2027-03-29T08:00:00.000Z → 2027-03-29T09:00:00.000Z');
  });

  it('makes a busy all-day event busy from Swiss midnight to Swiss midnight, and a free one free', () => {
    expect(on(reading, '2027-03-16')).toContain('2027-03-16T23:00:00.000Z → 2027-03-17T23:00:00.000Z');
    // The birthday on 18 March is marked free: only that day's timed events are busy.
    expect(on(reading, '2027-03-18')).toEqual(['2027-03-18T06:30:00.000Z → 2027-03-18T07:00:00.000Z', '2027-03-18T13:00:00.000Z → 2027-03-18T14:00:00.000Z']);
  });

  it('places events of other time zones at their instants, by IANA name or by the feed’s own VTIMEZONE', () => {
    // 09:00 in New York on 18 March 2027 is summer time there (UTC−4), not yet in Switzerland.
    expect(on(reading, '2027-03-18')).toContain('2027-03-18T13:00:00.000Z → 2027-03-18T14:00:00.000Z');
    // Outlook's "Eastern Standard Time", defined only by the feed's VTIMEZONE: 08:30 there is 12:30 UTC.
    expect(on(reading, '2027-03-19')).toContain('2027-03-19T12:30:00.000Z → 2027-03-19T13:30:00.000Z');
  });

  it('leaves transparent and cancelled events free', () => {
    expect(on(reading, '2027-03-19')).toEqual(['2027-03-19T06:30:00.000Z → 2027-03-19T07:00:00.000Z', '2027-03-19T12:30:00.000Z → 2027-03-19T13:30:00.000Z']);
  });

  it('keeps a daily event started years ago at its Swiss time across the change to summer time, without its excluded date', () => {
    expect(on(reading, '2027-03-24')).toEqual(['2027-03-24T06:30:00.000Z → 2027-03-24T07:00:00.000Z']);
    expect(on(reading, '2027-03-25')).toEqual([]);
    // The tentative UTC call at 07:00 follows the meditation directly and joins it.
    expect(on(reading, '2027-03-26')).toEqual(['2027-03-26T06:30:00.000Z → 2027-03-26T07:30:00.000Z']);
    expect(on(reading, '2027-03-28')).toEqual(['2027-03-28T05:30:00.000Z → 2027-03-28T06:00:00.000Z']);
  });

  it('clips intervals to the window', () => {
    const afternoon = readFeed(HOST_CALENDAR, { from: new Date('2027-03-17T12:00:00.000Z'), to: new Date('2027-03-18T07:00:00.000Z') });
    expect(intervals(afternoon)).toEqual(['2027-03-17T12:00:00.000Z → 2027-03-17T23:00:00.000Z', '2027-03-18T06:30:00.000Z → 2027-03-18T07:00:00.000Z']);
  });
});

describe('occurrences, lengths and zones', () => {
  const april = { from: new Date('2027-03-31T22:00:00.000Z'), to: new Date('2027-04-30T22:00:00.000Z') };

  it('counts an occurrence moved into the window from outside, and not one moved out of it, nor a cancelled one', () => {
    const text = calendar(
      ['DTSTART;TZID=Europe/Zurich:20270105T140000', 'DTEND;TZID=Europe/Zurich:20270105T150000', 'RRULE:FREQ=WEEKLY;BYDAY=TU', 'SUMMARY:Cours'],
      // The course of Tuesday 4 May moves to Thursday 29 April; that of 13 April moves to 6 May; that of 20 April is cancelled.
      ['UID:event-0@example.ch', 'RECURRENCE-ID;TZID=Europe/Zurich:20270504T140000', 'DTSTART;TZID=Europe/Zurich:20270429T090000', 'DTEND;TZID=Europe/Zurich:20270429T100000'],
      ['UID:event-0@example.ch', 'RECURRENCE-ID;TZID=Europe/Zurich:20270413T140000', 'DTSTART;TZID=Europe/Zurich:20270506T090000', 'DTEND;TZID=Europe/Zurich:20270506T100000'],
      ['UID:event-0@example.ch', 'RECURRENCE-ID:20270420T120000Z', 'DTSTART;TZID=Europe/Zurich:20270420T140000', 'DTEND;TZID=Europe/Zurich:20270420T150000', 'STATUS:CANCELLED'],
    ).replace(/UID:event-[123]@example.ch\r\n/g, '');
    expect(intervals(readFeed(text, april))).toEqual([
      '2027-04-06T12:00:00.000Z → 2027-04-06T13:00:00.000Z',
      '2027-04-27T12:00:00.000Z → 2027-04-27T13:00:00.000Z',
      '2027-04-29T07:00:00.000Z → 2027-04-29T08:00:00.000Z',
    ]);
  });

  it('reads floating times as Swiss time and an IANA TZID without VTIMEZONE with that zone', () => {
    const text = calendar(['DTSTART:20270405T090000', 'DTEND:20270405T100000'], ['DTSTART;TZID=Asia/Tokyo:20270406T180000', 'DTEND;TZID=Asia/Tokyo:20270406T190000']);
    expect(intervals(readFeed(text, april))).toEqual(['2027-04-05T07:00:00.000Z → 2027-04-05T08:00:00.000Z', '2027-04-06T09:00:00.000Z → 2027-04-06T10:00:00.000Z']);
  });

  it('gives all-day events whole Swiss days, 23 hours on the day summer time starts, one day when they have no end', () => {
    const text = calendar(
      ['DTSTART;VALUE=DATE:20270328', 'DTEND;VALUE=DATE:20270329', 'SUMMARY:Dimanche du changement d’heure'],
      ['DTSTART;VALUE=DATE:20270408', 'DTEND;VALUE=DATE:20270410', 'SUMMARY:Congrès, deux jours'],
      ['DTSTART;VALUE=DATE:20270415', 'SUMMARY:Sans fin'],
    );
    expect(intervals(readFeed(text, { from: new Date('2027-03-27T00:00:00.000Z'), to: april.to }))).toEqual([
      '2027-03-27T23:00:00.000Z → 2027-03-28T22:00:00.000Z',
      '2027-04-07T22:00:00.000Z → 2027-04-09T22:00:00.000Z',
      '2027-04-14T22:00:00.000Z → 2027-04-15T22:00:00.000Z',
    ]);
  });

  it('takes a DURATION as the length, and a timed event without end as no busy time', () => {
    const text = calendar(['DTSTART:20270405T080000Z', 'DURATION:PT45M'], ['DTSTART:20270406T080000Z', 'SUMMARY:Rappel']);
    expect(intervals(readFeed(text, april))).toEqual(['2027-04-05T08:00:00.000Z → 2027-04-05T08:45:00.000Z']);
  });

  it('makes a recurring all-day event busy on each of its days', () => {
    const text = calendar(['DTSTART;VALUE=DATE:20250102', 'DTEND;VALUE=DATE:20250103', 'RRULE:FREQ=WEEKLY;BYDAY=FR', 'EXDATE;VALUE=DATE:20270409', 'SUMMARY:Vendredi sans rendez-vous']);
    expect(intervals(readFeed(text, april))).toEqual([
      '2027-04-01T22:00:00.000Z → 2027-04-02T22:00:00.000Z',
      '2027-04-15T22:00:00.000Z → 2027-04-16T22:00:00.000Z',
      '2027-04-22T22:00:00.000Z → 2027-04-23T22:00:00.000Z',
      '2027-04-29T22:00:00.000Z → 2027-04-30T22:00:00.000Z',
    ]);
  });

  it('gives the same occurrences as expanding each rule from its first one, for rules started years ago', () => {
    const rules = [
      'FREQ=DAILY;INTERVAL=3',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH',
      'FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20270416T000000Z',
      'FREQ=DAILY;BYDAY=MO,TU',
      'FREQ=WEEKLY;INTERVAL=3;WKST=SU;BYDAY=SU,SA',
      'FREQ=MONTHLY;BYDAY=2WE',
      'FREQ=DAILY;COUNT=1300',
    ];
    for (const rule of rules) {
      // First occurrence on a Sunday in winter, 2024; the window is April 2027, in summer time.
      const event = ['DTSTART;TZID=Europe/Zurich:20240107T163000', 'DTEND;TZID=Europe/Zurich:20240107T171500', `RRULE:${rule}`];
      const expected: string[] = [];
      const component = new ICAL.Component(ICAL.parse(calendar(event)) as any).getFirstSubcomponent('vevent')!;
      const iterator = new ICAL.Event(component).iterator();
      for (let occurrence = iterator.next(); occurrence; occurrence = iterator.next()) {
        if (occurrence.compare(ICAL.Time.fromDateTimeString('2027-05-01T00:00:00')) >= 0) break;
        if (occurrence.compare(ICAL.Time.fromDateTimeString('2027-04-01T00:00:00')) >= 0) expected.push(`${occurrence.year}-${occurrence.month}-${occurrence.day}`);
      }
      const busy = readFeed(calendar(event), april).busy;
      // Every occurrence is 16:30–17:15 Swiss time, 14:30 UTC in April.
      expect(
        busy.every((interval) => interval.start.toISOString().endsWith('T14:30:00.000Z') && interval.end.getTime() - interval.start.getTime() === 45 * 60_000),
        rule,
      ).toBe(true);
      expect(
        busy.map((interval) => interval.start.toISOString().slice(0, 10).split('-').map(Number).join('-')),
        rule,
      ).toEqual(expected);
      expect(expected.length, rule).toBeGreaterThan(0);
    }
  });
});

describe('feeds that cannot be read', () => {
  const window = MARCH;

  it.each([
    ['an HTML sign-in page', '<!DOCTYPE html><html><body>Connexion</body></html>', 'unreadable'],
    ['an empty answer', '', 'not-a-calendar'],
    ['a contact card', 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Léa Favre\r\nEND:VCARD', 'not-a-calendar'],
    ['an event with a broken date', calendar(['DTSTART:2027-03-16 10h']), 'invalid-event'],
  ])('fails with a French reason on %s', (_label, text, reason) => {
    let error: unknown;
    try {
      readFeed(text, window);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FeedError);
    expect((error as FeedError).reason).toBe(reason);
    expect((error as FeedError).message).toMatch(/^Le calendrier ne peut pas être lu : /);
  });

  it('fails instead of computing without end: a rule that needs too many occurrences to reach the window', () => {
    const hourlySince2020 = calendar(['DTSTART:20200101T080000Z', 'DTEND:20200101T081000Z', 'RRULE:FREQ=HOURLY']);
    expect(() => readFeed(hourlySince2020, window)).toThrow(expect.objectContaining({ reason: 'too-many-occurrences' }));
    const daily = calendar(['DTSTART:20270301T080000Z', 'DTEND:20270301T081000Z', 'RRULE:FREQ=DAILY']);
    expect(() => readFeed(daily, window, { maxOccurrencesPerEvent: 10 })).toThrow(expect.objectContaining({ reason: 'too-many-occurrences' }));
    expect(readFeed(daily, window, { maxOccurrencesPerEvent: 100 }).busy).toHaveLength(15);
  });

  it('reads 2,000 events repeating weekly for ever, started years ago, within the default limits', () => {
    // Event i: every week from Monday 6 January 2020 00:00 UTC + 5·i minutes, 4 minutes long (none touch another).
    const events = Array.from({ length: 2000 }, (_, index) => {
      const start = new Date(Date.UTC(2020, 0, 6) + index * 5 * 60_000);
      const stamp = (date: Date) =>
        date
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d{3}/, '');
      return [`DTSTART:${stamp(start)}`, `DTEND:${stamp(new Date(start.getTime() + 4 * 60_000))}`, 'RRULE:FREQ=WEEKLY'];
    });
    // Four whole weeks from Monday 1 March 2027 00:00 UTC.
    const reading = readFeed(calendar(...events), { from: new Date('2027-03-01T00:00:00.000Z'), to: new Date('2027-03-29T00:00:00.000Z') });
    expect(reading.events).toBe(2000);
    expect(reading.busy).toHaveLength(8000);
    expect(reading.busy[0]).toEqual({ start: new Date('2027-03-01T00:00:00.000Z'), end: new Date('2027-03-01T00:04:00.000Z') });
    expect(reading.busy.at(-1)).toEqual({ start: new Date('2027-03-28T22:35:00.000Z'), end: new Date('2027-03-28T22:39:00.000Z') });
    // Its own budget: it passed vitest's 5 s only on a quiet machine (5.7 and 7.9 s
    // beside the other unit files at load 20). How fast it is belongs to the bench (decision 117).
  }, 60_000);
});
