/**
 * The offer as an A4 PDF (pdfkit; docs/decisions/131-offer-pdf-and-public-page.md), attached to the
 * `offer_sent` e-mail and served to the back office. It states what art. 26 LTVA asks of a document
 * naming VAT: the supplier with its VAT number, the date, the client, the description of the service
 * and its period (the start date), the amounts before VAT, the rate and the tax (or that the supplier
 * is not subject to VAT). Made from the offer's row alone, with its creation date fixed to the
 * offer's: the same offer always gives the same bytes.
 */
import PDFDocument from 'pdfkit';
import { frenchLongDate } from '../../platform/lib/french-dates.ts';
import { formatChf, formatVatRate } from './contract/index.ts';
import type { SellerFacts } from './billing-port.ts';
import type { OfferRow } from './contract/index.ts';

export interface OfferPdfInput {
  offer: OfferRow;
  seller: SellerFacts;
  client: { name: string; email: string | null };
  /** The page where the person accepts (absent in a preview). */
  link?: string;
}

/** A Swiss calendar day (`2027-04-01`) as "1er avril 2027". */
export function dayInWords(day: string): string {
  return frenchLongDate(new Date(`${day}T12:00:00Z`));
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The payment plan in words: "en une fois" or "en 6 mensualités". */
export function planText(instalments: number): string {
  return instalments === 1 ? 'en une fois, à réception de la facture' : `en ${instalments} mensualités, la première à réception de la facture`;
}

export async function offerPdf({ offer, seller, client, link }: OfferPdfInput): Promise<Buffer> {
  const issued = offer.sentAt ?? offer.createdAt;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Offre n° ${offer.id}`, Author: seller.name, Creator: seller.name, Producer: seller.name, CreationDate: new Date(issued) },
  });
  const done = collect(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(12).text(seller.name);
  doc.font('Helvetica').fontSize(10);
  doc.text([seller.street, seller.buildingNumber].filter(Boolean).join(' '));
  doc.text(`${seller.country}-${seller.postalCode} ${seller.town}`);
  doc.text(seller.vatNumber ? `N° TVA : ${seller.vatNumber}` : 'Non assujetti à la TVA');
  doc.moveDown(2);

  doc.font('Helvetica-Bold').fontSize(10).text('Pour');
  doc.font('Helvetica').text(client.name);
  if (client.email) doc.text(client.email);
  doc.moveDown(2);

  doc.font('Helvetica-Bold').fontSize(18).text(`Offre n° ${offer.id}`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Date : ${frenchLongDate(new Date(issued))}`);
  doc.text(`Valable jusqu’au ${dayInWords(offer.validUntil)}`);
  doc.text(`Début du programme : ${dayInWords(offer.startDate)}`);
  doc.moveDown(1.5);

  const columns = { label: left, quantity: left + width * 0.55, unit: left + width * 0.68, amount: left + width * 0.84 };
  const row = (cells: { label: string; quantity?: string; unit?: string; amount: string }, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(cells.label, columns.label, y, { width: width * 0.53 });
    const after = doc.y;
    if (cells.quantity) doc.text(cells.quantity, columns.quantity, y, { width: width * 0.12, align: 'right' });
    if (cells.unit) doc.text(cells.unit, columns.unit, y, { width: width * 0.15, align: 'right' });
    doc.text(cells.amount, columns.amount, y, { width: width * 0.16, align: 'right' });
    doc.x = left;
    doc.y = Math.max(after, doc.y) + 4;
  };
  row({ label: 'Prestation', quantity: 'Quantité', unit: 'Prix (CHF)', amount: 'Montant (CHF)' }, true);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.y += 4;
  for (const line of offer.lines) {
    row({ label: line.label, quantity: String(line.quantity), unit: formatChf(line.unitPriceCents), amount: formatChf(line.quantity * line.unitPriceCents) });
  }
  if (offer.discountCents > 0) row({ label: 'Remise', amount: `-${formatChf(offer.discountCents)}` });
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.y += 4;
  row({ label: 'Total hors TVA', amount: formatChf(offer.netCents) });
  if (offer.vatRateBasisPoints !== null) row({ label: `TVA ${formatVatRate(offer.vatRateBasisPoints)}`, amount: formatChf(offer.vatCents) });
  else row({ label: 'TVA : non assujetti', amount: '0.00' });
  row({ label: 'Total TTC (CHF)', amount: formatChf(offer.totalCents) }, true);
  doc.moveDown(1.5);

  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Paiement : ${planText(offer.instalments)}.`, left, doc.y, { width });
  if (offer.message) {
    doc.moveDown();
    doc.text(offer.message, { width });
  }
  if (link) {
    doc.moveDown(1.5);
    doc.font('Helvetica-Bold').text('Pour accepter l’offre', { width });
    doc.font('Helvetica').text(link, { width, link });
  }
  doc.end();
  return done;
}
