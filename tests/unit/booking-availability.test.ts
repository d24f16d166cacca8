/**
 * The discovery call's availability (decision 102): the start times the booking page offers, the
 * re-check of a posted start, and the host a booking goes to.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockedRange, checkStart, chooseHost, computeSlots, type HostSchedule, type SlotRules, type SlotsResponse } from '../../api/features/booking/engine/availability.ts';
import { bookingSettingsSchema } from '#contract/booking';

/** The settings' defaults (tests/unit/booking-schemas.test.ts lists them): 30 minutes, 0 before, 10 after, 12 hours' notice, 30 days, every 30 minutes, no cap. */
const { mode: _mode, ...RULES }: SlotRules & { mode: string } = bookingSettingsSchema.parse({});

const MONDAY_TO_FRIDAY_9_TO_17 = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));

/** Monday 12 April 2027 is the day most tests look at; a week before, at 10:00 Swiss time, is "now". */
const MONDAY = '2027-04-12';
const A_WEEK_BEFORE = new Date('2027-04-05T08:00:00.000Z');

function host(id: number, schedule: Partial<HostSchedule> = {}): HostSchedule {
  return { id, weekly: MONDAY_TO_FRIDAY_9_TO_17, overrides: [], feedState: 'ok', busy: [], bookings: [], lastBookedAt: null, ...schedule };
}

/** The instant of a Swiss wall-clock time (a plain Date: a TZDate's toISOString() would keep the Swiss offset). */
function swiss(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, 'Europe/Zurich').getTime());
}

/** A booking as stored: its start and its blocked range (the buffers of the settings it was made with). */
function booking(date: string, time: string, rules: SlotRules = RULES) {
  const start = swiss(date, time);
  return { start, blocked: blockedRange(rules, start) };
}

/** A busy interval of the host's own calendar, in Swiss time. */
function busy(date: string, from: string, to: string) {
  return { start: swiss(date, from), end: swiss(date, to) };
}

/** The offered starts of one day, as Swiss wall-clock times. */
function clock(response: SlotsResponse, date: string): string[] {
  const day = response.days.find((candidate) => candidate.date === date);
  if (!day) throw new Error(`${date} is not in the answer`);
  return day.slots.map((slot) => format(new TZDate(slot.start, 'Europe/Zurich'), 'HH:mm'));
}

function slotsOn(date: string, hosts: HostSchedule[], rules: Partial<SlotRules> = {}, now = A_WEEK_BEFORE): string[] {
  return clock(computeSlots({ ...RULES, ...rules }, now, { from: date, days: 1 }, hosts), date);
}

/** Every half hour from `from` (inclusive) to `to` (exclusive), "HH:MM". */
function halfHours(from: string, to: string): string[] {
  const times: string[] = [];
  for (let minutes = Number(from.slice(0, 2)) * 60 + Number(from.slice(3)); minutes < Number(to.slice(0, 2)) * 60 + Number(to.slice(3)); minutes += 30) {
    times.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  }
  return times;
}

const FULL_DAY = halfHours('09:00', '17:00');

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

describe('choosing the host of a booking', () => {
  const eleven = swiss(MONDAY, '11:00');

  it('gives the booking to the free host with the fewest bookings in the next 14 days', () => {
    const busier = host(1, { bookings: [booking('2027-04-06', '09:00')] });
    expect(chooseHost(RULES, A_WEEK_BEFORE, eleven, [busier, host(2)])).toBe(2);
  });

  it('does not count bookings 14 days away or more', () => {
    const later = host(1, { bookings: [booking('2027-04-19', '09:00'), booking('2027-04-20', '09:00')] });
    const sooner = host(2, { bookings: [booking('2027-04-08', '09:00')] });
    expect(chooseHost(RULES, A_WEEK_BEFORE, eleven, [later, sooner])).toBe(1);
  });

  it('then gives it to the least recently booked host, a host never booked first', () => {
    const bookedFirst = host(1, { lastBookedAt: new Date('2027-04-01T10:00:00.000Z') });
    const bookedLast = host(2, { lastBookedAt: new Date('2027-04-03T10:00:00.000Z') });
    expect(chooseHost(RULES, A_WEEK_BEFORE, eleven, [bookedLast, bookedFirst])).toBe(1);
    expect(chooseHost(RULES, A_WEEK_BEFORE, eleven, [bookedFirst, host(3)])).toBe(3);
  });

  it('then to the lowest id', () => {
    expect(chooseHost(RULES, A_WEEK_BEFORE, eleven, [host(7), host(3), host(5)])).toBe(3);
  });

  it('only considers hosts free at that start, and answers null when none is', () => {
    const taken = host(1, { bookings: [booking(MONDAY, '11:00')] });
    const freeButBusier = host(2, { bookings: [booking('2027-04-06', '09:00'), booking('2027-04-07', '09:00')] });
    expect(chooseHost(RULES, A_WEEK_BEFORE, eleven, [taken, freeButBusier])).toBe(2);
    expect(chooseHost(RULES, A_WEEK_BEFORE, eleven, [taken])).toBeNull();
  });
});

describe('re-checking a posted start', () => {
  const check = (time: Date, hosts: HostSchedule[], rules: Partial<SlotRules> = {}, now = A_WEEK_BEFORE) => checkStart({ ...RULES, ...rules }, now, time, hosts);
  const rule = (result: ReturnType<typeof checkStart>) => (result.ok ? 'ok' : result.rule);

  it('accepts an offered start and names every host free then', () => {
    expect(check(swiss(MONDAY, '11:00'), [host(1), host(2, { bookings: [booking(MONDAY, '11:00')] }), host(3)])).toEqual({ ok: true, hostIds: [1, 3] });
  });

  it('names the rule a start breaks', () => {
    expect(rule(check(swiss(MONDAY, '10:00'), [host(1)], {}, new Date('2027-04-12T00:00:00.000Z')))).toBe('notice');
    expect(rule(check(swiss('2027-05-05', '10:00'), [host(1)]))).toBe('horizon');
    expect(rule(check(swiss(MONDAY, '10:00'), [host(1, { feedState: 'stale' })]))).toBe('feed');
    expect(rule(check(swiss('2027-04-17', '10:00'), [host(1)]))).toBe('schedule');
    expect(rule(check(swiss(MONDAY, '08:30'), [host(1)]))).toBe('schedule');
    expect(rule(check(swiss(MONDAY, '16:45'), [host(1)], { slotStepMinutes: 15 }))).toBe('schedule');
    expect(rule(check(swiss(MONDAY, '10:10'), [host(1)]))).toBe('step');
    expect(rule(check(new Date(swiss(MONDAY, '10:00').getTime() + 1), [host(1)]))).toBe('step');
    expect(rule(check(swiss(MONDAY, '14:00'), [host(1, { bookings: [booking(MONDAY, '09:00')] })], { dailyCapPerHost: 1 }))).toBe('cap');
    expect(rule(check(swiss(MONDAY, '09:30'), [host(1, { busy: [busy(MONDAY, '10:00', '11:00')] })]))).toBe('busy');
    expect(rule(check(swiss(MONDAY, '09:30'), [host(1, { bookings: [booking(MONDAY, '09:00')] })]))).toBe('booked');
    expect(rule(check(new Date('not a date'), [host(1)]))).toBe('schedule');
  });

  it('reports the furthest rule a host reached, and each host’s own', () => {
    const offOnMonday = host(1, { overrides: [{ date: MONDAY, ranges: [] }] });
    const booked = host(2, { bookings: [booking(MONDAY, '10:00')] });
    expect(check(swiss(MONDAY, '10:00'), [offOnMonday, booked])).toEqual({
      ok: false,
      rule: 'booked',
      hosts: [
        { hostId: 1, rule: 'schedule' },
        { hostId: 2, rule: 'booked' },
      ],
    });
  });

  it('accepts exactly the starts the slot list offers, whatever the settings, bookings and busy times', () => {
    const minutes = (value: number) => `${String(Math.floor(value / 60)).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`;
    const interval = fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 7 * 12, max: 18 * 12 }), fc.integer({ min: 1, max: 24 }));
    const dayOf = (index: number) => (index === 0 ? MONDAY : '2027-04-13');
    const hostArbitrary = fc.record({
      busy: fc.array(interval, { maxLength: 4 }),
      bookings: fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 8 * 12, max: 17 * 12 })), { maxLength: 3 }),
      feedState: fc.constantFrom('ok', 'ok', 'ok', 'stale'),
      weekly: fc.constantFrom(MONDAY_TO_FRIDAY_9_TO_17, [
        { weekday: 1, start: '08:15', end: '12:00' },
        { weekday: 2, start: '13:00', end: '18:40' },
      ]),
    });
    fc.assert(
      fc.property(
        fc.record({
          durationMinutes: fc.integer({ min: 15, max: 60 }),
          bufferBeforeMinutes: fc.integer({ min: 0, max: 20 }),
          bufferAfterMinutes: fc.integer({ min: 0, max: 20 }),
          slotStepMinutes: fc.constantFrom(10, 15, 20, 30, 45),
          dailyCapPerHost: fc.constantFrom(null, 1, 2),
        }),
        fc.array(hostArbitrary, { minLength: 1, maxLength: 3 }),
        (settings, specs) => {
          const rules = { ...RULES, ...settings };
          const hosts = specs.map((spec, index) =>
            host(index + 1, {
              weekly: spec.weekly,
              feedState: spec.feedState,
              busy: spec.busy.map(([day, start, length]) => busy(dayOf(day), minutes(start * 5), minutes(Math.min(start * 5 + length * 5, 23 * 60 + 59)))),
              bookings: spec.bookings.map(([day, start]) => booking(dayOf(day), minutes(start * 5), rules)),
            }),
          );
          const response = computeSlots(rules, A_WEEK_BEFORE, { from: MONDAY, days: 2 }, hosts);
          for (const [index, date] of [MONDAY, '2027-04-13'].entries()) {
            const offered = new Set(response.days[index]!.slots.map((slot) => slot.start));
            // Every 5 minutes of the hours where schedules, bookings and busy times lie.
            for (let minute = 6 * 60; minute < 20 * 60; minute += 5) {
              const start = swiss(date, minutes(minute));
              expect(checkStart(rules, A_WEEK_BEFORE, start, hosts).ok, `${date} ${minutes(minute)}`).toBe(offered.has(start.toISOString()));
            }
          }
        },
      ),
      { numRuns: 30, seed: 102 },
    );
  }, 60_000);
});
