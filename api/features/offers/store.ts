/**
 * Offers as the back office makes them (docs/decisions/130-offers-amounts-and-acceptance.md): written as a
 * draft with its amounts computed once from the billing settings' VAT rate, sent (its content hash fixed,
 * its e-mail queued in the same transaction), withdrawn, listed. Each step is an activity of the contact
 * ("Offre créée", "Offre envoyée", "Offre retirée", "Offre acceptée"), so the contact's history tells the
 * sale. "Expired" is computed: a sent offer whose validity date is before today (Swiss time).
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { createEmails } from '../../platform/mail/outbox.ts';
import { findLeadOr404 } from '../contacts/index.ts';
import { swissDay } from '../../platform/lib/swiss-day.ts';
import { formatChf, OFFER_LIMITS, OFFER_MESSAGES, type OfferCreate, type OfferListQuery, type OfferStatus } from './contract/index.ts';
import { computeAmounts } from './amounts.ts';
import { sellerFacts } from './billing-port.ts';
import type { OfferRow } from './contract/index.ts';

/** Activity titles on the contact's history (the admin app shows them as written). */
export const OFFER_ACTIVITY_TITLES = {
  created: 'Offre créée',
  sent: 'Offre envoyée',
  withdrawn: 'Offre retirée',
  accepted: 'Offre acceptée',
} as const;

/** `date` columns come back as text (`YYYY-MM-DD`) or a Date depending on the driver: always the day's text. */
function dayText(value: unknown): string {
  if (value instanceof Date) return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
  return String(value).slice(0, 10);
}

function normalise(row: Record<string, unknown>): OfferRow {
  return { ...(row as unknown as OfferRow), startDate: dayText(row.startDate), validUntil: dayText(row.validUntil) };
}

/** The status an offer shows today: a sent offer past its validity is "expired". */
export function shownStatus(offer: Pick<OfferRow, 'status' | 'validUntil'>, today: string = swissDay(new Date())): OfferStatus {
  return offer.status === 'sent' && offer.validUntil < today ? 'expired' : offer.status;
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export async function readOffer(db: Knex, id: number): Promise<OfferRow | undefined> {
  const row = await db('offers').where({ id }).first(db.raw('offers.*'), db.raw("to_char(start_date, 'YYYY-MM-DD') as start_date"), db.raw("to_char(valid_until, 'YYYY-MM-DD') as valid_until"));
  return row ? normalise(row) : undefined;
}

export async function readOfferOr404(db: Knex, id: number): Promise<OfferRow> {
  const offer = await readOffer(db, id);
  if (!offer) throw notFound(OFFER_MESSAGES.notFound);
  return offer;
}

/** The offer under its row lock, for a change that must see the latest state (send, withdraw, accept). */
export async function lockOffer(trx: Knex.Transaction, id: number): Promise<OfferRow | undefined> {
  const row = await trx('offers')
    .where({ id })
    .forUpdate()
    .first(trx.raw('offers.*'), trx.raw("to_char(start_date, 'YYYY-MM-DD') as start_date"), trx.raw("to_char(valid_until, 'YYYY-MM-DD') as valid_until"));
  return row ? normalise(row) : undefined;
}

async function recordActivity(trx: Knex.Transaction, offer: Pick<OfferRow, 'id' | 'leadId' | 'totalCents'>, step: keyof typeof OFFER_ACTIVITY_TITLES, userId: number | null): Promise<void> {
  await trx('activities').insert({
    leadId: offer.leadId,
    type: 'note',
    status: 'completed',
    title: OFFER_ACTIVITY_TITLES[step],
    description: `Offre n° ${offer.id} : CHF ${formatChf(offer.totalCents)}`,
    completedAt: trx.fn.now(),
    createdBy: userId,
  });
}

export async function createOffer(db: Knex, leadId: number, input: OfferCreate, userId: number, today: string = swissDay(new Date())): Promise<OfferRow> {
  const validUntil = input.validUntil ?? addDays(today, OFFER_LIMITS.defaultValidityDays);
  if (validUntil < today) throw badRequest(OFFER_MESSAGES.validUntilPast, [{ path: 'validUntil', message: OFFER_MESSAGES.validUntilPast }]);
  await findLeadOr404(db, leadId);
  const seller = await sellerFacts(db);
  const amounts = computeAmounts(input.lines, input.discountCents, seller.vatRateBasisPoints);
  return db.transaction(async (trx) => {
    const [row] = await trx('offers')
      .insert({
        leadId,
        lines: JSON.stringify(input.lines),
        discountCents: input.discountCents,
        startDate: input.startDate,
        validUntil,
        instalments: input.instalments,
        message: input.message ?? null,
        ...amounts,
        vatRateBasisPoints: seller.vatRateBasisPoints,
        createdBy: userId,
      })
      .returning('id');
    const offer = (await readOffer(trx, (row as { id: number }).id))!;
    await recordActivity(trx, offer, 'created', userId);
    return offer;
  });
}

/** What the person is shown and accepts: the hash fixed at sending, recorded again at acceptance. */
export function contentHashOf(offer: OfferRow, seller: object): string {
  const content = {
    seller,
    lines: offer.lines,
    discountCents: offer.discountCents,
    netCents: offer.netCents,
    vatRateBasisPoints: offer.vatRateBasisPoints,
    vatCents: offer.vatCents,
    totalCents: offer.totalCents,
    startDate: offer.startDate,
    validUntil: offer.validUntil,
    instalments: offer.instalments,
    message: offer.message,
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** Sends a draft: fixes its content hash and queues the `offer_sent` e-mail, in one transaction. */
export async function sendOffer(db: Knex, id: number, userId: number, today: string = swissDay(new Date())): Promise<OfferRow> {
  const seller = await sellerFacts(db);
  await db.transaction(async (trx) => {
    const offer = await lockOffer(trx, id);
    if (!offer) throw notFound(OFFER_MESSAGES.notFound);
    if (offer.status !== 'draft') throw conflict(OFFER_MESSAGES.notDraftSend);
    if (offer.validUntil < today) throw conflict(OFFER_MESSAGES.expiredSend);
    const lead = (await trx('leads').where({ id: offer.leadId }).first('email')) as { email: string | null } | undefined;
    if (!lead?.email) throw conflict(OFFER_MESSAGES.noEmail);
    await trx('offers')
      .where({ id })
      .update({ status: 'sent', sentAt: trx.fn.now(), contentHash: contentHashOf(offer, seller), updatedAt: trx.fn.now() });
    await createEmails(trx, [{ kind: 'offer_sent', causeKey: `offer:${id}:sent`, toAddress: lead.email, leadId: offer.leadId, data: { offerId: id } }]);
    await recordActivity(trx, offer, 'sent', userId);
  });
  return (await readOffer(db, id))!;
}

/** Withdraws a draft or a sent offer still valid: its link then says so; an accepted one stays accepted. */
export async function withdrawOffer(db: Knex, id: number, userId: number, today: string = swissDay(new Date())): Promise<OfferRow> {
  await db.transaction(async (trx) => {
    const offer = await lockOffer(trx, id);
    if (!offer) throw notFound(OFFER_MESSAGES.notFound);
    const status = shownStatus(offer, today);
    if (status !== 'draft' && status !== 'sent') throw conflict(OFFER_MESSAGES.notWithdrawable);
    await trx('offers').where({ id }).update({ status: 'withdrawn', withdrawnAt: trx.fn.now(), updatedAt: trx.fn.now() });
    await recordActivity(trx, offer, 'withdrawn', userId);
  });
  return (await readOffer(db, id))!;
}

/** The list, newest first, with the contact's name; `expired` and `sent` are told apart by today's date. */
export async function listOffers(db: Knex, query: OfferListQuery, today: string = swissDay(new Date())) {
  const filtered = () => {
    const base = db('offers as o').join('leads as l', 'l.id', 'o.lead_id');
    if (query.leadId !== undefined) base.where('o.leadId', query.leadId);
    if (query.status === 'expired') base.where('o.status', 'sent').where('o.validUntil', '<', today);
    else if (query.status === 'sent') base.where('o.status', 'sent').where('o.validUntil', '>=', today);
    else if (query.status) base.where('o.status', query.status);
    return base;
  };
  const [rows, count] = await Promise.all([
    filtered()
      .orderBy([
        { column: 'o.createdAt', order: 'desc' },
        { column: 'o.id', order: 'desc' },
      ])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .select(
        db.raw('o.*'),
        db.raw("to_char(o.start_date, 'YYYY-MM-DD') as start_date"),
        db.raw("to_char(o.valid_until, 'YYYY-MM-DD') as valid_until"),
        'l.firstName as leadFirstName',
        'l.lastName as leadLastName',
      ),
    filtered().count({ total: '*' }).first(),
  ]);
  return {
    offers: rows.map((row: Record<string, unknown>) => ({ ...normalise(row), leadFirstName: row.leadFirstName as string | null, leadLastName: row.leadLastName as string | null })),
    total: Number(count?.total ?? 0),
  };
}
