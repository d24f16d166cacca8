/** Payments read from bank files and an import's counts (docs/decisions/133-bank-file-import-and-matching.md). */
import type { BankFileImport } from '../import.ts';
import type { PaymentRecord } from '../payments.ts';
import type { BillingDashboard, Revenue } from '../revenue.ts';
import type { PaymentListQuery } from './schemas.ts';
import { iso, presentPage, text } from '../../../contract/presenting.ts';

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
      row.invoiceId === null
        ? null
        : { id: row.invoiceId, number: row.invoiceNumber, status: row.invoiceStatus, totalCents: Number(row.invoiceTotalCents), paidCents: Number(row.invoicePaidCents) },
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
    byChannel: data.byChannel.map((row) => ({ channel: row.channel, source: text(row.source), campaign: text(row.campaign), clients: row.clients, revenueCents: row.revenueCents, refundsCents: row.refundsCents })),
  };
}
export type RevenueJson = ReturnType<typeof presentRevenue>;

export function presentBillingDashboard(data: BillingDashboard) {
  return { ...data };
}
export type BillingDashboardJson = ReturnType<typeof presentBillingDashboard>;
