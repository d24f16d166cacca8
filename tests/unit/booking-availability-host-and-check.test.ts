// The discovery call's availability (decision 102): choosing the host of a booking, and re-checking a posted start against the schedules and rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkStart, chooseHost, computeSlots, type HostSchedule, type SlotRules } from '../../api/features/booking/engine/availability.ts';
import { A_WEEK_BEFORE, booking, busy, host, MONDAY, MONDAY_TO_FRIDAY_9_TO_17, RULES, swiss } from './booking-availability-support.ts';

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
