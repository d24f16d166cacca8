/** `BOOKING_REMINDERS`: minutes before a booked call, validated at start (a bad value names the variable). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/platform/config.ts';
import { bookingReminderTimes } from '../../api/features/booking/mail/mail.ts';
import { manageToken, manageUrl, verifyManageToken } from '../../api/features/booking/manage/links.ts';

const base = { DATA_DIR: '/tmp/innercircle-config-test', SESSION_SECRET: 'x'.repeat(40) };

describe('BOOKING_REMINDERS', () => {
  it('defaults to a day and an hour before, largest first, duplicates dropped', () => {
    expect(loadConfig(base).bookingReminders).toEqual([1440, 60]);
    expect(loadConfig({ ...base, BOOKING_REMINDERS: ' 60, 2880 ,60' }).bookingReminders).toEqual([2880, 60]);
  });

  it('refuses what is not a list of minutes of at least 1, naming the variable', () => {
    expect(() => loadConfig({ ...base, BOOKING_REMINDERS: '1 jour' })).toThrow(/^Configuration invalide : BOOKING_REMINDERS — des minutes séparées par des virgules/);
    expect(() => loadConfig({ ...base, BOOKING_REMINDERS: '60,0' })).toThrow(/BOOKING_REMINDERS — chaque rappel doit être d’au moins 1 minute/);
  });

  it('leaves out the reminders whose time is already past', () => {
    const now = new Date('2027-03-29T06:00:00.000Z');
    const start = new Date('2027-03-29T07:30:00.000Z');
    expect(bookingReminderTimes(start, [1440, 60], now)).toEqual([{ offset: 60, at: new Date('2027-03-29T06:30:00.000Z') }]);
  });
});

describe('manage links', () => {
  it('are signed per booking and name the booking, not a time', () => {
    const token = manageToken('secret-long-enough-to-sign-links', 42);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(verifyManageToken('secret-long-enough-to-sign-links', 42, token)).toBe(true);
    expect(verifyManageToken('secret-long-enough-to-sign-links', 43, token)).toBe(false);
    expect(verifyManageToken('another-secret-long-enough-to-sign', 42, token)).toBe(false);
    expect(verifyManageToken('secret-long-enough-to-sign-links', 42, token.slice(0, 31))).toBe(false);
    expect(manageUrl('https://www.example.ch', 'secret-long-enough-to-sign-links', 42)).toBe(`https://www.example.ch/rendez-vous/gerer/?booking=42&token=${token}`);
  });
});
