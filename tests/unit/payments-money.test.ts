/** The back office's amounts in francs (decision 134): the Swiss way, from integer centimes. */
import { describe, expect, it } from 'vitest';
import { formatChf } from '../../site/admin/features/payments/copy.ts';

describe('formatChf', () => {
  it('writes centimes as Swiss francs with an apostrophe between thousands', () => {
    expect(formatChf(0)).toBe('CHF 0.00');
    expect(formatChf(5)).toBe('CHF 0.05');
    expect(formatChf(125_050)).toBe('CHF 1’250.50');
    expect(formatChf(123_456_789)).toBe('CHF 1’234’567.89');
    expect(formatChf(-990)).toBe('CHF −9.90');
  });
});
