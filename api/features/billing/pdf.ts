/**
 * The invoice as an A4 PDF (docs/decisions/128-qr-bill-library-and-references.md): the supplier, its
 * VAT number, the person's address, the date, what is supplied and for which period, the amounts, rate
 * and tax (art. 26 LTVA), then at the bottom the QR-bill's payment part with its receipt, drawn by
 * `swissqrbill` on `pdfkit` (Swiss Implementation Guidelines v2.3: structured addresses only). The
 * document's dates are the invoice's, so the same invoice gives the same bytes; the bytes e-mailed are
 * stored with the invoice anyway and are what the admin downloads.
 */
import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { Data } from 'swissqrbill/types';
import { formatChf, formatRate } from './money.ts';
import type { BillingSettingsRecord } from './settings.ts';
import type { PostalAddress } from './address.ts';

export interface InvoiceDocument {
  number: string;
  issuedOn: string;
  dueOn: string;
  serviceStartOn: string | null;
  instalmentIndex: number;
  instalmentCount: number;
  lines: Array<{ label: string; quantity: number; unitPriceCents: number }>;
  discountCents: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
  vatRateBasisPoints: number | null;
  reference: string;
  iban: string;
  debtor: PostalAddress;
}

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** `2027-03-01` → `1er mars 2027`. */
export function frenchDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date === 1 ? '1er' : date} ${MONTHS[month - 1]} ${year}`;
}

function addressLines(address: InvoiceDocument['debtor']): string[] {
  return [address.name, [address.street, address.buildingNumber].filter(Boolean).join(' '), `${address.country === 'CH' ? '' : `${address.country}-`}${address.postalCode} ${address.town}`];
}

/** What the QR code carries: amounts in francs, the invoice number as the unstructured message. */
export function qrBillData(invoice: InvoiceDocument, settings: BillingSettingsRecord): Data {
  const creditor = settings.creditor;
  return {
    currency: 'CHF',
    amount: invoice.totalCents / 100,
    reference: invoice.reference,
    message: `Facture ${invoice.number}`,
    creditor: {
      account: invoice.iban,
      name: creditor.name,
      address: creditor.street,
      ...(creditor.buildingNumber ? { buildingNumber: creditor.buildingNumber } : {}),
      zip: creditor.postalCode,
      city: creditor.town,
      country: creditor.country,
    },
    debtor: {
      name: invoice.debtor.name,
      address: invoice.debtor.street,
      ...(invoice.debtor.buildingNumber ? { buildingNumber: invoice.debtor.buildingNumber } : {}),
      zip: invoice.debtor.postalCode,
      city: invoice.debtor.town,
      country: invoice.debtor.country,
    },
  };
}

export function invoicePdf(invoice: InvoiceDocument, settings: BillingSettingsRecord): Promise<Buffer> {
  const issued = new Date(`${invoice.issuedOn}T00:00:00Z`);
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Facture ${invoice.number}`, Author: settings.creditor.name, CreationDate: issued, ModDate: issued }, lang: 'fr-CH' });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const creditor = settings.creditor;
  pdf.font('Helvetica-Bold').fontSize(12).text(creditor.name, 50, 50);
  pdf.font('Helvetica').fontSize(9);
  pdf.text([creditor.street, creditor.buildingNumber].filter(Boolean).join(' '));
  pdf.text(`${creditor.postalCode} ${creditor.town}`);
  pdf.text(settings.vatNumber ? `N° TVA : ${settings.vatNumber}` : 'Non assujetti à la TVA');

  pdf.fontSize(10).text(addressLines(invoice.debtor).join('\n'), 320, 120, { width: 220 });

  pdf.font('Helvetica-Bold').fontSize(16).text(`Facture ${invoice.number}`, 50, 200);
  pdf.font('Helvetica').fontSize(10);
  pdf.text(`Date : ${frenchDay(invoice.issuedOn)}`);
  pdf.text(`Échéance : ${frenchDay(invoice.dueOn)}`);
  if (invoice.serviceStartOn) pdf.text(`Période : programme dès le ${frenchDay(invoice.serviceStartOn)}`);
  if (invoice.instalmentCount > 1) pdf.text(`Échéance ${invoice.instalmentIndex} sur ${invoice.instalmentCount} du plan de paiement`);

  let y = 290;
  const row = (label: string, quantity: string, unit: string, amount: string, bold = false) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    pdf.text(label, 50, y, { width: 260 });
    const height = pdf.heightOfString(label, { width: 260 });
    pdf.text(quantity, 310, y, { width: 50, align: 'right' });
    pdf.text(unit, 360, y, { width: 90, align: 'right' });
    pdf.text(amount, 450, y, { width: 95, align: 'right' });
    y += Math.max(height, 12) + 4;
  };
  row('Désignation', 'Quantité', 'Prix unitaire', 'Montant CHF', true);
  for (const line of invoice.lines) row(line.label, String(line.quantity), formatChf(line.unitPriceCents), formatChf(line.quantity * line.unitPriceCents));
  if (invoice.discountCents > 0) row('Rabais', '', '', formatChf(-invoice.discountCents));
  if (invoice.instalmentCount > 1) row(`Part de cette échéance (${invoice.instalmentIndex}/${invoice.instalmentCount})`, '', '', '');
  y += 6;
  row('Total hors TVA', '', '', formatChf(invoice.netCents));
  if (invoice.vatRateBasisPoints !== null) row(`TVA ${formatRate(invoice.vatRateBasisPoints)}`, '', '', formatChf(invoice.vatCents));
  row('Total à payer (CHF)', '', '', formatChf(invoice.totalCents), true);

  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(`Merci de payer avec la partie paiement ci-dessous, référence ${invoice.reference}.`, 50, y + 10, { width: 495 });

  new SwissQRBill(qrBillData(invoice, settings), { language: 'FR' }).attachTo(pdf);
  pdf.end();
  return done;
}
