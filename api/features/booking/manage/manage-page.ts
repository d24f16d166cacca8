/**
 * The manage page (/rendez-vous/gerer/?booking=…&token=…, docs/decisions/107-booking-emails-and-manage-links.md), written by the server at each visit from
 * the built page (site/pages/rendez-vous/gerer/index.astro): the booking as it is now, whatever e-mail
 * the link came from. Opening it changes nothing (mail scanners follow links); its cancel form and its
 * "choose another time" link carry the same signed booking and token. The built page holds every
 * variant, hidden; the server shows those that apply:
 * - `data-booking-state="invalid"`: shown as built; hidden once the link names a booking;
 * - `found` (the facts), then one of `confirmed`, `cancelled`, `past`;
 * - `actions` (cancel, reschedule) for a confirmed call still to come; `rebook` for a cancelled one.
 * `data-booking-field="when|duration"` receive the Swiss date and time and the duration;
 * `data-booking-reschedule` (a link) gets the reschedule address; the hidden inputs `data-query-field`
 * get the link's booking and token.
 */
import type { Knex } from 'knex';
import { frenchDuration, swissDateTime } from '../../../platform/mail/dates.ts';
import { escapeHtml } from '../../../platform/lib/signed-message.ts';
import { typesetFrench } from '../../../platform/lib/french-typography.ts';
import { fillQueryFields } from '../../../platform/http/page-slots.ts';
import { RESCHEDULE_PAGE_PATH, manageToken, verifyManageToken } from './links.ts';
import { readManagedBooking, type ManagedBooking } from './manage.ts';

export type ManagePageState = 'invalid' | 'found' | 'confirmed' | 'cancelled' | 'past' | 'actions' | 'rebook';

const STATE_TAG = /<[a-z][a-z0-9]*\b[^>]*\bdata-booking-state="([a-z]+)"[^>]*>/g;
const FIELD = /(<([a-z][a-z0-9]*)\b[^>]*\bdata-booking-field="([a-z]+)"[^>]*>)[\s\S]*?(<\/\2>)/g;
const RESCHEDULE_LINK = /<a\b([^>]*?)\bhref="[^"]*"([^>]*\bdata-booking-reschedule\b[^>]*)>|<a\b([^>]*\bdata-booking-reschedule\b[^>]*?)\bhref="[^"]*"([^>]*)>/g;

/** Shows exactly the marked elements of `shown`: the others are hidden. */
export function showStates(html: string, shown: ReadonlySet<ManagePageState>): string {
  return html.replace(STATE_TAG, (tag, state: ManagePageState) => {
    const visible = !/\shidden(?=[\s>=])/.test(tag);
    if (shown.has(state) === visible) return tag;
    return shown.has(state) ? tag.replace(/\shidden(="[^"]*")?(?=[\s>])/, '') : tag.replace(/^<([a-z][a-z0-9]*)/, '<$1 hidden');
  });
}

function fillFields(html: string, values: Record<string, string>): string {
  return html.replace(FIELD, (whole, open: string, _tag: string, name: string, close: string) => (name in values ? `${open}${escapeHtml(values[name]!)}${close}` : whole));
}

function pointReschedule(html: string, href: string): string {
  const escaped = escapeHtml(href);
  return html.replace(RESCHEDULE_LINK, (whole, a?: string, b?: string, c?: string, d?: string) =>
    a !== undefined ? `<a${a}href="${escaped}"${b}>` : c !== undefined ? `<a${c}href="${escaped}"${d}>` : whole,
  );
}

/** Which variants a booking shows now. */
export function statesOf(booking: ManagedBooking | undefined, now: Date): Set<ManagePageState> {
  if (!booking) return new Set(['invalid']);
  if (booking.status === 'cancelled') return new Set(['found', 'cancelled', 'rebook']);
  if (booking.status !== 'confirmed' || booking.start.getTime() <= now.getTime()) return new Set(['found', 'past']);
  return new Set(['found', 'confirmed', 'actions']);
}

/** The page for one link: its booking as it is now, or "this link is not valid" (a wrong token tells nothing). */
export function manageVisitPage(db: Knex, secret: string) {
  return async (html: string, query: Record<string, unknown>): Promise<string> => {
    const id = typeof query.booking === 'string' && /^\d{1,10}$/.test(query.booking) ? Number(query.booking) : undefined;
    const token = typeof query.token === 'string' ? query.token : '';
    const booking = id && id <= 2_147_483_647 && verifyManageToken(secret, id, token) ? await readManagedBooking(db, id) : undefined;
    const page = showStates(html, statesOf(booking, new Date()));
    if (!booking) return page;
    const minutes = Math.round((booking.end.getTime() - booking.start.getTime()) / 60_000);
    // French typography: "à 10 h 00" is never split across two lines (decision 119).
    const filled = fillFields(page, { when: typesetFrench(swissDateTime(booking.start)), duration: typesetFrench(frenchDuration(minutes)) });
    const link = `${RESCHEDULE_PAGE_PATH}?${new URLSearchParams({ booking: String(booking.id), token: manageToken(secret, booking.id) }).toString()}`;
    return fillQueryFields(pointReschedule(filled, link), { booking: String(booking.id), token: manageToken(secret, booking.id) });
  };
}
