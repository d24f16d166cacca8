// The discovery call's free starts (decision 102) computed from schedules and rules: daylight-saving changes, buffers, notice and horizon, step, overrides, daily cap, untrusted feeds, several hosts.
import { describe, expect, it } from 'vitest';
import { blockedRange, checkStart, computeSlots, type HostSchedule } from '../../api/features/booking/engine/availability.ts';
import { A_WEEK_BEFORE, booking, busy, clock, FULL_DAY, halfHours, host, MONDAY, RULES, slotsOn, swiss } from './booking-availability-support.ts';

describe('slots across the daylight-saving changes of 2027', () => {
  it('gives 16 slots from 09:00 Swiss time on Friday 26 March (08:00 UTC) and Monday 29 March (07:00 UTC), none at the weekend', () => {
    const response = computeSlots(RULES, new Date('2027-03-19T09:00:00.000Z'), { from: '2027-03-26', days: 4 }, [host(1)]);
    expect(response.timeZone).toBe('Europe/Zurich');
    expect(response.days.map((day) => [day.date, day.slots.length])).toEqual([
      ['2027-03-26', 16],
      ['2027-03-27', 0],
      ['2027-03-28', 0],
      ['2027-03-29', 16],
    ]);
    expect(response.days[0]!.slots[0]).toEqual({ start: '2027-03-26T08:00:00.000Z' });
    expect(response.days[0]!.slots.at(-1)).toEqual({ start: '2027-03-26T15:30:00.000Z' });
    expect(response.days[1]).toEqual({ date: '2027-03-27', slots: [] });
    expect(response.days[3]!.slots[0]).toEqual({ start: '2027-03-29T07:00:00.000Z' });
    expect(response.days[3]!.slots.at(-1)).toEqual({ start: '2027-03-29T14:30:00.000Z' });
  });

  it('does the same across 31 October: 07:00 UTC on Friday 29 October, 08:00 UTC on Monday 1 November', () => {
    const response = computeSlots(RULES, new Date('2027-10-22T09:00:00.000Z'), { from: '2027-10-29', days: 4 }, [host(1)]);
    expect(response.days.map((day) => [day.date, day.slots.length])).toEqual([
      ['2027-10-29', 16],
      ['2027-10-30', 0],
      ['2027-10-31', 0],
      ['2027-11-01', 16],
    ]);
    expect(response.days[0]!.slots[0]).toEqual({ start: '2027-10-29T07:00:00.000Z' });
    expect(response.days[0]!.slots.at(-1)).toEqual({ start: '2027-10-29T14:30:00.000Z' });
    expect(response.days[3]!.slots[0]).toEqual({ start: '2027-11-01T08:00:00.000Z' });
    expect(response.days[3]!.slots.at(-1)).toEqual({ start: '2027-11-01T15:30:00.000Z' });
  });
});

describe('buffers', () => {
  it('stores a booking with its blocked range: buffer before, the call, buffer after', () => {
    expect(blockedRange({ ...RULES, bufferBeforeMinutes: 5 }, new Date('2027-04-12T07:00:00.000Z'))).toEqual({
      start: new Date('2027-04-12T06:55:00.000Z'),
      end: new Date('2027-04-12T07:40:00.000Z'),
    });
  });

  it('blocks the next slot with a booking’s 10-minute after-buffer when the booking ends at that slot’s start', () => {
    expect(slotsOn(MONDAY, [host(1, { bookings: [booking(MONDAY, '09:00')] })])).toEqual(halfHours('10:00', '17:00'));
  });

  it('blocks a slot whose after-buffer reaches a busy event, but not the slot right after the event (its events carry no buffer)', () => {
    expect(slotsOn(MONDAY, [host(1, { busy: [busy(MONDAY, '10:00', '11:00')] })])).toEqual(['09:00', ...halfHours('11:00', '17:00')]);
  });

  it('lets a slot end exactly when a busy event starts when there is no after-buffer', () => {
    expect(slotsOn(MONDAY, [host(1, { busy: [busy(MONDAY, '10:00', '11:00')] })], { bufferAfterMinutes: 0 })).toEqual(['09:00', '09:30', ...halfHours('11:00', '17:00')]);
  });

  it('blocks the slot right after a busy event with a before-buffer', () => {
    expect(slotsOn(MONDAY, [host(1, { busy: [busy(MONDAY, '10:00', '11:00')] })], { bufferBeforeMinutes: 15 })).toEqual(['09:00', ...halfHours('11:30', '17:00')]);
  });

  it('keeps a booking’s buffers as they were when it was made, after the settings change', () => {
    const madeWithTenMinutes = booking(MONDAY, '09:00', RULES);
    expect(slotsOn(MONDAY, [host(1, { bookings: [madeWithTenMinutes] })], { bufferAfterMinutes: 0 })).toEqual(halfHours('10:00', '17:00'));
  });

  it('adds both calls’ buffers between two bookings', () => {
    // Booked 09:00–09:30 with 10 minutes after it; a call with 15 minutes before it starts at 09:55 at the earliest (09:40 + 15 min).
    const rules = { bufferBeforeMinutes: 15, slotStepMinutes: 5 };
    expect(slotsOn(MONDAY, [host(1, { bookings: [booking(MONDAY, '09:00')] })], rules)[0]).toBe('09:55');
  });
});

describe('minimum notice and horizon', () => {
  const mondayNine = new Date('2027-04-12T07:00:00.000Z');

  it('offers nothing sooner than the notice: with 12 hours, nothing left on the day itself', () => {
    const response = computeSlots(RULES, mondayNine, { from: MONDAY, days: 2 }, [host(1)]);
    expect(clock(response, MONDAY)).toEqual([]);
    expect(clock(response, '2027-04-13')).toEqual(FULL_DAY);
  });

  it('offers the first slot exactly one notice after now', () => {
    expect(slotsOn(MONDAY, [host(1)], { minimumNoticeMinutes: 60 }, mondayNine)).toEqual(halfHours('10:00', '17:00'));
    expect(slotsOn(MONDAY, [host(1)], { minimumNoticeMinutes: 61 }, mondayNine)).toEqual(halfHours('10:30', '17:00'));
  });

  it('offers the Swiss days from today to today + horizon − 1', () => {
    const response = computeSlots({ ...RULES, horizonDays: 3 }, mondayNine, { from: MONDAY, days: 5 }, [host(1)]);
    expect(response.days.map((day) => day.slots.length)).toEqual([0, 16, 16, 0, 0]);
  });

  it('counts the horizon in Swiss days: at 00:30 Swiss time on Monday, today is Monday', () => {
    const response = computeSlots({ ...RULES, horizonDays: 3, minimumNoticeMinutes: 0 }, new Date('2027-04-11T22:30:00.000Z'), { from: MONDAY, days: 4 }, [host(1)]);
    expect(response.days.map((day) => day.slots.length)).toEqual([16, 16, 16, 0]);
  });
});

describe('slot step and ranges', () => {
  it('starts a slot every step from the range’s start, while the call fits before its end', () => {
    expect(slotsOn(MONDAY, [host(1)], { slotStepMinutes: 15 })).toHaveLength(31);
    expect(slotsOn(MONDAY, [host(1)], { slotStepMinutes: 60 })).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(slotsOn(MONDAY, [host(1)], { durationMinutes: 60 })).toEqual(halfHours('09:00', '16:30'));
  });

  it('starts each range’s steps at that range’s own start', () => {
    const weekly = [
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '13:15', end: '15:00' },
      { weekday: 1, start: '16:00', end: '16:20' },
    ];
    expect(slotsOn(MONDAY, [host(1, { weekly })])).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:15', '13:45', '14:15']);
  });
});

describe('date overrides', () => {
  it('takes a day off with an override without ranges, and leaves the other days as they are', () => {
    const response = computeSlots(RULES, A_WEEK_BEFORE, { from: MONDAY, days: 2 }, [host(1, { overrides: [{ date: MONDAY, ranges: [] }] })]);
    expect(clock(response, MONDAY)).toEqual([]);
    expect(clock(response, '2027-04-13')).toEqual(FULL_DAY);
  });

  it('replaces the weekly hours of the date with the override’s, on a weekday or at the weekend', () => {
    const overrides = [
      { date: MONDAY, ranges: [{ start: '14:00', end: '15:30' }] },
      { date: '2027-04-17', ranges: [{ start: '10:00', end: '12:00' }] },
    ];
    expect(slotsOn(MONDAY, [host(1, { overrides })])).toEqual(['14:00', '14:30', '15:00']);
    expect(slotsOn('2027-04-17', [host(1, { overrides })])).toEqual(['10:00', '10:30', '11:00', '11:30']);
    expect(slotsOn('2027-04-18', [host(1, { overrides })])).toEqual([]);
  });
});

describe('daily cap per host', () => {
  it('offers nothing more on a day that has reached the cap', () => {
    const capped = host(1, { bookings: [booking(MONDAY, '09:00'), booking(MONDAY, '15:00')] });
    const response = computeSlots({ ...RULES, dailyCapPerHost: 2 }, A_WEEK_BEFORE, { from: MONDAY, days: 2 }, [capped]);
    expect(clock(response, MONDAY)).toEqual([]);
    expect(clock(response, '2027-04-13')).toEqual(FULL_DAY);
  });

  it('offers the remaining slots below the cap', () => {
    expect(slotsOn(MONDAY, [host(1, { bookings: [booking(MONDAY, '09:00')] })], { dailyCapPerHost: 2 })).toEqual(halfHours('10:00', '17:00'));
  });

  it('counts a booking on the Swiss day of its start', () => {
    // 00:30 on Tuesday in Switzerland is still Monday in UTC.
    const lateNight = host(1, { bookings: [booking('2027-04-13', '00:30')] });
    const response = computeSlots({ ...RULES, dailyCapPerHost: 1 }, A_WEEK_BEFORE, { from: MONDAY, days: 2 }, [lateNight]);
    expect(clock(response, MONDAY)).toEqual(FULL_DAY);
    expect(clock(response, '2027-04-13')).toEqual([]);
  });
});

describe('a host whose calendar feed cannot be trusted offers nothing', () => {
  it.each(['failed', 'stale'] as const)('when the feed is %s', (feedState) => {
    const response = computeSlots(RULES, A_WEEK_BEFORE, { from: MONDAY, days: 5 }, [host(1, { feedState })]);
    expect(response.days.map((day) => day.slots)).toEqual([[], [], [], [], []]);
    expect(checkStart(RULES, A_WEEK_BEFORE, swiss(MONDAY, '10:00'), [host(1, { feedState })])).toEqual({
      ok: false,
      rule: 'feed',
      hosts: [{ hostId: 1, rule: 'feed' }],
    });
  });

  it('while another host with a readable feed still offers its own hours', () => {
    const other = host(2, { weekly: [{ weekday: 1, start: '14:00', end: '16:00' }] });
    expect(slotsOn(MONDAY, [host(1, { feedState: 'failed' }), other])).toEqual(['14:00', '14:30', '15:00', '15:30']);
  });
});

describe('several hosts', () => {
  const morning = (schedule: Partial<HostSchedule> = {}) => host(1, { weekly: [{ weekday: 1, start: '09:00', end: '12:00' }], ...schedule });
  const midday = (schedule: Partial<HostSchedule> = {}) => host(2, { weekly: [{ weekday: 1, start: '11:00', end: '15:00' }], ...schedule });

  it('offers a start when at least one host is free, once', () => {
    expect(slotsOn(MONDAY, [morning(), midday()])).toEqual(halfHours('09:00', '15:00'));
    // The morning host is taken from 10:30 (its after-buffer) to 11:30; the midday host takes 11:00 onwards.
    expect(slotsOn(MONDAY, [morning({ bookings: [booking(MONDAY, '11:00')] }), midday()])).toEqual(['09:00', '09:30', '10:00', ...halfHours('11:00', '15:00')]);
  });

  it('drops a start when every host is taken then', () => {
    const bothBooked = [morning({ bookings: [booking(MONDAY, '11:00')] }), midday({ bookings: [booking(MONDAY, '11:00')] })];
    expect(slotsOn(MONDAY, bothBooked)).toEqual(['09:00', '09:30', '10:00', ...halfHours('12:00', '15:00')]);
  });
});
