/**
 * Billing's public surface (docs/decisions/127–129): the settings, invoices created from an accepted
 * offer (offers), payments booked against them (payments), the QR-bill PDF, the e-mail kinds and jobs.
 */
import type { FeatureJob } from '../../platform/queue/scheduled.ts';
import { scheduleInvoiceDaily, workInvoiceDaily } from './reminders.ts';

/** Scheduled instalments issued and overdue invoices reminded: a cron. */
export const billingJobs: FeatureJob[] = [{ schedule: (queue) => scheduleInvoiceDaily(queue), work: (queue, deps) => workInvoiceDaily(queue, deps) }];
export { runInvoiceDaily, INVOICE_DAILY_QUEUE } from './reminders.ts';
export { readBillingSettings, billingReady, type BillingSettingsRecord } from './settings.ts';
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
export { swissToday } from './dates.ts';
export { billingEmailKinds } from './emails.ts';
export { billingWording, type BillingWording } from './email-wording.ts';
