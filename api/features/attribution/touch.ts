/**
 * The touch of one public submission (decision 115): where the person came from, for their contact's
 * first touch (kept once, never overwritten) and for the note of this submission. In order:
 * 1. the visitor's first counted page of the day (the 48-hour `visitor_first_sources`, or the counter's
 *    memory): the landing page, its UTM parameters and the other site that sent the visitor there, even
 *    when they browsed a few pages before writing in;
 * 2. else the submitting page: the address the form's script posted (`touchPage`, with the page's own
 *    `document.referrer` as `touchReferrer`) or, without a script, the browser's `Referer` of the form
 *    post (our Referrer-Policy, strict-origin-when-cross-origin, sends the full address on our own site);
 * 3. else Direct, like a visit without a referrer.
 */
import type { Context } from 'koa';
import type { PostedTouch, VisitChannel } from '../../schemas/index.ts';
import { classifyVisit, referrerDomain } from './classify.ts';

/** A touch as the contacts store it: absent values are null. */
export interface Touch {
  channel: VisitChannel;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  referrer: string | null;
  landingPage: string | null;
  at: Date;
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

export async function submissionTouch(ctx: Context, posted: PostedTouch = {}): Promise<Touch> {
  const at = new Date();
  const first = await ctx.visits.firstVisitOf(ctx);
  if (first) {
    const { channel, source, medium, campaign, referrer } = first.source;
    return { channel, source: orNull(source), medium: orNull(medium), campaign: orNull(campaign), referrer: orNull(referrer), landingPage: pagePath(first.landingPage), at: first.at };
  }
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

/** The touch as an activity's JSON (`activities.touch`). */
export function touchJson(touch: Touch): Record<string, string | null> {
  return { ...touch, at: touch.at.toISOString() };
}
