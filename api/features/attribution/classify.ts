/**
 * Where a visit comes from and on what kind of device, from the request alone (decision 111):
 * - UTM parameters (`utm_source`, `utm_medium`, `utm_campaign`, and `ref` for the source) win when
 *   present; their channel comes from the medium, else from the source's known domain, else
 *   "Sites référents";
 * - otherwise the referring domain, classified with the versioned table ./referrers.json (its
 *   "about" says how to add one); an unknown domain is a "Sites référents" source under its own name;
 * - no referrer, or a referrer on the site itself, is "Direct" (an own-site referrer is not a source:
 *   the caller carries the visitor's first source instead, ./counter.ts);
 * - device class from the User-Agent: a tablet when it says iPad, Tablet, Kindle, Silk or PlayBook, or
 *   Android without "Mobile" (Android's own rule for phones vs tablets); a phone when it says Mobi,
 *   iPhone, iPod, Android, Windows Phone, BlackBerry or Opera Mini; a computer otherwise (an iPad that
 *   asks for the desktop site, the default since iPadOS 13, counts as a computer).
 */
import type { Context } from 'koa';
import { isbot } from 'isbot';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VISIT_CHANNELS, type VisitChannel } from '../../contract/visit-channels.ts';
import type { VisitDevice } from './contract/index.ts';

export interface VisitSource {
  channel: VisitChannel;
  source: string;
  medium: string;
  campaign: string;
  /** The referring domain (without `www.`), '' when none. */
  referrer: string;
}

interface ReferrerTable {
  version: number;
  channels: Record<string, { domain: string; source: string }[]>;
  mediums: Record<string, string>;
}

function loadTable(): { version: number; domains: { domain: string; source: string; channel: VisitChannel }[]; mediums: Map<string, VisitChannel> } {
  const table = JSON.parse(readFileSync(path.join(import.meta.dirname, 'referrers.json'), 'utf8')) as ReferrerTable;
  const isChannel = (value: string): value is VisitChannel => (VISIT_CHANNELS as readonly string[]).includes(value);
  const domains = Object.entries(table.channels).flatMap(([channel, entries]) => {
    if (!isChannel(channel)) throw new Error(`referrers.json: unknown channel ${channel}`);
    return entries.map((entry) => ({ domain: entry.domain.toLowerCase(), source: entry.source, channel }));
  });
  // The most specific domain first: mail.google.com is e-mail, google.com is search.
  domains.sort((a, b) => b.domain.length - a.domain.length);
  const mediums = new Map<string, VisitChannel>();
  for (const [medium, channel] of Object.entries(table.mediums)) {
    if (!isChannel(channel)) throw new Error(`referrers.json: unknown channel ${channel}`);
    mediums.set(medium, channel);
  }
  return { version: table.version, domains, mediums };
}

const TABLE = loadTable();
export const REFERRER_TABLE_VERSION = TABLE.version;

const MAX_VALUE = 100;
const MAX_DOMAIN = 253;

/** A UTM value as stored: trimmed, lower case, at most 100 characters; '' when absent. */
function utmValue(value: unknown): string {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' ? text.trim().toLowerCase().slice(0, MAX_VALUE) : '';
}

/** The host of a Referer header, lower case, without `www.`; '' when there is none or it is not a URL. */
export function referrerDomain(referer: string | undefined): string {
  if (!referer) return '';
  try {
    return new URL(referer).hostname
      .toLowerCase()
      .replace(/^www\./, '')
      .replace(/\.$/, '')
      .slice(0, MAX_DOMAIN);
  } catch {
    return '';
  }
}

function knownDomain(host: string): { source: string; channel: VisitChannel } | undefined {
  return TABLE.domains.find((entry) => host === entry.domain || host.endsWith(`.${entry.domain}`));
}

/** A UTM source named like a known domain's source (`linkedin`, `google`) takes its channel. */
function knownSourceName(source: string): VisitChannel | undefined {
  return TABLE.domains.find((entry) => entry.source === source || entry.domain === source)?.channel;
}

/**
 * The source of one visit. `ownHosts`: the site's own host names (without `www.`); a referrer there
 * answers `internal: true` with a Direct source for the caller to replace.
 */
export function classifyVisit(query: Record<string, unknown>, referer: string | undefined, ownHosts: ReadonlySet<string>): VisitSource & { internal: boolean } {
  const domain = referrerDomain(referer);
  const internal = domain !== '' && ownHosts.has(domain);
  const referrer = internal ? '' : domain;
  const source = utmValue(query.utm_source) || utmValue(query.ref);
  const medium = utmValue(query.utm_medium);
  const campaign = utmValue(query.utm_campaign);
  if (source || medium || campaign) {
    const channel = TABLE.mediums.get(medium) ?? (source ? knownSourceName(source) : undefined) ?? 'referral';
    return { channel, source, medium, campaign, referrer, internal: false };
  }
  if (referrer) {
    const known = knownDomain(referrer);
    return { channel: known?.channel ?? 'referral', source: known?.source ?? referrer, medium: '', campaign: '', referrer, internal: false };
  }
  return { channel: 'direct', source: '', medium: '', campaign: '', referrer: '', internal };
}

const TABLET = /iPad|Tablet|Kindle|Silk|PlayBook|Android(?!.*Mobile)/i;
const MOBILE = /Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i;

export function deviceClass(userAgent: string): VisitDevice {
  if (TABLET.test(userAgent)) return 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** Browsers seen lately and their device class (null: a bot); a handful of User-Agents make most visits. */
const MAX_REMEMBERED_BROWSERS = 2_000;
const browsers = new Map<string, VisitDevice | null>();

/** The device class of a browser's User-Agent, or null for a bot (the isbot list is one long pattern: asked once per User-Agent). */
export function browserDevice(userAgent: string): VisitDevice | null {
  let device = browsers.get(userAgent);
  if (device === undefined) {
    if (browsers.size >= MAX_REMEMBERED_BROWSERS) browsers.clear();
    device = isbot(userAgent) ? null : deviceClass(userAgent);
    browsers.set(userAgent, device);
  }
  return device;
}

/** A prefetch or prerender request: not a visit. */
export function isPrefetch(ctx: Context): boolean {
  return ctx.get('sec-purpose') !== '' || /prefetch|prerender|preview/i.test(ctx.get('purpose')) || /preview/i.test(ctx.get('x-purpose')) || /prefetch/i.test(ctx.get('x-moz'));
}

export function hostWithoutWww(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}
