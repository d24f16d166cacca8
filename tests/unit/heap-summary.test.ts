import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { heapGrowth, summarizeHeapSnapshot } from '../faults/heap-summary.ts';

class SoakLeakProbe {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'heap-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('heap snapshot summary (the soak run names what grew)', () => {
  it('counts the instances of a constructor, and the growth between two snapshots names it first', () => {
    const kept: SoakLeakProbe[] = [];
    const before = summarizeHeapSnapshot(writeHeapSnapshot(path.join(dir, 'before.heapsnapshot')));
    for (let index = 0; index < 20_000; index++) kept.push(new SoakLeakProbe(index));
    const after = summarizeHeapSnapshot(writeHeapSnapshot(path.join(dir, 'after.heapsnapshot')));

    expect(before.groups.get('object SoakLeakProbe')?.count ?? 0).toBe(0);
    expect(after.groups.get('object SoakLeakProbe')?.count).toBe(20_000);
    expect(after.totalBytes).toBeGreaterThan(before.totalBytes);
    const growth = heapGrowth(before, after, 3);
    expect(growth.map((group) => group.key)).toContain('object SoakLeakProbe');
    expect(growth.find((group) => group.key === 'object SoakLeakProbe')!.countDelta).toBe(20_000);
    expect(kept).toHaveLength(20_000);
  }, 60_000);
});
