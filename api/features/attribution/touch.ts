/**
 * The touch of one public submission (decision 115): where the person came from, for their contact's
 * first touch (kept once, never overwritten) and for the note of this submission. In order:
 * 1. the visitor's first counted page of the day (the 48-hour `visitor_first_sources`, read by the
 *    statement that records the submission, else the counter's memory): the landing page, its UTM
 *    parameters and the other site that sent the visitor there, even when they browsed a few pages
 *    before writing in;
 * 2. else the submitting page: the address the form's script posted (`touchPage`, with the page's own
 *    `document.referrer` as `touchReferrer`) or, without a script, the browser's `Referer` of the form
 *    post (our Referrer-Policy, strict-origin-when-cross-origin, sends the full address on our own site);
 * 3. else Direct, like a visit without a referrer.
 */
import type { Context } from 'koa';
import type { PostedTouch } from './contract/index.ts';
import type { VisitChannel } from '../../contract/visit-channels.ts';
import { classifyVisit, referrerDomain } from './classify.ts';
import type { FirstVisit } from './counter.ts';

/** A touch as the contacts store it: absent values are null. */
export interface Touch {
  channel: VisitChannel;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  referrer: string | null;
  landingPage: string | null;
  at: Date;
  /**
   * Set when the statement that records the submission reads the visitor's written first source itself
   * (firstSourceSql): the touch above is then what applies when it finds none (this process's memory,
   * the submitting page, Direct).
   */
  visitor?: { day: string; hash: string | null; message: string | null };
}

const PATH_MAX = 500;

const orNull = (value: string): string | null => (value === '' ? null : value);

/** `/webinaire/` → `/webinaire`: the canonical page path, as the visit counts write it. */
function pagePath(pathname: string): string {
  return (pathname.replace(/\/index\.html$/, '').replace(/\/+$/, '') || '/').slice(0, PATH_MAX);
}

function ownHosts(ctx: Context): Set<string> {
  const hosts = new Set([ctx.hostname.toLowerCase().replace(/^www\./, '')]);
  if (ctx.config.publicUrl) hosts.add(new URL(ctx.config.publicUrl).hostname.toLowerCase().replace(/^www\./, ''));
  return hosts;
}

/** The submitting page's address, if it is one of ours. */
function submittingPage(ctx: Context, posted: PostedTouch): URL | undefined {
  const address = posted.touchPage ?? (ctx.get('referer') || undefined);
  if (!address) return undefined;
  try {
    const url = new URL(address, `${ctx.protocol}://${ctx.host}`);
    return ownHosts(ctx).has(referrerDomain(url.href)) ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The touch this request knows without any query: this process's memory of the visitor's first page
 * today, else the submitting page, else Direct; with `visitor`, for the statement that records the
 * submission (api/features/contacts/public-submissions.ts) to read the visitor's written first source
 * itself (firstSourceSql), which then comes first.
 */
export async function submissionTouch(ctx: Context, posted: PostedTouch = {}): Promise<Touch> {
  const found = await ctx.visits.visitorOf(ctx);
  const touch = found?.remembered ? touchOfFirstVisit(found.remembered) : pageTouch(ctx, posted, new Date());
  return found ? { ...touch, visitor: { day: found.day, hash: found.hash, message: found.message } } : touch;
}

function touchOfFirstVisit(first: FirstVisit): Touch {
  const { channel, source, medium, campaign, referrer } = first.source;
  return { channel, source: orNull(source), medium: orNull(medium), campaign: orNull(campaign), referrer: orNull(referrer), landingPage: pagePath(first.landingPage), at: first.at };
}

function pageTouch(ctx: Context, posted: PostedTouch, at: Date): Touch {
  const page = submittingPage(ctx, posted);
  if (!page) return { channel: 'direct', source: null, medium: null, campaign: null, referrer: null, landingPage: null, at };
  const classified = classifyVisit(Object.fromEntries(page.searchParams), posted.touchReferrer, ownHosts(ctx));
  return {
    channel: classified.channel,
    source: orNull(classified.source),
    medium: orNull(classified.medium),
    campaign: orNull(classified.campaign),
    referrer: orNull(classified.referrer),
    landingPage: pagePath(page.pathname),
    at,
  };
}

/** HMAC's inner and outer pads (0x36 and 0x5c repeated, RFC 2104), 8 bytes at a time as signed 64-bit integers, and as one byte in hex. */
const PADS = { inner: { word: '3906369333256140342', byte: '36' }, outer: { word: '6655295901103053916', byte: '5c' } };

/**
 * The salt (32 bytes, given as 64 hex digits) XORed with a pad, padded to SHA-256's 64-byte block: four
 * 64-bit XORs then the pad alone. About 0.1 ms on PostgreSQL where a byte-by-byte loop took 1.3 ms.
 */
function paddedKey(hex: string, pad: { word: string; byte: string }): string {
  const words = [1, 17, 33, 49].map((at) => `lpad(to_hex(('x' || substr(${hex}, ${at}, 16))::bit(64)::bigint # ${pad.word}), 16, '0')`);
  return `decode(${words.join(' || ')} || repeat('${pad.byte}', 32), 'hex')`;
}

/**
 * The visitor's written first source, read inside the statement that records a submission (decision
 * 115): a CTE named `first_source` over the rows of `rows` (a CTE with `n`, `visitor_day date`,
 * `visitor_hash text`, `visitor_message text`), answering `n` and the touch's columns of the visitor's
 * first counted page of the day when a write (this process's or another's) recorded it. A process
 * without today's salt sends what the hash is made of, and the statement computes the same
 * HMAC-SHA256 as ./salts.ts with the stored salt (32 random bytes): RFC 2104 over PostgreSQL's
 * sha256(), which PGlite has too. No query runs before the statement.
 */
export function firstSourceSql(rows: string): string {
  return `first_source as (
      select r.n, f.channel, nullif(f.source, '') as source, nullif(f.medium, '') as medium, nullif(f.campaign, '') as campaign,
        nullif(f.referrer, '') as referrer, left(f.landing_page, ${PATH_MAX}) as landing_page, f.first_seen_at as at
      from ${rows} r
      join visitor_first_sources f on f.day = r.visitor_day and f.visitor_hash = coalesce(r.visitor_hash, (
        select left(rtrim(translate(encode(sha256(${paddedKey('k.hex', PADS.outer)} || sha256(${paddedKey('k.hex', PADS.inner)} || convert_to(r.visitor_message, 'UTF8'))), 'base64'), '+/', '-_'), '='), 22)
        from (select encode(decode(rpad(translate(s.salt, '-_', '+/'), 44, '='), 'base64'), 'hex') as hex from visit_salts s where s.day = r.visitor_day) k
        where r.visitor_message is not null))
      where r.visitor_day is not null
    )`;
}

/** The touch's JSON on a note, as touchJson writes it, from the first_source CTE's columns (alias `f`). */
export const FIRST_SOURCE_JSON = `jsonb_build_object('channel', f.channel, 'source', f.source, 'medium', f.medium, 'campaign', f.campaign,
        'referrer', f.referrer, 'landingPage', f.landing_page, 'at', to_char(f.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/** The touch as an activity's JSON (`activities.touch`). */
export function touchJson(touch: Touch): Record<string, string | null> {
  const { visitor: _visitor, ...kept } = touch;
  return { ...kept, at: touch.at.toISOString() };
}
