/**
 * A contact's invoices (for the contact's "Offres et factures" section, mounted by the offers feature):
 * number with its PDF, amount, paid, due date, status, and "Rembourser", which issues a credit note
 * (decision 129). Within 30 days of the programme's start it is the guarantee; after, the button says
 * the guarantee has ended and the dialog asks for a confirmation. Viewers read.
 */
import { useState } from 'react';
import type { InvoiceJson } from '#contract/billing';
import { creditNoteSchema } from '#contract/billing';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { useCanEdit } from '../../stores/session.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { FormActions, SwitchField, TextField } from '../../ui/forms.tsx';
import { buttonClass, cx } from '../../ui/primitives.tsx';
import { ListTable, td } from '../../ui/table.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { billingQueries, creditNoteMutations } from './queries.ts';
import { chf, InvoiceFigureCells, InvoiceNumberCell } from './invoice-cells.tsx';

const SWISS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Whether the 30-day guarantee from the programme's start is over (Swiss days). */
export function guaranteeEnded(invoice: Pick<InvoiceJson, 'serviceStartOn'>, now = new Date()): boolean {
  if (!invoice.serviceStartOn) return false;
  const end = new Date(Date.parse(`${invoice.serviceStartOn}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  return SWISS_DAY.format(now) > end;
}

export function LeadInvoices({ leadId }: { leadId: number }) {
  const list = useQuery(billingQueries.invoices({ leadId }));
  const canEdit = useCanEdit();
  const [refunding, setRefunding] = useState<InvoiceJson | null>(null);
  return (
    <>
      <ListTable<InvoiceJson>
        label="Factures du contact"
        columns={['Numéro', 'Montant', 'Payé', 'Échéance', 'Statut', '']}
        state={list}
        rows={list.data?.invoices}
        loading="Chargement des factures…"
        empty="Aucune facture."
      >
        {(invoice) => {
          const remaining = invoice.totalCents - invoice.creditedCents;
          return (
            <tr key={invoice.id} className="group hover:bg-slate-50">
              <InvoiceNumberCell invoice={invoice} />
              <InvoiceFigureCells invoice={invoice} />
              <td className={cx(td, 'text-right')}>
                {canEdit && invoice.status !== 'scheduled' && remaining > 0 ? (
                  <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setRefunding(invoice)}>
                    {guaranteeEnded(invoice) ? 'Rembourser (garantie terminée)' : 'Rembourser'}
                    <span className="sr-only"> : facture {invoice.number}</span>
                  </button>
                ) : null}
              </td>
            </tr>
          );
        }}
      </ListTable>
      {refunding ? <RefundDialog invoice={refunding} onClose={() => setRefunding(null)} /> : null}
    </>
  );
}

function RefundDialog({ invoice, onClose }: { invoice: InvoiceJson; onClose: () => void }) {
  const ended = guaranteeEnded(invoice);
  const remaining = invoice.totalCents - invoice.creditedCents;
  const form = useDraftForm(() => ({ amount: (remaining / 100).toFixed(2), reason: ended ? '' : 'Garantie de remboursement de 30 jours', confirm: false }));
  const { field, draft, set } = form;
  const create = useMutation(creditNoteMutations.create, {
    onSuccess: (note) => {
      toast({ title: 'Note de crédit établie', description: `${note.number} : ${chf(note.amountCents)} à rembourser.` });
      onClose();
    },
    onError: (error) => {
      form.showServerErrors(error, (errors) => {
        if (errors.amountCents) errors.amount = errors.amountCents;
      });
      toastError(errorMessage(error));
    },
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Rembourser la facture ${invoice.number}`}
      description={
        ended
          ? 'La garantie de 30 jours est terminée : confirmez pour établir quand même une note de crédit.'
          : `Dans la garantie de 30 jours : une note de crédit est établie et le remboursement enregistré (au plus ${chf(remaining)}).`
      }
      onSubmit={form.onSubmit(creditNoteSchema, (body) => create.mutate(invoice.id, body), {
        body: (current) => ({ amountCents: Math.round(Number(current.amount.replace(',', '.')) * 100), reason: current.reason, confirmAfterGuarantee: current.confirm }),
        extraErrors: (errors) => {
          if (errors.amountCents) errors.amount = errors.amountCents;
          if (ended && !draft.confirm) errors.confirm = 'Confirmez le remboursement après la garantie.';
        },
      })}
    >
      <TextField label="Montant (CHF)" {...field('amount')} required />
      <TextField label="Motif" {...field('reason')} required />
      {ended ? (
        <div className="sm:col-span-2">
          <SwitchField label="Je confirme le remboursement après la fin de la garantie" checked={draft.confirm} onChange={set('confirm')} />
          {form.errors.confirm ? <p className="mt-1 text-sm text-red-700">{form.errors.confirm}</p> : null}
        </div>
      ) : null}
      <FormActions className="sm:col-span-2" cancel={{ onClick: onClose }} submitLabel="Établir la note de crédit" pendingLabel="Établissement…" pending={create.pending} destructive />
    </FormDialog>
  );
}
