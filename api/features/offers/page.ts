/**
 * The offer's page (/offre/<token>, docs/decisions/131-offer-pdf-and-public-page.md), made by the server at
 * each visit from the built template (site/pages/offre/modele/index.astro): the offer as it is now,
 * whatever e-mail the link came from. Opening it changes nothing (mail scanners follow links). The
 * template holds every variant, hidden; the server shows those that apply:
 * - `invalid`: shown as built; hidden once the link names an offer that was sent;
 * - `found` (the facts and lines), `vat-number` | `not-subject`, `plan-once` | `plan-monthly`,
 *   `discount`, `vat` | `no-vat`, `message`;
 * - one of `open` (the form, "J'accepte l'offre"), `accepted`, `expired`, `withdrawn`.
 * `data-offer-field="…"` receive the values (escaped), `lines` its table rows; the form's hidden
 * `data-offer-token` input receives the link's token. A draft's link shows "invalid": it was never sent.
 */
import type { Knex } from 'knex';
import { escapeHtml } from '../../platform/lib/signed-message.ts';
import { frenchLongDate } from '../../platform/lib/french-dates.ts';
import type { DynamicRoute } from '../../platform/http/static.ts';
import { swissDay } from '../../platform/lib/swiss-day.ts';
import { formatChf, formatVatRate, type OfferStatus } from './contract/index.ts';
import { sellerFacts } from './billing-port.ts';
import { OFFER_PAGE_TEMPLATE, offerIdOfToken } from './links.ts';
import { dayInWords } from './pdf.ts';
import { readOffer, shownStatus } from './store.ts';
import type { OfferRow } from './contract/index.ts';

export type OfferPageState =
  'invalid' | 'found' | 'vat-number' | 'not-subject' | 'plan-once' | 'plan-monthly' | 'discount' | 'vat' | 'no-vat' | 'message' | 'open' | 'accepted' | 'expired' | 'withdrawn';

const OFFER_PATH = /^\/offre\/([1-9]\d{0,9}\.[A-Za-z0-9_-]{32})\/?$/;
const STATE_TAG = /<[a-z][a-z0-9]*\b[^>]*\bdata-offer-state="([a-z-]+)"[^>]*>/g;
const FIELD = /(<([a-z][a-z0-9]*)\b[^>]*\bdata-offer-field="([a-zA-Z]+)"[^>]*>)[\s\S]*?(<\/\2>)/g;
const TOKEN_INPUT = /<input\b([^>]*?)\bdata-offer-token\b([^>]*)>/g;

/** Shows exactly the marked elements of `shown`: the others are hidden. */
export function showOfferStates(html: string, shown: ReadonlySet<OfferPageState>): string {
  return html.replace(STATE_TAG, (tag, state: OfferPageState) => {
    const visible = !/\shidden(?=[\s>=])/.test(tag);
    if (shown.has(state) === visible) return tag;
    return shown.has(state) ? tag.replace(/\shidden(="[^"]*")?(?=[\s>])/, '') : tag.replace(/^<([a-z][a-z0-9]*)/, '<$1 hidden');
  });
}

/** Fills the marked elements: plain values are escaped; `lines` is the table rows, already escaped. */
function fillFields(html: string, values: Record<string, string>, rawHtml: Record<string, string>): string {
  return html.replace(FIELD, (whole, open: string, _tag: string, name: string, close: string) => {
    if (name in rawHtml) return `${open}${rawHtml[name]}${close}`;
    return name in values ? `${open}${escapeHtml(values[name]!)}${close}` : whole;
  });
}

/** Which variants an offer shows today. */
export function offerStatesOf(offer: OfferRow | undefined, status: OfferStatus | undefined, seller: { vatNumber: string | null }): Set<OfferPageState> {
  if (!offer || !status || status === 'draft') return new Set(['invalid']);
  const states = new Set<OfferPageState>(['found', status === 'sent' ? 'open' : status]);
  states.add(seller.vatNumber ? 'vat-number' : 'not-subject');
  states.add(offer.instalments > 1 ? 'plan-monthly' : 'plan-once');
  if (offer.discountCents > 0) states.add('discount');
  states.add(offer.vatRateBasisPoints === null ? 'no-vat' : 'vat');
  if (offer.message) states.add('message');
  return states;
}

function lineRows(offer: OfferRow): string {
  const cell = 'class="px-3 py-2 text-right tabular-nums"';
  return offer.lines
    .map(
      (line) =>
        `<tr class="border-b border-line/60"><td class="px-3 py-2">${escapeHtml(line.label)}</td><td ${cell}>${line.quantity}</td>` +
        `<td ${cell}>${formatChf(line.unitPriceCents)}</td><td ${cell}>${formatChf(line.quantity * line.unitPriceCents)}</td></tr>`,
    )
    .join('');
}

/** The page of one link: its offer as it is now, or "this link is not valid" (a wrong token tells nothing). */
export function offerPage(db: Knex, secret: string, token: string, built: string, now: Date = new Date()): Promise<string> {
  return (async () => {
    const id = offerIdOfToken(secret, token);
    const offer = id === undefined ? undefined : await readOffer(db, id);
    const seller = await sellerFacts(db);
    const status = offer ? shownStatus(offer, swissDay(now)) : undefined;
    const states = offerStatesOf(offer, status, seller);
    const page = showOfferStates(built, states);
    if (!offer || states.has('invalid')) return page;
    const lead = (await db('leads').where({ id: offer.leadId }).first('firstName', 'lastName')) as { firstName: string | null; lastName: string | null };
    const values: Record<string, string> = {
      number: String(offer.id),
      date: frenchLongDate(new Date(offer.sentAt ?? offer.createdAt)),
      seller: seller.name,
      sellerAddress: `${[seller.street, seller.buildingNumber].filter(Boolean).join(' ')}, ${seller.country}-${seller.postalCode} ${seller.town}`,
      vatNumber: seller.vatNumber ?? '',
      client: [lead.firstName, lead.lastName].filter(Boolean).join(' '),
      startDate: dayInWords(offer.startDate),
      validUntil: dayInWords(offer.validUntil),
      instalments: String(offer.instalments),
      discount: `-${formatChf(offer.discountCents)}`,
      net: formatChf(offer.netCents),
      vatRate: offer.vatRateBasisPoints === null ? '' : formatVatRate(offer.vatRateBasisPoints),
      vat: formatChf(offer.vatCents),
      total: formatChf(offer.totalCents),
      message: offer.message ?? '',
      acceptedAt: offer.acceptedAt ? frenchLongDate(new Date(offer.acceptedAt)) : '',
    };
    const filled = fillFields(page, values, { lines: lineRows(offer) });
    return filled.replace(TOKEN_INPUT, (_whole, before: string, after: string) => `<input${before}data-offer-token value="${escapeHtml(token)}"${after}>`);
  })();
}

/** `/offre/<token>`: made per visit, never cached (it names the person); counted as `/offre`, never with its token. */
export function offerPageRoute(db: Knex, secret: string): DynamicRoute {
  return {
    pattern: OFFER_PATH,
    template: OFFER_PAGE_TEMPLATE,
    personal: true,
    async make(built, match) {
      return { html: await offerPage(db, secret, match[1]!, built), pagePath: '/offre' };
    },
  };
}
