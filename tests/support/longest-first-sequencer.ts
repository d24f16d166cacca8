/**
 * The order vitest starts files in, when it has no timings of an earlier run (a fresh clone, as CI is):
 * its own order (larger files first) put the fault suite's longest file, sequences-kill (about 300 s
 * of a 300–370 s suite, mostly waiting on killed servers), seventh of fourteen, so it began once the
 * three lanes had worked through several others and finished alone at the end. The files known to run
 * longest start first, the rest keep vitest's order (docs/decisions/157-faults-longest-first.md).
 * With timings (a second run on the same machine) vitest's order already puts them first.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The fault files that take longest, longest first (docs/testing.md, "The fault suite"). */
export const LONGEST_FIRST = [
  'tests/faults/sequences-kill.test.ts',
  'tests/faults/live-backup.test.ts',
  'tests/faults/newsletter-kill.test.ts',
  'tests/faults/crashes.test.ts',
  'tests/faults/newsletter-pace.test.ts',
];

/** `files` with those of LONGEST_FIRST (by their path's ending) moved to the front, in that order. */
export function longestFirst<T extends { moduleId: string }>(files: T[]): T[] {
  const rank = (file: T) => {
    const index = LONGEST_FIRST.findIndex((name) => file.moduleId.replaceAll('\\', '/').endsWith(`/${name}`));
    return index === -1 ? LONGEST_FIRST.length : index;
  };
  // Array.prototype.sort is stable: the other files keep the order they came in.
  return [...files].sort((a, b) => rank(a) - rank(b));
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Only without timings: with them, vitest's own "longer first" order holds what was measured here.
    if (sorted.every((file) => this.ctx.cache.getTestSpecificationResult(file))) return sorted;
    return longestFirst(sorted);
  }
}
