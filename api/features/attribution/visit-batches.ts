/**
 * What the visit counter (./counter.ts) keeps between two writes, and the write itself (decision 111):
 * the day's counts per page and source, each visitor's first page of the day and the pages they saw.
 * The write inserts each new (day, hash) into `visitor_first_sources` and each new (day, hash, page)
 * into `visitor_pages`, `on conflict do nothing`: what was really new, whichever instance saw it first,
 * increments `entries` (the site's daily visitors) and `visitors` (the page's) of the row of that visit.
 */
import type { Database } from '../../platform/db.ts';
import type { VisitDevice } from './contract/index.ts';
import type { VisitSource } from './classify.ts';

/** Rows written per statement (well under PostgreSQL's 65,535 parameters). */
const CHUNK = 500;

interface Row extends VisitSource {
  day: string;
  path: string;
  device: VisitDevice;
  visits: number;
}

interface SiteFirst {
  day: string;
  hash: string;
  rowKey: string;
  source: VisitSource;
  path: string;
  at: Date;
}

interface PageFirst {
  day: string;
  hash: string;
  path: string;
  rowKey: string;
}

/** A visit whose day's salt was not in memory yet: kept in memory only, until the next write hashes it. */
interface UnhashedVisit {
  day: string;
  ip: string;
  userAgent: string;
  host: string;
  path: string;
  source: VisitSource & { internal: boolean };
  device: VisitDevice;
  at: Date;
}

export interface Batch {
  rows: Map<string, Row>;
  sites: Map<string, SiteFirst>;
  pages: Map<string, PageFirst>;
  unhashed: UnhashedVisit[];
}

export const emptyBatch = (): Batch => ({ rows: new Map(), sites: new Map(), pages: new Map(), unhashed: [] });

/** `older` then `newer`, as one batch: an older first view stays the first. */
export function mergeBatches(older: Batch, newer: Batch): Batch {
  const merged = older;
  for (const [key, row] of newer.rows) {
    const known = merged.rows.get(key);
    if (known) known.visits += row.visits;
    else merged.rows.set(key, row);
  }
  for (const [key, site] of newer.sites) if (!merged.sites.has(key)) merged.sites.set(key, site);
  for (const [key, page] of newer.pages) if (!merged.pages.has(key)) merged.pages.set(key, page);
  merged.unhashed.push(...newer.unhashed);
  return merged;
}

export async function writeBatch(knex: Database, target: Batch): Promise<void> {
  const entries = new Map<string, number>();
  const visitors = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  // One order for every instance's statements, so two writes never wait on each other in a circle:
  // the visitors' rows are ordered by PostgreSQL (`order by` of the inserted select), the few count rows here.
  const sites = [...target.sites.values()];
  const pages = [...target.pages.values()];
  const rows = [...target.rows.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  await knex.transaction(async (trx) => {
    // One array per column (unnest) rather than a parameter per cell: thousands of new visitors are one
    // small statement to build and to parse, which keeps the write off the pages' way (decision 111).
    if (sites.length > 0) {
      const { rows: inserted } = await trx.raw<{ rows: Array<{ visitor_hash: string }> }>(
        `insert into visitor_first_sources (day, visitor_hash, channel, source, medium, campaign, referrer, landing_page, first_seen_at)
         select * from unnest(?::date[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::timestamptz[])
           as visit(day, visitor_hash, channel, source, medium, campaign, referrer, landing_page, first_seen_at)
         order by day, visitor_hash
         on conflict (day, visitor_hash) do nothing
         returning visitor_hash`,
        [
          sites.map((site) => site.day),
          sites.map((site) => site.hash),
          sites.map((site) => site.source.channel),
          sites.map((site) => site.source.source),
          sites.map((site) => site.source.medium),
          sites.map((site) => site.source.campaign),
          sites.map((site) => site.source.referrer),
          sites.map((site) => site.path),
          sites.map((site) => site.at.toISOString()),
        ],
      );
      const fresh = new Set(inserted.map((row) => row.visitor_hash));
      for (const site of sites) if (fresh.has(site.hash)) add(entries, site.rowKey);
    }
    if (pages.length > 0) {
      const { rows: inserted } = await trx.raw<{ rows: Array<{ visitor_hash: string; path: string }> }>(
        `insert into visitor_pages (day, visitor_hash, path)
         select * from unnest(?::date[], ?::text[], ?::text[]) as visit(day, visitor_hash, path)
         order by day, visitor_hash, path
         on conflict (day, visitor_hash, path) do nothing
         returning visitor_hash, path`,
        [pages.map((page) => page.day), pages.map((page) => page.hash), pages.map((page) => page.path)],
      );
      const fresh = new Set(inserted.map((row) => `${row.visitor_hash}|${row.path}`));
      for (const page of pages) if (fresh.has(`${page.hash}|${page.path}`)) add(visitors, page.rowKey);
    }
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK).map(([key, row]) => ({ ...row, visitors: visitors.get(key) ?? 0, entries: entries.get(key) ?? 0 }));
      await trx('visitDailyCounts')
        .insert(chunk)
        .onConflict(['day', 'path', 'channel', 'source', 'medium', 'campaign', 'referrer', 'device'])
        .merge({
          visits: trx.raw('visit_daily_counts.visits + excluded.visits'),
          visitors: trx.raw('visit_daily_counts.visitors + excluded.visitors'),
          entries: trx.raw('visit_daily_counts.entries + excluded.entries'),
        });
    }
  });
}
