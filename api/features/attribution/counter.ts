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
 * (the first visits of a day wait, unhashed and in memory only, for the next write to load it). What
 * is kept between two writes, and the write, are in ./visit-batches.ts.
 */
import type { KeyObject } from 'node:crypto';
import type { Context } from 'koa';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { ADMIN_SHELL_PATTERN, type PageServedHook } from '../../platform/http/static.ts';
import { hasSignedSessionCookie } from '../../platform/http/session.ts';
import type { VisitDevice } from './contract/index.ts';
import { browserDevice, classifyVisit, hostWithoutWww, isPrefetch, type VisitSource } from './classify.ts';
import { daySalt, visitorHash } from './salts.ts';
import { swissDay } from '../../platform/lib/swiss-day.ts';
import { emptyBatch, mergeBatches, writeBatch, type Batch } from './visit-batches.ts';

/** Built pages that are not the public site: the back office's shell, its sign-in page, the error page. */
const NOT_PUBLIC = /^\/(admin|admin-dev|simple-admin|login|404)(\/|$)/;
/** Beyond this many visitors waiting (writes failing for long), the oldest batch is dropped and logged. */
const MAX_PENDING_VISITORS = 100_000;
/** The visitors' first source of the day kept in memory for their next pages; cleared past this size. */
const MAX_REMEMBERED_SOURCES = 200_000;

const DIRECT: VisitSource = { channel: 'direct', source: '', medium: '', campaign: '', referrer: '' };

/** A visitor's first counted page of the day, with its source (decision 115 credits a sign-up to it). */
export interface FirstVisit {
  source: VisitSource;
  landingPage: string;
  at: Date;
}

/** The visitor of a request, as a submission's statement looks up their first source (decision 115). */
export interface Visitor {
  /** The Swiss day, `2026-11-28`. */
  day: string;
  /** The visitor's hash of the day, when this process holds the day's salt. */
  hash: string | null;
  /** Otherwise what the hash is made of (`ip\nUser-Agent\nhost`): hashed in the statement, never stored. */
  message: string | null;
  /** The first visit this process counted today and has not written yet. */
  remembered: FirstVisit | undefined;
}

export interface VisitCounter {
  /** For the site's static handler: counts the page if it should. Never touches the database. */
  onPageServed: PageServedHook;
  /**
   * Without any query: what a submission's own statement needs to read `visitor_first_sources` itself
   * (the day and the visitor's hash, or, when this process holds no salt for today, what the hash is
   * made of, for the statement to hash with the stored salt), and the first visit this process still
   * holds in memory (not written yet). Undefined for a request without a User-Agent. Decision 115.
   */
  visitorOf: (ctx: Context) => Promise<Visitor | undefined>;
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

  async function hashWaitingVisits(target: Batch): Promise<void> {
    for (const day of new Set(target.unhashed.map((visit) => visit.day))) {
      if (!salts.has(day)) salts.set(day, await daySalt(knex, day));
    }
    for (const visit of target.unhashed.splice(0)) {
      record(target, { ...visit, hash: visitorHash(salts.get(visit.day)!, visit.ip, visit.userAgent, visit.host) });
    }
  }

  async function flushOnce(): Promise<void> {
    const taken = batch;
    batch = emptyBatch();
    if (taken.rows.size === 0 && taken.unhashed.length === 0) return;
    try {
      await hashWaitingVisits(taken);
      await writeBatch(knex, taken);
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
        batch = mergeBatches(taken, batch);
      }
    }
  }

  /** The request's visitor: their hash (or what it is made of) and what this process remembers of them, with no query. */
  async function visitorOf(ctx: Context): Promise<Visitor | undefined> {
    const userAgent = ctx.get('user-agent');
    if (!userAgent) return undefined;
    // A write under way holds visits that are neither in memory nor committed yet.
    await writing;
    const day = swissDay(new Date());
    const host = publicHost ?? ctx.host;
    const salt = salts.get(day);
    let remembered: FirstVisit | undefined;
    const hash = salt ? visitorHash(salt, ctx.ip, userAgent, host) : null;
    const site = hash ? batch.sites.get(`${day}|${hash}`) : undefined;
    if (site) remembered = { source: site.source, landingPage: site.path, at: site.at };
    else {
      // The day's first visits wait unhashed: compare them as they are (memory only, never stored).
      const waiting = batch.unhashed.find((visit) => visit.day === day && visit.ip === ctx.ip && visit.userAgent === userAgent && visit.host === host);
      if (waiting && !waiting.source.internal) {
        const { internal: _internal, ...source } = waiting.source;
        remembered = { source, landingPage: waiting.path, at: waiting.at };
      }
    }
    return { day, hash, message: hash ? null : `${ctx.ip}\n${userAgent}\n${host}`, remembered };
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
    visitorOf,
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
