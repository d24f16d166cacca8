import { describe, expect, it } from 'vitest';
import { medianInterval } from '../../bench/lib/util.ts';

describe("the benchmark's interval for a median of paired differences (sign test)", () => {
  it('with 7 runs only [min, max] covers 90 %: 98.4 %', () => {
    const interval = medianInterval([-248, 144, 300, 16, 225, 421, -371]);
    expect(interval).toEqual({ low: -371, high: 421, coverage: 1 - 2 / 128 });
  });

  it('with 9 runs, the 2nd to the 8th value (96.1 %); with 20, the 6th to the 15th (95.9 %)', () => {
    expect(medianInterval([9, 1, 8, 2, 7, 3, 6, 4, 5])).toEqual({ low: 2, high: 8, coverage: 1 - (2 * 10) / 512 });
    const twenty = medianInterval(Array.from({ length: 20 }, (_, index) => index + 1));
    expect([twenty.low, twenty.high]).toEqual([6, 15]);
    expect(twenty.coverage).toBeCloseTo(0.9586, 4);
  });

  it('a wider wanted coverage widens the interval', () => {
    const values = Array.from({ length: 20 }, (_, index) => index + 1);
    const wide = medianInterval(values, 0.99);
    expect(wide.coverage).toBeGreaterThanOrEqual(0.99);
    expect(wide.high - wide.low).toBeGreaterThan(15 - 6);
  });
});
