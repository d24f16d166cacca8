/**
 * Paramètres → Facturation: the creditor printed on every invoice and QR-bill (structured address),
 * the IBAN or QR-IBAN, VAT, payment term and the plans' list prices; below, the latest invoices with
 * their PDF. Viewers read; administrators change. Prices are typed in francs and sent in centimes.
 */
import type { BillingSettingsJson, InvoiceJson } from '#contract/billing';
import { billingSettingsSchema } from '#contract/billing';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { useCanEdit } from '../../stores/session.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { FormActions, TextField } from '../../ui/forms.tsx';
import { Card, CardHeader } from '../../ui/primitives.tsx';
import { ListTable, td } from '../../ui/table.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { billingMutations, billingQueries } from './queries.ts';
import { InvoiceFigureCells, InvoiceNumberCell } from './invoice-cells.tsx';

export function BillingTab() {
  return (
    <div className="grid gap-6">
      <SettingsCard />
      <InvoicesCard />
    </div>
  );
}

function SettingsCard() {
  const settings = useQuery(billingQueries.settings());
  return (
    <Card labelledBy="billing-settings-title">
      <CardHeader
        id="billing-settings-title"
        title="Facturation"
        description="Le créancier et le compte imprimés sur chaque facture avec sa partie paiement QR, la TVA, le délai de paiement et le prix des forfaits (hors TVA)."
      />
      {settings.data ? <SettingsForm key={JSON.stringify(settings.data)} initial={settings.data} /> : <p className="p-5 text-sm text-slate-500">{settings.errorText ?? 'Chargement…'}</p>}
    </Card>
  );
}

/** The draft's keys are the API's field paths, so each error lands under its input. */
type Draft = Record<string, string>;

function francs(cents: number): string {
  return (cents / 100).toFixed(2);
}

function centimes(text: string): number {
  const value = Number(
    text
      .trim()
      .replace(/['’\s]/g, '')
      .replace(',', '.'),
  );
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}

function draftOf(settings: BillingSettingsJson): Draft {
  const draft: Draft = {
    'creditor.name': settings.creditor.name,
    'creditor.street': settings.creditor.street,
    'creditor.buildingNumber': settings.creditor.buildingNumber ?? '',
    'creditor.postalCode': settings.creditor.postalCode,
    'creditor.town': settings.creditor.town,
    'creditor.country': settings.creditor.country,
    iban: settings.iban ?? '',
    vatNumber: settings.vatNumber ?? '',
    vatRatePercent: settings.vatRatePercent === null ? '' : String(settings.vatRatePercent),
    paymentTermDays: String(settings.paymentTermDays),
  };
  settings.plans.forEach((plan, index) => {
    draft[`plans.${index}.id`] = plan.id;
    draft[`plans.${index}.label`] = plan.label;
    draft[`plans.${index}.priceCents`] = francs(plan.priceCents);
  });
  return draft;
}

function bodyOf(draft: Draft, planCount: number) {
  return {
    creditor: {
      name: draft['creditor.name'],
      street: draft['creditor.street'],
      buildingNumber: draft['creditor.buildingNumber'],
      postalCode: draft['creditor.postalCode'],
      town: draft['creditor.town'],
      country: draft['creditor.country'],
    },
    iban: draft.iban,
    vatNumber: draft.vatNumber,
    vatRatePercent: draft.vatRatePercent,
    paymentTermDays: draft.paymentTermDays,
    plans: Array.from({ length: planCount }, (_, index) => ({
      id: draft[`plans.${index}.id`],
      label: draft[`plans.${index}.label`],
      priceCents: centimes(draft[`plans.${index}.priceCents`] ?? ''),
    })),
  };
}

function SettingsForm({ initial }: { initial: BillingSettingsJson }) {
  const canEdit = useCanEdit();
  const form = useDraftForm<Draft>(() => draftOf(initial));
  const { field } = form;
  const save = useMutation(billingMutations.saveSettings, {
    onSuccess: () => toast({ title: 'Facturation enregistrée', description: 'Les prochaines factures en tiennent compte.' }),
    onError: (error) => {
      form.showServerErrors(error);
      toastError(errorMessage(error));
    },
  });
  const text = { disabled: !canEdit };
  return (
    <form
      onSubmit={form.onSubmit(billingSettingsSchema, (body) => save.mutate(body), { body: (draft) => bodyOf(draft, initial.plans.length), focusFirstError: true })}
      noValidate
      className="grid gap-4 p-5 sm:grid-cols-2 lg:grid-cols-6"
    >
      <fieldset className="contents">
        <legend className="text-sm font-semibold text-slate-900 sm:col-span-2 lg:col-span-6">Créancier</legend>
        <TextField className="lg:col-span-3" label="Nom" {...field('creditor.name')} {...text} required autoComplete="organization" />
        <TextField className="lg:col-span-2" label="Rue" {...field('creditor.street')} {...text} required autoComplete="address-line1" />
        <TextField label="Numéro" {...field('creditor.buildingNumber')} {...text} />
        <TextField label="NPA" {...field('creditor.postalCode')} {...text} required autoComplete="postal-code" />
        <TextField className="lg:col-span-2" label="Localité" {...field('creditor.town')} {...text} required autoComplete="address-level2" />
        <TextField label="Pays" {...field('creditor.country')} {...text} required hint="Deux lettres, par exemple CH." />
      </fieldset>
      <TextField
        className="lg:col-span-3"
        label="IBAN ou QR-IBAN"
        {...field('iban')}
        {...text}
        required
        hint={initial.qrIban ? 'QR-IBAN : les factures portent une référence QR.' : 'IBAN : les factures portent une référence créancier (RF). Un QR-IBAN (IID 30000–31999) donne une référence QR.'}
      />
      <TextField className="lg:col-span-3" label="Numéro de TVA" {...field('vatNumber')} {...text} placeholder="CHE-123.456.789 TVA" hint="Vide si vous n’êtes pas assujetti." />
      <TextField className="lg:col-span-2" label="Taux de TVA (%)" {...field('vatRatePercent')} {...text} hint="8.1 en général ; vide : non assujetti." />
      <TextField className="lg:col-span-2" label="Délai de paiement (jours)" type="number" inputMode="numeric" min={0} max={120} {...field('paymentTermDays')} {...text} required />
      <fieldset className="contents">
        <legend className="text-sm font-semibold text-slate-900 sm:col-span-2 lg:col-span-6">Forfaits (prix hors TVA)</legend>
        {initial.plans.map((plan, index) => (
          <TextField
            key={plan.id}
            className="lg:col-span-3"
            label={`Prix du forfait ${plan.label} (CHF)`}
            {...field(`plans.${index}.priceCents`)}
            {...text}

            required
          />
        ))}
      </fieldset>
      {canEdit ? <FormActions className="sm:col-span-2 lg:col-span-6" submitLabel="Enregistrer la facturation" pendingLabel="Enregistrement…" pending={save.pending} /> : null}
    </form>
  );
}

function InvoicesCard() {
  const list = useQuery(billingQueries.invoices({}));
  return (
    <Card labelledBy="billing-invoices-title">
      <CardHeader id="billing-invoices-title" title="Dernières factures" description="« En retard » : ouverte et échéance dépassée (jour suisse)." />
      <ListTable<InvoiceJson>
        label="Liste des factures"
        columns={['Numéro', 'Débiteur', 'Montant', 'Payé', 'Échéance', 'Statut']}
        state={list}
        rows={list.data?.invoices}
        loading="Chargement des factures…"
        empty="Aucune facture pour l’instant."
      >
        {(invoice) => (
          <tr key={invoice.id} className="group hover:bg-slate-50">
            <InvoiceNumberCell invoice={invoice} />
            <td className={td}>{invoice.debtorName}</td>
            <InvoiceFigureCells invoice={invoice} />
          </tr>
        )}
      </ListTable>
    </Card>
  );
}
