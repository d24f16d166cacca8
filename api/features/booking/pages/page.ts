/**
 * The booking page (/rendez-vous/) as the server fills it at each visit, static-first like the
 * next-session line (decisions 052 and 106): the build holds the form and its copy; the server writes what
 * changes per visit into marked places (see site/pages/rendez-vous/index.astro):
 * - `[data-booking-slots]`: the free starts of the coming days as radio buttons (`start` = the
 *   instant), grouped by Swiss day, in Swiss time; no free start at all: the whole form becomes a
 *   message with the contact form's link;
 * - `data-booking-only="…"` regions: kept for the page's mode (book or reschedule) and the call's
 *   (phone required when the team calls), removed otherwise;
 * - `data-prefill`: the form's idempotency key (one per visit); the contact's name and e-mail, only from a link signed for that contact
 *   (./page-link.ts); anything else fills nothing and says nothing;
 * - reschedule mode (`?booking=…&token=…`, a link of the booking's e-mails): only once the token is
 *   verified (../manage/links.ts), for a booking still confirmed; the form then posts `booking`, `token` and
 *   `start` to /api/bookings/reschedule.
 * Nothing about the hosts is written, only free start times. Copy: site/content/booking.yaml.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { parse } from 'yaml';
import { z } from 'zod';
import { contentFile } from '../../../platform/paths.ts';
import { escapeHtml, fillMessageSlot } from '../../../platform/lib/signed-message.ts';
import { fillQueryFields } from '../../../platform/http/page-slots.ts';
import { frenchLongDate, frenchTime } from '../../../platform/lib/french-dates.ts';
import { freeStarts, type FreeStarts } from '../engine/free-starts.ts';
import { swissDay } from '../../../platform/lib/swiss-day.ts';
import { verifyManageToken } from '../manage/links.ts';
import { verifyPrefillToken } from './page-link.ts';
import { typesetFrench } from '../../../platform/lib/french-typography.ts';
import { SplicedHtml, type SplicedVisit } from '../../../platform/http/spliced-gzip.ts';

export const BOOKING_CONTENT_FILE = contentFile('booking.yaml');

/** What the server reads of site/content/booking.yaml (the site's content schema checks the whole file at build time). */
const pageCopySchema = z.object({
  slots: z.object({
    legend: z.string(),
    timeZone: z.string(),
    countOne: z.string(),
    count: z.string(),
    openDays: z.number().int().min(1),
    none: z.string(),
    noneLink: z.string(),
    noneHref: z.string(),
    days: z.number().int().min(1).max(62),
  }),
  reschedule: z.object({ current: z.string(), invalidLink: z.string() }),
  confirmed: z.object({ message: z.string() }),
});
export type BookingPageCopy = z.output<typeof pageCopySchema>;

export function loadBookingPageCopy(file = BOOKING_CONTENT_FILE): BookingPageCopy {
  return pageCopySchema.parse(parse(readFileSync(file, 'utf8')));
}

/** "lundi 30 novembre 2026 à 10 h 00": the day and time of a call, as the page and the e-mails write it. */
export function callDateText(start: Date): string {
  return typesetFrench(`${frenchLongDate(start, { weekday: true })} à ${frenchTime(start)}`);
}

/** The confirmation page's line for a booked start (signed into its message slot by the form's answer). */
export function confirmedMessage(copy: BookingPageCopy, start: Date): string {
  return typesetFrench(copy.confirmed.message.replace('{date}', callDateText(start)));
}

const ID = /^[1-9]\d{0,11}$/;
const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

/** A link's id and token when both are well formed (anything else is no link at all). */
export function linkParameters(query: Record<string, unknown>, idName: string, tokenName = 'token'): { id: number; token: string } | undefined {
  const id = query[idName];
  const token = query[tokenName];
  if (typeof id !== 'string' || !ID.test(id) || typeof token !== 'string' || !TOKEN.test(token)) return undefined;
  return { id: Number(id), token };
}

type Mode = 'book' | 'reschedule';

/**
 * Keeps the regions of the kept names (their `hidden` dropped) and removes the others. A region holds no
 * element of its own tag, so its end is the first closing tag; regions may hold regions of other tags.
 */
function keepRegions(html: string, keep: ReadonlySet<string>): string {
  return html.replace(
    /<([a-z][a-z0-9]*)\b([^>]*?)\sdata-booking-only="([a-z-]+)"( hidden(?:="")?)?([^>]*)>([\s\S]*?)<\/\1>/g,
    (_whole, tag: string, before: string, name: string, _hidden: string | undefined, after: string, inner: string) =>
      keep.has(name) ? `<${tag}${before} data-booking-only="${name}"${after}>${keepRegions(inner, keep)}</${tag}>` : '',
  );
}

function fillPrefill(html: string, values: Record<string, string>): string {
  return html.replace(/<input\b([^>]*?)\sdata-prefill="([A-Za-z]+)"([^>]*)>/g, (whole, before: string, name: string, after: string) => {
    const value = values[name];
    return value === undefined ? whole : `<input${before} data-prefill="${name}" value="${escapeHtml(value)}"${after}>`;
  });
}

const SLOTS_PLACE = /<div\b[^>]*\bdata-booking-slots\b[^>]*><\/div>/;
const FORM = /<form\b[^>]*\bdata-booking-form\b[^>]*>[\s\S]*?<\/form>/;
const CURRENT = /<strong\b([^>]*)\bdata-booking-current\b([^>]*)><\/strong>/;

interface Day {
  date: string;
  slots: Array<{ start: string }>;
}

/**
 * One disclosure per day with free starts (a native `<details>`: no script): its summary the Swiss date
 * and how many times are free, its body the times as radio buttons. The first days are open; the
 * first radio, which the browser points at when none is chosen, is always in an open day.
 */
export function slotsHtml(copy: BookingPageCopy, days: Day[]): string {
  const groups = days
    .filter((day) => day.slots.length > 0)
    .map((day, index) => {
      const headingId = `slots-${day.date}`;
      // Noon UTC is the same Swiss date whatever the season.
      const label = typesetFrench(frenchLongDate(new Date(`${day.date}T12:00:00Z`), { weekday: true }));
      const count = day.slots.length === 1 ? copy.slots.countOne : copy.slots.count.replace('{count}', String(day.slots.length));
      const times = day.slots
        .map((slot) => {
          const time = typesetFrench(frenchTime(new Date(slot.start)));
          return (
            `<li><label class="booking-slot relative flex cursor-pointer items-center justify-center rounded-full border border-line bg-white px-3 py-2 text-[0.95rem] font-medium whitespace-nowrap text-ink transition hover:border-pine-700 has-checked:border-pine-800 has-checked:bg-pine-800 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-copper">` +
            `<input type="radio" name="start" value="${escapeHtml(slot.start)}" required class="sr-only">${escapeHtml(time)}</label></li>`
          );
        })
        .join('');
      return (
        `<details class="group/day border-b border-line" data-booking-day="${day.date}"${index < copy.slots.openDays ? ' open' : ''}>` +
        `<summary class="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-4 [&::-webkit-details-marker]:hidden">` +
        `<h2 id="${headingId}" class="text-base font-semibold text-ink first-letter:uppercase">${escapeHtml(label)}</h2>` +
        `<span class="flex shrink-0 items-center gap-2 text-sm text-muted">${escapeHtml(typesetFrench(count))}` +
        `<svg aria-hidden="true" viewBox="0 0 24 24" class="size-4 transition group-open/day:rotate-180 motion-reduce:transition-none" fill="none" stroke="currentColor" stroke-width="2"><path d="m6 9 6 6 6-6" stroke-linecap="round" stroke-linejoin="round"/></svg></span></summary>` +
        `<div role="group" aria-labelledby="${headingId}" class="pb-5"><ul class="grid grid-cols-3 gap-2 sm:grid-cols-4 xl:grid-cols-5">${times}</ul></div></details>`
      );
    })
    .join('');
  return (
    `<fieldset data-booking-slots><legend class="font-display text-2xl font-medium">${escapeHtml(typesetFrench(copy.slots.legend))} ` +
    `<span class="font-sans text-base font-normal text-muted">${escapeHtml(copy.slots.timeZone)}</span></legend>` +
    `<div class="mt-4 border-t border-line">${groups}</div></fieldset>`
  );
}

/** No free start in the coming days: a message and the contact form's link instead of the form. */
export function noSlotsHtml(copy: BookingPageCopy): string {
  return (
    `<div data-booking-none><p class="text-lg text-ink">${escapeHtml(typesetFrench(copy.slots.none))}</p>` +
    `<a href="${escapeHtml(copy.slots.noneHref)}" class="mt-6 inline-flex rounded-full bg-copper px-6 py-3.5 font-semibold text-white hover:bg-copper-dark">${escapeHtml(copy.slots.noneLink)}</a></div>`
  );
}

export interface BookingPageOptions {
  secret: string;
  copy?: BookingPageCopy;
  now?: () => Date;
}

/** Stands for the visit's idempotency key in a page kept for every visit of a version (a UUID never holds it). */
const KEY_MARK = '\u0000idempotency-key\u0000';

/** The filler of the built /rendez-vous/ page: `(html, query) → html` for this visit. */
export function bookingPageFiller(db: Knex, options: BookingPageOptions) {
  const copy = options.copy ?? loadBookingPageCopy();
  const clock = options.now ?? (() => new Date());
  // The page of a plain visit (no link, no message), made once per computation of the free starts
  // (decision 126): only its idempotency key differs from one visit to the next.
  let plain: { built: string; starts: FreeStarts; spliced: SplicedHtml; keyed: boolean } | undefined;

  return async function fillBookingPage(built: string, query: Record<string, unknown>): Promise<string | SplicedVisit> {
    const now = clock();
    let html = built;
    let mode: Mode = 'book';
    let notice: string | undefined;
    let current: Date | undefined;

    const manage = linkParameters(query, 'booking');
    if (manage) {
      const booking = verifyManageToken(options.secret, manage.id, manage.token)
        ? ((await db('bookings').where({ id: manage.id, status: 'confirmed' }).first('startAt')) as { startAt: Date } | undefined)
        : undefined;
      if (booking) {
        mode = 'reschedule';
        current = new Date(booking.startAt);
      } else {
        notice = copy.reschedule.invalidLink;
      }
    }

    const starts = await freeStarts(db, now, { from: swissDay(now), days: copy.slots.days });
    const values = mode === 'book' ? await prefill(db, options.secret, query) : {};
    // A key per visit: the same form posted twice (a double click without script) books once.
    const idempotencyKey = randomUUID();
    if (mode === 'book' && !notice && Object.keys(values).length === 0) {
      if (plain?.built !== built || plain.starts !== starts) {
        const parts = makePage(built, starts, 'book', { idempotencyKey: KEY_MARK }).split(KEY_MARK);
        // No free start: the form, and its key, are gone from the page.
        const keyed = parts.length === 2;
        plain = { built, starts, spliced: keyed ? new SplicedHtml(parts[0]!, parts[1]!) : new SplicedHtml(parts.join(''), ''), keyed };
      }
      // The page's parts are compressed once per computation, the key put in per visit (decision 126).
      return { spliced: plain.spliced, middle: plain.keyed ? idempotencyKey : '' };
    }

    html = makePage(built, starts, mode, mode === 'book' ? { ...values, idempotencyKey } : {});
    if (mode === 'reschedule') {
      html = fillQueryFields(html, { booking: String(manage!.id), token: manage!.token });
      html = html.replace('action="/api/bookings"', 'action="/api/bookings/reschedule"');
      html = html.replace(
        CURRENT,
        (_whole, before: string, after: string) =>
          `<strong${before}data-booking-current${after}>${escapeHtml(typesetFrench(copy.reschedule.current.replace('{date}', callDateText(current!))))}</strong>`,
      );
    }
    if (notice) html = fillMessageSlot(html, notice);
    return html;
  };

  function makePage(built: string, starts: FreeStarts, mode: Mode, prefilled: Record<string, string>): string {
    const keep = new Set<string>([mode, starts.settings.mode === 'phone' ? 'phone-required' : 'phone-optional']);
    let html = keepRegions(built, keep);
    if (mode === 'book') html = fillPrefill(html, prefilled);
    const { days } = starts.slots;
    const offered = days.some((day) => day.slots.length > 0);
    return offered ? html.replace(SLOTS_PLACE, () => slotsHtml(copy, days)) : html.replace(FORM, () => noSlotsHtml(copy));
  }
}

/** The contact's name and e-mail for a link signed for them; nothing otherwise. */
async function prefill(db: Knex, secret: string, query: Record<string, unknown>): Promise<Record<string, string>> {
  const link = linkParameters(query, 'lead');
  if (!link || !verifyPrefillToken(secret, link.id, link.token)) return {};
  const lead = (await db('leads').where({ id: link.id }).first('firstName', 'lastName', 'email')) as { firstName: string | null; lastName: string | null; email: string } | undefined;
  if (!lead) return {};
  return { firstName: lead.firstName ?? '', lastName: lead.lastName ?? '', email: lead.email, lead: String(link.id), leadToken: link.token };
}
