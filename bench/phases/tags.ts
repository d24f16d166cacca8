/**
 * The tag list at scale (bench/tags.ts): its counters kept by triggers (decision 066) against one
 * aggregate over every contact's tags.
 */
import { benchTags, renderTagsSection, TAGS_TARGET_P95_MS, type TagsResult } from '../tags.ts';
import { ms, rowsLabel, type Target } from '../lib/report-format.ts';
import { definePhase } from '../phase.ts';

export const tagsPhase = definePhase({
  name: 'tags',
  key: 'tags',
  run: (context) => benchTags({ siteDistDir: context.siteDistDir, sizes: context.sizes, samples: context.quick ? 10 : 30 }),
  targets: (tags) => tagsTargets(tags),
  report: (tags) => renderTagsSection(tags),
});

export function tagsTargets(tags: TagsResult): Target[] {
  const largest = tags.sizes.at(-1);
  if (!largest) return [];
  return [
    {
      area: `Tags at ${rowsLabel(largest.rows)}`,
      target: `GET /api/admin/tags p95 < ${TAGS_TARGET_P95_MS} ms`,
      measured: largest.error ? `failed: ${largest.error}` : `${ms(largest.p95Ms)} (p50 ${ms(largest.p50Ms)}; scanning every contact’s tags: ${ms(largest.baselineMs)})`,
      met: !largest.error && largest.p95Ms < TAGS_TARGET_P95_MS,
      why: `The list reads the ${largest.counterRows} rows of lead_tag_counts kept by triggers (decision 066), not the contacts.`,
    },
  ];
}
