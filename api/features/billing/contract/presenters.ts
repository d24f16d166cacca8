/** Billing's API shapes: the settings, the invoices list, a credit note. The admin imports these return types (type-only). */
import { isQrIban } from './schemas.ts';
import { iso, presentPage } from '../../../contract/presenting.ts';

export interface BillingSettingsFacts {
  creditor: { name: string; street: string; buildingNumber: string | null; postalCode: string; town: string; country: string };
  iban: string | null;
  vatNumber: string | null;
  vatRateBasisPoints: number | null;
  paymentTermDays: number;
  plans: Array<{ id: string; label: string; priceCents: number }>;
}

export function presentBillingSettings(settings: BillingSettingsFacts) {
  return {
    creditor: settings.creditor,
    iban: settings.iban,
    /** Whether the IBAN is a QR-IBAN: its invoices carry a QR reference, otherwise an RF creditor reference. */
    qrIban: settings.iban ? isQrIban(settings.iban) : false,
    vatNumber: settings.vatNumber,
    vatRatePercent: settings.vatRateBasisPoints === null ? null : settings.vatRateBasisPoints / 100,
    paymentTermDays: settings.paymentTermDays,
    plans: settings.plans,
  };
}
export type BillingSettingsJson = ReturnType<typeof presentBillingSettings>;

export interface InvoiceFacts {
  id: number;
  number: string;
  leadId: number | null;
  offerId: number | null;
  instalmentIndex: number;
  instalmentCount: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
  paidCents: number;
  creditedCents: number;
  currency: 'CHF';
  issuedOn: string;
  dueOn: string;
  serviceStartOn: string | null;
  status: 'scheduled' | 'open' | 'paid' | 'credited';
  reference: string;
  debtor: { name: string };
}

/** `status` is `overdue` for an open invoice whose due date (a Swiss day) is before `today`. */
export function presentInvoice(invoice: InvoiceFacts, today: string) {
  return {
    id: invoice.id,
    number: invoice.number,
    leadId: invoice.leadId,
    offerId: invoice.offerId,
    debtorName: invoice.debtor.name,
    instalmentIndex: invoice.instalmentIndex,
    instalmentCount: invoice.instalmentCount,
    netCents: invoice.netCents,
    vatCents: invoice.vatCents,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    creditedCents: invoice.creditedCents,
    currency: invoice.currency,
    issuedOn: invoice.issuedOn,
    dueOn: invoice.dueOn,
    serviceStartOn: invoice.serviceStartOn,
    status: invoice.status === 'open' && invoice.dueOn < today ? ('overdue' as const) : invoice.status,
    reference: invoice.reference,
  };
}
export type InvoiceJson = ReturnType<typeof presentInvoice>;

export function presentInvoiceList(invoices: InvoiceFacts[], today: string, query: { page: number; limit: number }, total: number) {
  return { invoices: invoices.map((invoice) => presentInvoice(invoice, today)), pagination: presentPage(query, total) };
}

export interface CreditNoteFacts {
  id: number;
  number: string;
  invoiceId: number;
  amountCents: number;
  reason: string;
  refundStatus: 'to_refund' | 'refunded';
  createdAt: Date;
}

export function presentCreditNote(note: CreditNoteFacts) {
  return {
    id: note.id,
    number: note.number,
    invoiceId: note.invoiceId,
    amountCents: note.amountCents,
    reason: note.reason,
    refundStatus: note.refundStatus,
    createdAt: iso(note.createdAt)!,
  };
}
export type CreditNoteJson = ReturnType<typeof presentCreditNote>;
