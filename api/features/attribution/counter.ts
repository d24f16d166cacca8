/**
 * The visit counter (decision 111). The site's static handler tells it of every HTML page it answers
 * (api/platform/http/static.ts, `onPageServed`); it keeps what counts in memory, with no database
 * access on the request's path, and writes it in one transaction every VISITS_FLUSH_SECONDS and on a
 * graceful stop. Counts add up across instances (upserts that increment); a process killed without a
 * graceful stop loses what it counted since its last write (docs/visits.md).
 *
 * Counted: a GET of a public page answered 200 or 304. Not counted: HEAD, errors, the back office's
 * shell and sign-in page, prefetch and prerender requests, bots (the `isbot` list; an empty User-Agent
 * too), and browsers holding a session cookie this site signed (team members).
 *
 * Unique visitors: each visit's hash (./salts.ts) is computed at once when the day's salt is in memory
 * (the first visits of a day wait, unhashed and in memory only, for the next write to load it). The
 * write inserts each new (day, hash) into `visitor_first_sources` and each new (day, hash, page) into
 * `visitor_pages`, `on conflict do nothing`: what was really new, whichever instance saw it first,
 * increments `entries` (the site's daily visitors) and `visitors` (the page's) of the row of that visit.
 */
import type { KeyObject } from 'node:crypto';
import type { Context } from 'koa';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { ADMIN_SHELL_PATTERN, type PageServedHook } from '../../platform/http/static.ts';
import { hasSignedSessionCookie } from '../../platform/http/session.ts';
import type { VisitDevice } from '../../schemas/index.ts';
import { browserDevice, classifyVisit, hostWithoutWww, isPrefetch, type VisitSource } from './classify.ts';
import { daySalt, swissDay, visitorHash } from './salts.ts';

/** Built pages that are not the public site: the back office's shell, its sign-in page, the error page. */
const NOT_PUBLIC = /^\/(admin|admin-dev|simple-admin|login|404)(\/|$)/;
/** Rows written per statement (well under PostgreSQL's 65,535 parameters). */
const CHUNK = 500;
/** Beyond this many visitors waiting (writes failing for long), the oldest batch is dropped and logged. */
const MAX_PENDING_VISITORS = 100_000;
/** The visitors' first source of the day kept in memory for their next pages; cleared past this size. */
const MAX_REMEMBERED_SOURCES = 200_000;

const DIRECT: VisitSource = { channel: 'direct', source: '', medium: '', campaign: '', referrer: '' };

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

interface Batch {
  rows: Map<string, Row>;
  sites: Map<string, SiteFirst>;
  pages: Map<string, PageFirst>;
  unhashed: UnhashedVisit[];
}

const emptyBatch = (): Batch => ({ rows: new Map(), sites: new Map(), pages: new Map(), unhashed: [] });

/** A visitor's first counted page of the day, with its source (decision 115 credits a sign-up to it). */
export interface FirstVisit {
  source: VisitSource;
  landingPage: string;
  at: Date;
}

export interface VisitCounter {
  /** For the site's static handler: counts the page if it should. Never touches the database. */
  onPageServed: PageServedHook;
  /**
   * The first page this request's visitor (same address and browser) was counted on today, by any
   * instance once written (`visitor_first_sources`), or by this one still in memory; undefined if none.
   */
  firstVisitOf: (ctx: Context) => Promise<FirstVisit | undefined>;
  /** Writes what was counted so far (the timer calls it; so does `stop`). Never throws: a failed write is kept for the next. */
  flush: () => Promise<void>;
  /** Stops the timer and writes what is left: the graceful stop calls it before the database closes. */
  stop: () => Promise<void>;
}

export function createVisitCounter({ config, knex, logger }: { config: Config; knex: Database; logger: Logger }): VisitCounter {
  const publicUrl = config.publicUrl ? new URL(config.publicUrl) : undefined;
  const publicHost = publicUrl?.host;
  const publicHostname = publicUrl ? hostWithoutWww(publicUrl.hostname) : undefined;
  const salts = new Map<string, KeyObject>();
  let batch = emptyBatch();
  let rememberedDay = '';
  const remembered = new Map<string, VisitSource>();

  function record(target: Batch, visit: { day: string; hash: string; path: string; source: VisitSource & { internal: boolean }; device: VisitDevice; at: Date }): void {
    if (visit.day !== rememberedDay || remembered.size >= MAX_REMEMBERED_SOURCES) {
      remembered.clear();
      rememberedDay = visit.day;
    }
    // A page reached from another page of the site is credited to where the visitor came from first.
    let source: VisitSource;
    if (visit.source.internal) source = remembered.get(visit.hash) ?? DIRECT;
    else {
      const { channel, source: name, medium, campaign, referrer } = visit.source;
      source = { channel, source: name, medium, campaign, referrer };
      if (!remembered.has(visit.hash)) remembered.set(visit.hash, source);
    }
    const rowKey = [visit.day, visit.path, source.channel, source.source, source.medium, source.campaign, source.referrer, visit.device].join('\u0000');
    const row = target.rows.get(rowKey);
    if (row) row.visits += 1;
    else target.rows.set(rowKey, { day: visit.day, path: visit.path, device: visit.device, ...source, visits: 1 });
    const siteKey = `${visit.day}|${visit.hash}`;
    if (!target.sites.has(siteKey)) target.sites.set(siteKey, { day: visit.day, hash: visit.hash, rowKey, source, path: visit.path, at: visit.at });
    const pageKey = `${siteKey}|${visit.path}`;
    if (!target.pages.has(pageKey)) target.pages.set(pageKey, { day: visit.day, hash: visit.hash, path: visit.path, rowKey });
  }

  /** The site's own host names as this request names it (the few host names a site answers to, each built once). */
  const ownHostSets = new Map<string, ReadonlySet<string>>();
  function ownHostsOf(hostname: string): ReadonlySet<string> {
    let hosts = ownHostSets.get(hostname);
    if (!hosts) {
      if (ownHostSets.size >= 100) ownHostSets.clear();
      hosts = new Set([hostWithoutWww(hostname), ...(publicHostname ? [publicHostname] : [])]);
      ownHostSets.set(hostname, hosts);
    }
    return hosts;
  }

  const onPageServed: PageServedHook = (ctx, pagePath, status) => {
    if (ctx.method !== 'GET' || (status !== 200 && status !== 304)) return;
    if (NOT_PUBLIC.test(pagePath) || ADMIN_SHELL_PATTERN.test(ctx.path)) return;
    if (isPrefetch(ctx)) return;
    const userAgent = ctx.get('user-agent');
    const device = userAgent ? browserDevice(userAgent) : null;
    if (!device) return;
    if (hasSignedSessionCookie(ctx)) return;
    const at = new Date();
    const day = swissDay(at);
    const host = publicHost ?? ctx.host;
    const ownHosts = ownHostsOf(ctx.hostname);
    const source = classifyVisit(ctx.query, ctx.get('referer') || undefined, ownHosts);
    const salt = salts.get(day);
    if (!salt) {
      batch.unhashed.push({ day, ip: ctx.ip, userAgent, host, path: pagePath, source, device, at });
      return;
    }
    record(batch, { day, hash: visitorHash(salt, ctx.ip, userAgent, host), path: pagePath, source, device, at });
  };

  /** `older` then `newer`, as one batch: an older first view stays the first. */
  function merge(older: Batch, newer: Batch): Batch {
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

  async function hashWaitingVisits(target: Batch): Promise<void> {
    for (const day of new Set(target.unhashed.map((visit) => visit.day))) {
      if (!salts.has(day)) salts.set(day, await daySalt(knex, day));
    }
    for (const visit of target.unhashed.splice(0)) {
      record(target, { ...visit, hash: visitorHash(salts.get(visit.day)!, visit.ip, visit.userAgent, visit.host) });
    }
  }

  async function write(target: Batch): Promise<void> {
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

  async function flushOnce(): Promise<void> {
    const taken = batch;
    batch = emptyBatch();
    if (taken.rows.size === 0 && taken.unhashed.length === 0) return;
    try {
      await hashWaitingVisits(taken);
      await write(taken);
      // Keep today's salt ready (the first visits after midnight wait for it) and forget the old ones.
      const today = swissDay(new Date());
      if (!salts.has(today)) salts.set(today, await daySalt(knex, today));
      for (const day of salts.keys()) if (day < swissDay(new Date(Date.now() - 36 * 3600_000))) salts.delete(day);
    } catch (error) {
      const waiting = taken.sites.size + taken.unhashed.length + batch.sites.size;
      if (waiting > MAX_PENDING_VISITORS) {
        logger.error({ err: error, dropped: taken.rows.size }, 'visits not written; the oldest counts are dropped');
      } else {
        logger.warn({ err: error }, 'visits not written; kept for the next write');
        batch = merge(taken, batch);
      }
    }
  }

  /** The visitor's first page today: written rows first (they are older), then this process's memory. */
  async function firstVisitOf(ctx: Context): Promise<FirstVisit | undefined> {
    const userAgent = ctx.get('user-agent');
    if (!userAgent) return undefined;
    // A write under way holds visits that are neither in memory nor committed yet.
    await writing;
    const day = swissDay(new Date());
    const host = publicHost ?? ctx.host;
    // Only with the day's salt in memory (this process wrote visits today): else no query (decision 115).
    const salt = salts.get(day);
    if (salt) {
      const hash = visitorHash(salt, ctx.ip, userAgent, host);
      type Stored = VisitSource & { landingPage: string; firstSeenAt: Date };
      const stored = await knex('visitorFirstSources').where({ day, visitorHash: hash }).first<Stored | undefined>();
      if (stored) {
        const { channel, source, medium, campaign, referrer, landingPage, firstSeenAt } = stored;
        return { source: { channel, source, medium, campaign, referrer }, landingPage, at: new Date(firstSeenAt) };
      }
      const site = batch.sites.get(`${day}|${hash}`);
      if (site) return { source: site.source, landingPage: site.path, at: site.at };
    }
    // The day's first visits wait unhashed: compare them as they are (memory only, never stored).
    const waiting = batch.unhashed.find((visit) => visit.day === day && visit.ip === ctx.ip && visit.userAgent === userAgent && visit.host === host);
    if (!waiting || waiting.source.internal) return undefined;
    const { internal: _internal, ...source } = waiting.source;
    return { source, landingPage: waiting.path, at: waiting.at };
  }

  let writing: Promise<void> = Promise.resolve();
  function flush(): Promise<void> {
    writing = writing.then(flushOnce);
    return writing;
  }

  const timer = setInterval(() => void flush(), config.visitsFlushMs);
  timer.unref();

  return {
    onPageServed,
    firstVisitOf,
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
