/**
 * Phase `tags` (decision 066): `GET /api/admin/tags` (every tag with its contact count) at each size, against
 * the production server, with `count(*) … unnest(tags) group by lower(tag)` over the table as the baseline
 * (what the list would cost without the trigger-kept `lead_tag_counts`, decision 066). Target: p95 < 100 ms
 * at 1 M contacts. Also times one rename that merges into an existing tag, and back (one sample each).
 */
import { seedLeadsTo } from './seed.ts';
import { log, round } from './lib/util.ts';
import { pickLatency } from './lib/latency.ts';
import { withAdminBench } from './lib/admin-bench.ts';

export const TAGS_TARGET_P95_MS = 100;

export interface TagsSizeResult {
  rows: number;
  tags: number;
  p50Ms: number;
  p95Ms: number;
  baselineMs: number;
  counterRows: number;
  mergeMs?: number;
  mergedContacts?: number;
  error?: string;
}

export interface TagsResult {
  sizes: TagsSizeResult[];
  samples: number;
}

export async function benchTags(options: { siteDistDir: string; sizes: number[]; samples: number }): Promise<TagsResult> {
  const sizes: TagsSizeResult[] = [];
  await withAdminBench({ purpose: 'tags', siteDistDir: options.siteDistDir }, async ({ client, session }) => {
    for (const rows of options.sizes) {
      log(`tags: seeding ${rows.toLocaleString('fr-CH')} contacts…`);
      await seedLeadsTo(client, rows);
      const times: number[] = [];
      let last = await session.request<{ tags: Array<{ name: string; count: number }> }>('GET', '/api/admin/tags');
      for (let index = 0; index < options.samples; index++) {
        last = await session.request('GET', '/api/admin/tags');
        times.push(last.ms);
      }
      const started = performance.now();
      await client.query('select lower(tag) as tag, count(*) from leads, unnest(tags) as tag group by lower(tag)');
      const baselineMs = performance.now() - started;
      const counterRows = Number((await client.query<{ n: string }>('select count(*) as n from lead_tag_counts')).rows[0]!.n);
      const result: TagsSizeResult = {
        rows,
        tags: last.status === 200 ? last.body.tags.length : 0,
        p50Ms: pickLatency(times).p50Ms,
        p95Ms: pickLatency(times).p95Ms,
        baselineMs: round(baselineMs, 1),
        counterRows,
      };
      if (last.status !== 200) result.error = `HTTP ${last.status}`;
      // One merge of the least used tag into the most used, then the same name back (a rename, not a merge).
      const tags = last.status === 200 ? last.body.tags : [];
      const [most, least] = [tags[0], tags.at(-1)];
      if (most && least && most.name !== least.name) {
        const merge = await session.request<{ contacts: number }>('PATCH', `/api/admin/tags/${encodeURIComponent(least.name)}`, { name: most.name });
        result.mergeMs = round(merge.ms, 0);
        result.mergedContacts = merge.status === 200 ? merge.body.contacts : undefined;
      }
      log(`tags ${rows}: ${result.tags} tags, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms (baseline scan ${result.baselineMs} ms); merge ${result.mergeMs ?? '-'} ms`);
      sizes.push(result);
    }
  });
  return { sizes, samples: options.samples };
}

/** The section of bench/RESULTS.md. */
export function renderTagsSection(result: TagsResult | undefined): string[] {
  if (!result) return [];
  const out = ['## Tags (GET /api/admin/tags)', ''];
  out.push(`p95 target < ${TAGS_TARGET_P95_MS} ms at 1 M contacts; baseline: one aggregate over every contact's tags. ${result.samples} samples per size.`, '');
  out.push('| Contacts | Tags | p50 (ms) | p95 (ms) | Baseline scan (ms) | Counter rows | Merge (ms, contacts) |');
  out.push('| --- | --- | --- | --- | --- | --- | --- |');
  for (const size of result.sizes) {
    out.push(
      `| ${size.rows.toLocaleString('en-US')} | ${size.tags} | ${size.p50Ms} | ${size.p95Ms} | ${size.baselineMs} | ${size.counterRows} | ${size.mergeMs ?? '-'} (${size.mergedContacts ?? '-'}) |`,
    );
  }
  out.push('');
  return out;
}
