/** Payments read from bank files and an import's counts (docs/decisions/133-bank-file-import-and-matching.md). */
import { iso, presentPage, text } from '../../../contract/presenting.ts';
import type { VisitChannel } from '../../../contract/visit-channels.ts';
import type { PaymentListQuery, PaymentReviewReason, PaymentStatus } from './schemas.ts';

export interface RevenueRow {
  channel: VisitChannel | null;
  source: string;
  campaign: string;
  clients: number;
  revenueCents: number;
  refundsCents: number;
}

export interface Revenue {
  revenueCents: number;
  refundsCents: number;
  clients: number;
  medianDaysToPayment: number | null;
  byChannel: RevenueRow[];
}

export interface BillingDashboard {
  /** The current Swiss calendar month, `2027-01`. */
  month: string;
  monthRevenueCents: number;
  openInvoices: number;
  openCents: number;
  overdueInvoices: number;
  overdueCents: number;
  toReview: number;
}

export interface PaymentRecord {
  id: number;
  bankFileId: number;
  acctSvcrRef: string;
  status: PaymentStatus;
  reviewReason: PaymentReviewReason | null;
  amountCents: number;
  currency: string;
  direction: 'credit' | 'debit';
  reversal: boolean;
  reversed: boolean;
  reversesPaymentId: number | null;
  reference: string | null;
  bookingDate: string;
  debtorName: string | null;
  invoiceId: number | null;
  invoiceNumber: string | null;
  invoiceTotalCents: number | null;
  invoicePaidCents: number | null;
  invoiceStatus: string | null;
  assignedAt: Date | null;
  createdAt: Date;
}

export interface BankFileImport {
  fileId: number;
  message: CamtMessage;
  version: string;
  entries: number;
  transactions: number;
  matched: number;
  partial: number;
  unmatched: number;
  ignored: number;
  reversals: number;
  duplicates: number;
  notBooked: number;
}

/**
 * What reading a camt.053/054 file gives (the flat list of transactions), how it refuses a file
 * (CamtError, a French message naming the problem) and its amounts in integer centimes: the shape the
 * parser (camt.ts) fills and the import (import.ts) consumes (docs/decisions/132-bank-files-read-with-saxes.md).
 */
export type CamtMessage = 'camt.053' | 'camt.054';

export function presentBankFileImport(result: BankFileImport) {
  return {
    fileId: result.fileId,
    message: result.message,
    version: result.version,
    entries: result.entries,
    transactions: result.transactions,
    matched: result.matched,
    partial: result.partial,
    unmatched: result.unmatched,
    ignored: result.ignored,
    reversals: result.reversals,
    duplicates: result.duplicates,
    notBooked: result.notBooked,
  };
}
export type BankFileImportJson = ReturnType<typeof presentBankFileImport>;

export function presentPayment(row: PaymentRecord) {
  return {
    id: row.id,
    status: row.status,
    reviewReason: row.reviewReason,
    amountCents: Number(row.amountCents),
    currency: row.currency,
    direction: row.direction,
    reversal: row.reversal,
    reversed: row.reversed,
    reversesPaymentId: row.reversesPaymentId,
    reference: row.reference,
    bookingDate: row.bookingDate,
    debtorName: row.debtorName,
    bankReference: row.acctSvcrRef,
    invoice:
      row.invoiceId === null ? null : { id: row.invoiceId, number: row.invoiceNumber, status: row.invoiceStatus, totalCents: Number(row.invoiceTotalCents), paidCents: Number(row.invoicePaidCents) },
    assignedAt: iso(row.assignedAt),
    createdAt: iso(row.createdAt)!,
  };
}
export type PaymentJson = ReturnType<typeof presentPayment>;

export function presentPaymentPage(page: { payments: PaymentRecord[]; total: number }, query: PaymentListQuery) {
  return { payments: page.payments.map(presentPayment), pagination: presentPage(query, page.total) };
}
export type PaymentPageJson = ReturnType<typeof presentPaymentPage>;

/** Money received per origin (decision 134): centimes without VAT; absent source or campaign is null. */
export function presentRevenue(data: Revenue) {
  return {
    revenueCents: data.revenueCents,
    refundsCents: data.refundsCents,
    clients: data.clients,
    medianDaysToPayment: data.medianDaysToPayment,
    byChannel: data.byChannel.map((row) => ({
      channel: row.channel,
      source: text(row.source),
      campaign: text(row.campaign),
      clients: row.clients,
      revenueCents: row.revenueCents,
      refundsCents: row.refundsCents,
    })),
  };
}
export type RevenueJson = ReturnType<typeof presentRevenue>;

export function presentBillingDashboard(data: BillingDashboard) {
  return { ...data };
}
export type BillingDashboardJson = ReturnType<typeof presentBillingDashboard>;
