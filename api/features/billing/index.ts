/**
 * Billing's public surface (docs/decisions/127–129): the settings, invoices created from an accepted
 * offer (offers), payments booked against them (payments), the QR-bill PDF, the e-mail kinds and jobs.
 */
export { runInvoiceDaily, INVOICE_DAILY_QUEUE } from './reminders.ts';
export { readBillingSettings, billingReady, sellerFacts, type BillingSettingsRecord, type SellerFacts } from './settings.ts';
export type { PostalAddress } from './address.ts';
export {
  createInvoicesForAcceptedOffer,
  markInvoicePayment,
  issueInvoice,
  invoicePdfBytes,
  readInvoice,
  BILLING_NOT_READY_MESSAGE,
  type AcceptedOffer,
  type DebtorAddress,
  type InvoiceRecord,
  type InvoiceStatus,
} from './invoices.ts';
export { invoicePdf, qrBillData, type InvoiceDocument } from './pdf.ts';
export { isQrIban, validateSwissIban } from './contract/index.ts';
export { qrReference, creditorReference } from './references.ts';
export type { BillingWording } from './email-wording.ts';
