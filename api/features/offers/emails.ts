/**
 * The `offer_sent` e-mail (docs/decisions/131-offer-pdf-and-public-page.md): the person's offer in a
 * few lines, the signed link to its page (`/offre/<token>`, ./links.ts) and the offer as a PDF. The row
 * holds the offer's id only; just before it goes, the offer is read again: nothing goes for an offer
 * withdrawn meanwhile, and the facts and the PDF are those of the offer as sent.
 */
import type { Database } from '../../platform/db.ts';
import { letter, opening, personValues } from '../../platform/mail/document.ts';
import type { ComposeContext, EmailKind, EmailKindDefinition, QueuedEmail, SendDecision } from '../../platform/mail/kinds.ts';
import type { Block } from '../../platform/mail/layout.ts';
import { formatChf } from './contract/index.ts';
import type { OffersWording } from './email-wording.ts';
import { offerUrl } from './links.ts';
import { dayInWords, offerPdf, planText } from './pdf.ts';
import { sellerFacts } from './billing-port.ts';
import { readOffer } from './store.ts';

export interface OfferEmailData {
  offerId: number;
  /** Filled just before sending. */
  firstName?: string | null;
  totalCents?: number;
  startDate?: string;
  validUntil?: string;
  instalments?: number;
  message?: string | null;
  /** The PDF's bytes (base64), made from the offer as sent. */
  pdf?: string;
}

type Kind = EmailKindDefinition<OfferEmailData, OffersWording>;

function values(data: OfferEmailData, brand: string) {
  return { ...personValues(data.firstName, brand), total: `CHF ${formatChf(data.totalCents ?? 0)}`, validUntil: data.validUntil ? dayInWords(data.validUntil) : '' };
}

function offerDocument(data: OfferEmailData, context: ComposeContext<OffersWording>) {
  const copy = context.content.offerSent;
  const shown = values(data, context.brand);
  const rows = [
    { label: copy.totalLabel, value: shown.total },
    ...(data.startDate ? [{ label: copy.startLabel, value: dayInWords(data.startDate) }] : []),
    { label: copy.validUntilLabel, value: shown.validUntil },
    ...(data.instalments ? [{ label: copy.planLabel, value: planText(data.instalments) }] : []),
  ];
  const blocks: Block[] = [...opening(copy, shown), { type: 'facts', rows }];
  if (data.message) blocks.push({ type: 'paragraph', text: data.message });
  if (context.linkSecret) blocks.push({ type: 'button', label: copy.button, url: offerUrl(context.publicUrl, context.linkSecret, data.offerId), hint: copy.buttonHint });
  blocks.push({ type: 'paragraph', text: copy.attachmentHint });
  return letter(copy, shown, blocks, context.content);
}

/** Read again just before sending: the offer as sent, with its PDF, or why nothing goes. */
async function stillOffered(db: Database, email: QueuedEmail): Promise<SendDecision> {
  const stored = email.data as OfferEmailData;
  const offer = await readOffer(db, stored.offerId);
  if (!offer) return { cancel: 'Offre supprimée avant l’envoi.' };
  if (offer.status === 'withdrawn') return { cancel: 'Offre retirée avant l’envoi.' };
  const lead = (await db('leads').where({ id: offer.leadId }).first('firstName', 'lastName', 'email')) as { firstName: string | null; lastName: string | null; email: string | null };
  const pdf = await offerPdf({
    offer,
    seller: await sellerFacts(db),
    client: { name: [lead.firstName, lead.lastName].filter(Boolean).join(' '), email: lead.email },
  });
  return {
    send: {
      offerId: offer.id,
      firstName: lead.firstName,
      totalCents: offer.totalCents,
      startDate: offer.startDate,
      validUntil: offer.validUntil,
      instalments: offer.instalments,
      message: offer.message,
      pdf: pdf.toString('base64'),
    } satisfies OfferEmailData,
  };
}

export const offerEmailKinds = {
  offer_sent: {
    document: (data, context) => offerDocument(data, context),
    attachments: (data) => (data.pdf ? [{ filename: `offre-${data.offerId}.pdf`, content: data.pdf, contentType: 'application/pdf', encoding: 'base64' as const }] : []),
    beforeSending: stillOffered,
  } satisfies Kind,
} satisfies Partial<Record<EmailKind, Kind>>;
