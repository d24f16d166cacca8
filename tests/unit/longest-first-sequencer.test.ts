import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONGEST_FIRST, longestFirst } from '../support/longest-first-sequencer.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const spec = (file: string) => ({ moduleId: path.join(ROOT, file) });

describe('the fault suite starts its longest files first (decision 157)', () => {
  it('moves the listed files to the front, longest first, and keeps the order of the others', () => {
    const files = [
      'tests/faults/booking-two-instances.test.ts',
      'tests/faults/crashes.test.ts',
      'tests/faults/load.test.ts',
      'tests/faults/sequences-kill.test.ts',
      'tests/faults/live-backup.test.ts',
    ];
    expect(longestFirst(files.map(spec)).map((file) => path.relative(ROOT, file.moduleId))).toEqual([
      'tests/faults/sequences-kill.test.ts',
      'tests/faults/live-backup.test.ts',
      'tests/faults/crashes.test.ts',
      'tests/faults/booking-two-instances.test.ts',
      'tests/faults/load.test.ts',
    ]);
  });

  it('names files that exist (a renamed file would silently lose its place)', () => {
    for (const file of LONGEST_FIRST) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });
});
