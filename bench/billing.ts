/**
 * Phase `billing` (decisions 127, 128): generating one invoice PDF with its QR-bill payment part (api/features/billing/pdf.ts:
 * pdfkit and swissqrbill, in process, as the invoice e-mail's first need makes it), `samples` times after
 * a warm-up. Baseline, in the same run: the same A4 page with pdfkit alone (the header, the lines and the
 * totals as text, no payment part), which shows what the QR-bill adds. Target: p95 < 200 ms.
 */
import PDFDocument from 'pdfkit';
import { invoicePdf, type InvoiceDocument } from '../api/features/billing/pdf.ts';
import { qrReference } from '../api/features/billing/references.ts';
import type { BillingSettingsRecord } from '../api/features/billing/settings.ts';
import type { Target } from './lib/report-format.ts';
import { log } from './lib/util.ts';
import { latencySummary } from './lib/latency.ts';

export const INVOICE_PDF_TARGET_P95_MS = 200;

export interface BillingBenchResult {
  samples: number;
  bytes: number;
  p50Ms: number;
  p95Ms: number;
  baselineP50Ms: number;
  baselineP95Ms: number;
}

const SETTINGS: BillingSettingsRecord = {
  creditor: { name: 'Clairval Inner Circle Sàrl', street: 'Rue du Marché', buildingNumber: '12', postalCode: '1204', town: 'Genève', country: 'CH' },
  iban: 'CH4431999123000889012',
  vatNumber: 'CHE-123.456.789 TVA',
  vatRateBasisPoints: 810,
  paymentTermDays: 30,
  plans: [],
};

const INVOICE: InvoiceDocument = {
  number: '2027-0001',
  issuedOn: '2027-03-01',
  dueOn: '2027-03-31',
  serviceStartOn: '2027-04-01',
  instalmentIndex: 1,
  instalmentCount: 1,
  lines: [
    { label: 'Programme Inner Circle – Entreprise', quantity: 1, unitPriceCents: 1_200_000 },
    { label: 'Séance individuelle supplémentaire', quantity: 2, unitPriceCents: 25_000 },
  ],
  discountCents: 50_000,
  netCents: 1_200_000,
  vatCents: 97_200,
  totalCents: 1_297_200,
  vatRateBasisPoints: 810,
  reference: qrReference(2027, 1),
  iban: 'CH4431999123000889012',
  debtor: { name: 'Anne-Sophie Favre', street: 'Avenue de la Gare', buildingNumber: '5', postalCode: '1003', town: 'Lausanne', country: 'CH' },
};

/** The baseline: one A4 page of the invoice's text with pdfkit, no payment part. */
function plainPdf(): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 50 });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
  });
  pdf.font('Helvetica-Bold').fontSize(12).text(SETTINGS.creditor.name, 50, 50);
  pdf.font('Helvetica').fontSize(9).text('Rue du Marché 12\n1204 Genève\nN° TVA : CHE-123.456.789 TVA');
  pdf.fontSize(10).text('Anne-Sophie Favre\nAvenue de la Gare 5\n1003 Lausanne', 320, 120);
  pdf.font('Helvetica-Bold').fontSize(16).text(`Facture ${INVOICE.number}`, 50, 200);
  pdf.font('Helvetica').fontSize(10);
  for (const line of INVOICE.lines) pdf.text(`${line.label}   ${line.quantity}   ${line.unitPriceCents / 100}`);
  pdf.text('Total hors TVA 12’000.00\nTVA 8,1 % 972.00\nTotal à payer 12’972.00');
  pdf.end();
  return done;
}

async function timed(make: () => Promise<Buffer>, samples: number): Promise<{ times: number[]; bytes: number }> {
  for (let index = 0; index < 5; index += 1) await make();
  const times: number[] = [];
  let bytes = 0;
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    bytes = (await make()).length;
    times.push(performance.now() - started);
  }
  return { times, bytes };
}

export async function benchBilling(options: { samples: number }): Promise<BillingBenchResult> {
  log(`billing: ${options.samples} invoice PDFs and as many plain pages…`);
  // Interleaved rounds: both see the same moments of a shared machine.
  const invoiceTimes: number[] = [];
  const plainTimes: number[] = [];
  let bytes = 0;
  for (let round = 0; round < 5; round += 1) {
    const invoice = await timed(() => invoicePdf(INVOICE, SETTINGS), Math.ceil(options.samples / 5));
    const plain = await timed(plainPdf, Math.ceil(options.samples / 5));
    invoiceTimes.push(...invoice.times);
    plainTimes.push(...plain.times);
    bytes = invoice.bytes;
  }
  const invoiceLatency = latencySummary(invoiceTimes);
  const plainLatency = latencySummary(plainTimes);
  return {
    samples: invoiceTimes.length,
    bytes,
    p50Ms: invoiceLatency.p50Ms,
    p95Ms: invoiceLatency.p95Ms,
    baselineP50Ms: plainLatency.p50Ms,
    baselineP95Ms: plainLatency.p95Ms,
  };
}

export function billingTargets(result: BillingBenchResult): Target[] {
  return [
    {
      area: 'Billing',
      target: `One invoice PDF with its QR-bill payment part, p95 < ${INVOICE_PDF_TARGET_P95_MS} ms`,
      measured: `p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms (${result.samples} samples, ${Math.round(result.bytes / 1000)} kB) vs the same page with pdfkit alone p50 ${result.baselineP50Ms} ms, p95 ${result.baselineP95Ms} ms`,
      met: result.p95Ms < INVOICE_PDF_TARGET_P95_MS,
      why: 'Made in the API process at the invoice e-mail’s first need (or the first download), then stored: the acceptance’s transaction never waits for it (decision 127).',
    },
  ];
}

export function renderBillingSection(result: BillingBenchResult & { at: string }, title: string): string[] {
  return [
    '',
    title,
    '',
    '| what | p50 | p95 | samples |',
    '| --- | --- | --- | --- |',
    `| invoice PDF with QR-bill (swissqrbill + pdfkit) | ${result.p50Ms} ms | ${result.p95Ms} ms | ${result.samples} |`,
    `| baseline: the same page, pdfkit alone | ${result.baselineP50Ms} ms | ${result.baselineP95Ms} ms | ${result.samples} |`,
  ];
}
