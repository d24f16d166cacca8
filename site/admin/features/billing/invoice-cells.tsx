/**
 * The cells every invoice list shows the same way (Paramètres → Facturation's latest invoices, a
 * contact's invoices): the number linked to its PDF (a scheduled instalment has none yet), then the
 * amount, what is paid, the due date and the status.
 */
import type { InvoiceJson } from '#contract/billing';
import { INVOICE_STATUS_LABELS } from '#contract/billing';
import { Badge, cx } from '../../ui/primitives.tsx';
import { td } from '../../ui/table.tsx';
import { invoicePdfUrl } from './queries.ts';

const STATUS_TONES = { scheduled: 'gray', open: 'blue', overdue: 'red', paid: 'green', credited: 'amber' } as const;
const figure = cx(td, 'whitespace-nowrap tabular-nums');

export function chf(cents: number): string {
  return new Intl.NumberFormat('fr-CH', { style: 'currency', currency: 'CHF' }).format(cents / 100);
}

export function InvoiceNumberCell({ invoice }: { invoice: InvoiceJson }) {
  return (
    <td className={cx(td, 'whitespace-nowrap font-medium')}>
      {invoice.status === 'scheduled' ? (
        invoice.number
      ) : (
        <a href={invoicePdfUrl(invoice.id)} className="rounded hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600">
          {invoice.number}
          <span className="sr-only"> (PDF)</span>
        </a>
      )}
    </td>
  );
}

/** Montant, Payé, Échéance, Statut. */
export function InvoiceFigureCells({ invoice }: { invoice: InvoiceJson }) {
  return (
    <>
      <td className={figure}>{chf(invoice.totalCents)}</td>
      <td className={figure}>{chf(invoice.paidCents)}</td>
      <td className={figure}>{invoice.dueOn}</td>
      <td className={td}>
        <Badge tone={STATUS_TONES[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</Badge>
      </td>
    </>
  );
}
