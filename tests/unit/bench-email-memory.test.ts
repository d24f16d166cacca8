/**
 * The benchmark's verdict on the e-mail worker's memory: the first backlog grows a fresh process to its
 * working heap; flat means a further backlog adds under 1 % once warm, and a steady rise is a miss.
 */
import { describe, expect, it } from 'vitest';
import { emailTargets } from '../../bench/phases/emails.ts';
import type { EmailDrain } from '../../bench/emails.ts';

function drain(rssBeforeMiB: number, rssAfterMiB: number): EmailDrain {
  return { emails: 10_000, seconds: 40, perSecond: 250, rssBeforeMiB, rssAfterMiB, rssPeakMiB: rssAfterMiB };
}

function memoryRow(drains: EmailDrain[]) {
  const targets = emailTargets({ latency: { signUps: 400, perSecond: 20, p50Ms: 500, p95Ms: 1000, maxMs: 1800 }, drains });
  return targets.find((target) => target.target.startsWith('worker memory flat'));
}

describe("the e-mail worker's memory verdict", () => {
  it('is met when the third backlog adds under 1 % to where the second ended (measured 2026-11-24)', () => {
    const row = memoryRow([drain(334.6, 499.7), drain(499.7, 503.6), drain(503.6, 504.4)])!;
    expect(row.met).toBe(true);
    expect(row.measured).toBe('RSS 334.6 → 499.7 MiB (fresh start), → 503.6 MiB, → 504.4 MiB (+0.16 %)');
  });

  it('is missed by a process that keeps growing with every backlog, and says how to find what stays', () => {
    const row = memoryRow([drain(334, 494), drain(494, 512), drain(512, 530)])!;
    expect(row.met).toBe(false);
    expect(row.measured).toContain('(+3.52 %)');
    expect(row.why).toContain('heap snapshots');
  });

  it('gives no verdict without a third backlog', () => {
    expect(memoryRow([drain(334, 494), drain(494, 512)])).toBeUndefined();
  });
});
