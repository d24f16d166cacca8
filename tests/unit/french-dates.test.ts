import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frenchDayOfMonth, frenchLongDate, frenchTime } from '../../api/platform/lib/french-dates.ts';
import { swissDateTime } from '../../api/platform/mail/dates.ts';
import { composeEmail } from '../../api/features/email-kinds.ts';
import { loadEmailContent } from '../../api/features/email-kinds.ts';

describe('long French dates (one function for e-mails, pages and back office)', () => {
  // The result must not depend on the machine's zone: run in one far from Zurich.
  const savedZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    if (savedZone === undefined) delete process.env.TZ;
    else process.env.TZ = savedZone;
  });

  it('writes the first of a month "1er", every other day as a plain number', () => {
    expect(frenchDayOfMonth(1)).toBe('1er');
    for (let day = 2; day <= 31; day += 1) expect(frenchDayOfMonth(day)).toBe(String(day));
    // Noon UTC is the same day in Zurich all year round.
    const months = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
    months.forEach((month, index) => {
      const mm = String(index + 1).padStart(2, '0');
      expect(frenchLongDate(new Date(`2027-${mm}-01T12:00:00Z`))).toBe(`1er ${month} 2027`);
      expect(frenchLongDate(new Date(`2027-${mm}-02T12:00:00Z`))).toBe(`2 ${month} 2027`);
      expect(frenchLongDate(new Date(`2027-${mm}-11T12:00:00Z`))).toBe(`11 ${month} 2027`);
      expect(frenchLongDate(new Date(`2027-${mm}-21T12:00:00Z`))).toBe(`21 ${month} 2027`);
    });
    expect(frenchLongDate(new Date('2027-04-01T12:00:00Z'), { weekday: true })).toBe('jeudi 1er avril 2027');
    // The 31st of every month that has one, and the last day of a month is never taken for the next's 1st.
    for (const [mm, month] of [
      ['01', 'janvier'],
      ['03', 'mars'],
      ['05', 'mai'],
      ['07', 'juillet'],
      ['08', 'août'],
      ['10', 'octobre'],
      ['12', 'décembre'],
    ]) {
      expect(frenchLongDate(new Date(`2026-${mm}-31T12:00:00Z`))).toBe(`31 ${month} 2026`);
    }
    expect(frenchLongDate(new Date('2026-11-30T22:59:00Z'), { weekday: true })).toBe('lundi 30 novembre 2026');
    expect(frenchLongDate(new Date('2026-11-30T23:00:00Z'), { weekday: true })).toBe('mardi 1er décembre 2026');
  });

  it('writes both daylight-saving days of 2027 with the Swiss wall-clock time on either side of the change', () => {
    // 28 March 2027: 02:00 becomes 03:00 (UTC+1 to UTC+2).
    expect(frenchLongDate(new Date('2027-03-28T00:59:00Z'), { weekday: true })).toBe('dimanche 28 mars 2027');
    expect(frenchTime(new Date('2027-03-28T00:59:00Z'))).toBe('01 h 59');
    expect(frenchTime(new Date('2027-03-28T01:00:00Z'))).toBe('03 h 00');
    expect(swissDateTime(new Date('2027-03-28T16:00:00Z'))).toBe('dimanche 28 mars 2027 à 18 h 00 (heure suisse)');
    // 31 October 2027: 03:00 becomes 02:00 again (UTC+2 to UTC+1); 02:30 happens twice.
    expect(frenchLongDate(new Date('2027-10-31T00:30:00Z'), { weekday: true })).toBe('dimanche 31 octobre 2027');
    expect(frenchTime(new Date('2027-10-31T00:30:00Z'))).toBe('02 h 30');
    expect(frenchTime(new Date('2027-10-31T01:30:00Z'))).toBe('02 h 30');
    expect(swissDateTime(new Date('2027-10-31T17:00:00Z'))).toBe('dimanche 31 octobre 2027 à 18 h 00 (heure suisse)');
    expect(frenchLongDate(new Date('2027-10-31T23:30:00Z'), { weekday: true })).toBe('lundi 1er novembre 2027');
  });

  it('takes the day in Zurich, across both daylight-saving changes', () => {
    // Summer time (UTC+2) since 29 March 2026: 22:30 UTC on 31 March is 00:30 on 1 April in Zurich.
    expect(frenchLongDate(new Date('2026-03-31T22:30:00Z'), { weekday: true })).toBe('mercredi 1er avril 2026');
    expect(frenchTime(new Date('2026-03-31T22:30:00Z'))).toBe('00 h 30');
    expect(frenchLongDate(new Date('2026-03-31T21:30:00Z'))).toBe('31 mars 2026');
    // Winter time (UTC+1) since 25 October 2026: 23:30 UTC on 31 October is 00:30 on 1 November.
    expect(frenchLongDate(new Date('2026-10-31T23:30:00Z'), { weekday: true })).toBe('dimanche 1er novembre 2026');
    expect(frenchLongDate(new Date('2026-10-31T22:30:00Z'))).toBe('31 octobre 2026');
    // The night of the change itself: 01:30 UTC on 29 March 2026 is 03:30 summer time.
    expect(frenchTime(new Date('2026-03-29T01:30:00Z'))).toBe('03 h 30');
  });

  it('is what the e-mails write', async () => {
    expect(swissDateTime(new Date('2027-04-01T16:00:00Z'))).toBe('jeudi 1er avril 2027 à 18 h 00 (heure suisse)');
    expect(swissDateTime(new Date('2026-11-26T17:00:00Z'))).toBe('jeudi 26 novembre 2026 à 18 h 00 (heure suisse)');
    const webinar = { id: 1, title: 'Le bonheur des dirigeants', description: null, datetime: '2027-04-01T16:00:00Z', duration: 60, location: 'online', joinUrl: null };
    const email = await composeEmail(
      'webinar_confirmation',
      { firstName: 'Anne', registrationId: 1, webinar },
      {
        content: loadEmailContent(),
        publicUrl: 'https://www.example.ch',
        brand: 'Clairval Inner Circle',
      },
    );
    expect(email.text).toContain('jeudi 1er avril 2027 à 18 h 00 (heure suisse)');
    expect(email.html).toContain('jeudi 1er avril 2027 à 18 h 00 (heure suisse)');
    expect(email.text).not.toMatch(/\b1 avril/);
  });
});
