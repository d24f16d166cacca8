/**
 * "Faire une offre" (decision 130): the lines (a plan of Paramètres → Facturation prefills one), an
 * optional discount, the programme's start date, the validity (14 days by default), the payment plan
 * (once or 2 to 12 monthly instalments) and a personal message. Prices are typed in francs and sent in
 * centimes; the server computes VAT and totals, and the offer is saved as a draft, to send from the list.
 */
import { useState } from 'react';
import type { OfferJson } from '#contract/offers';
import { OFFER_LIMITS, formatChf, offerCreateSchema } from '#contract/offers';
import { todayInZurich } from '../../lib/dates.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { toast } from '../../stores/toast.ts';
import { Modal } from '../../ui/dialog.tsx';
import { FormActions, TextAreaField, TextField } from '../../ui/forms.tsx';
import { buttonClass, controlClass, cx } from '../../ui/primitives.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { offerMutations, offerQueries } from './queries.ts';

interface LineDraft {
  label: string;
  quantity: string;
  price: string;
}

const PRICE_MESSAGE = 'Montant invalide : écrivez par exemple 1500 ou 1’500.50.';

/** "1’500.50", "1'500", "1500,5" → centimes; anything else → undefined. */
export function parseChf(text: string): number | undefined {
  const cleaned = text
    .trim()
    .replace(/[’'\s]/g, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [francs, cents = ''] = cleaned.split('.');
  return Number(francs) * 100 + Number(cents.padEnd(2, '0'));
}

function inDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const emptyLine = (): LineDraft => ({ label: '', quantity: '1', price: '' });

export function OfferDialog({ leadId, person, onClose }: { leadId: number; person: string; onClose: () => void }) {
  const plans = useQuery(offerQueries.plans());
  const form = useDraftForm(() => ({
    discount: '',
    startDate: '',
    validUntil: inDays(todayInZurich(), OFFER_LIMITS.defaultValidityDays),
    instalments: '1',
    message: '',
  }));
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const setLine = (index: number, key: keyof LineDraft) => (value: string) => setLines((current) => current.map((line, at) => (at === index ? { ...line, [key]: value } : line)));
  const create = useMutation((body: Parameters<typeof offerMutations.create>[1]) => offerMutations.create(leadId, body), {
    onSuccess: (offer: OfferJson) => {
      toast({ title: 'Offre enregistrée', description: `Brouillon n° ${offer.id} : CHF ${formatChf(offer.totalCents)} TTC. Envoyez-la depuis « Offres et factures ».` });
      onClose();
    },
    onError: (error) => form.showServerErrors(error),
  });

  const body = () => ({
    lines: lines.map((line) => ({ label: line.label, quantity: line.quantity, unitPriceCents: parseChf(line.price) ?? line.price })),
    discountCents: form.draft.discount.trim() === '' ? 0 : (parseChf(form.draft.discount) ?? form.draft.discount),
    startDate: form.draft.startDate,
    validUntil: form.draft.validUntil,
    instalments: form.draft.instalments,
    message: form.draft.message,
  });

  return (
    <Modal
      open
      onClose={create.pending ? () => {} : onClose}
      size="lg"
      title={`Faire une offre à ${person}`}
      description="Les prix sont hors TVA, en francs ; la TVA et les totaux sont calculés selon Paramètres → Facturation. L’offre est enregistrée comme brouillon."
    >
      <form
        noValidate
        className="grid gap-5"
        onSubmit={form.onSubmit(offerCreateSchema, (parsed) => create.mutate(parsed), {
          body,
          focusFirstError: true,
          extraErrors: (errors) => {
            lines.forEach((line, index) => {
              if (line.price.trim() !== '' && parseChf(line.price) === undefined) errors[`lines.${index}.unitPriceCents`] = PRICE_MESSAGE;
            });
            if (form.draft.discount.trim() !== '' && parseChf(form.draft.discount) === undefined) errors.discountCents = PRICE_MESSAGE;
          },
        })}
      >
        {plans.data?.plans.length ? (
          <div>
            <label htmlFor="offer-plan" className="mb-1.5 block text-sm font-medium text-slate-800">
              Forfait
            </label>
            <select
              id="offer-plan"
              className={cx(controlClass, 'h-10')}
              defaultValue=""
              aria-describedby="offer-plan-hint"
              onChange={(event) => {
                const plan = plans.data!.plans.find((candidate) => candidate.id === event.target.value);
                if (plan) setLines((current) => [{ label: plan.label, quantity: '1', price: formatChf(plan.priceCents) }, ...current.filter((line) => line.label || line.price)]);
              }}
            >
              <option value="">Choisir un forfait pour remplir la première ligne</option>
              {plans.data.plans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.label} (CHF {formatChf(plan.priceCents)})
                </option>
              ))}
            </select>
            <p id="offer-plan-hint" className="mt-1 text-xs text-slate-500">
              Le prix catalogue, hors TVA, que vous pouvez adapter.
            </p>
          </div>
        ) : null}

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Lignes de l’offre</legend>
          {form.errors.lines ? (
            <p role="alert" className="text-sm text-red-700">
              {form.errors.lines}
            </p>
          ) : null}
          {lines.map((line, index) => (
            <div key={index} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_6rem_9rem_auto] sm:items-start">
              <TextField
                label={`Libellé (ligne ${index + 1})`}
                name={`lines.${index}.label`}
                value={line.label}
                onChange={setLine(index, 'label')}
                required
                error={form.errors[`lines.${index}.label`]}
              />
              <TextField
                label="Quantité"
                name={`lines.${index}.quantity`}
                value={line.quantity}
                onChange={setLine(index, 'quantity')}
                inputMode="numeric"
                required
                error={form.errors[`lines.${index}.quantity`]}
              />
              <TextField
                label="Prix unitaire (CHF)"
                name={`lines.${index}.price`}
                value={line.price}
                onChange={setLine(index, 'price')}
                inputMode="text"
                required
                error={form.errors[`lines.${index}.unitPriceCents`]}
              />
              {lines.length > 1 ? (
                <button type="button" className={cx(buttonClass('secondary', 'sm'), 'sm:mt-7')} onClick={() => setLines((current) => current.filter((_line, at) => at !== index))}>
                  Retirer<span className="sr-only"> la ligne {index + 1}</span>
                </button>
              ) : null}
            </div>
          ))}
          {lines.length < OFFER_LIMITS.linesMax ? (
            <button type="button" className={cx(buttonClass('secondary', 'sm'), 'justify-self-start')} onClick={() => setLines((current) => [...current, emptyLine()])}>
              Ajouter une ligne
            </button>
          ) : null}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Remise (CHF)" {...form.field('discount')} error={form.errors.discountCents} hint="Facultative, hors TVA." />
          <div>
            <label htmlFor="offer-instalments" className="mb-1.5 block text-sm font-medium text-slate-800">
              Paiement
            </label>
            <select id="offer-instalments" name="instalments" className={cx(controlClass, 'h-10')} value={form.draft.instalments} onChange={(event) => form.set('instalments')(event.target.value)}>
              <option value="1">En une fois</option>
              {Array.from({ length: OFFER_LIMITS.instalmentsMax - 1 }, (_value, at) => at + 2).map((count) => (
                <option key={count} value={String(count)}>
                  En {count} mensualités
                </option>
              ))}
            </select>
            {form.errors.instalments ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {form.errors.instalments}
              </p>
            ) : null}
          </div>
          <TextField label="Début du programme" type="date" {...form.field('startDate')} required error={form.errors.startDate} />
          <TextField label="Valable jusqu’au" type="date" {...form.field('validUntil')} min={todayInZurich()} required error={form.errors.validUntil} hint="14 jours par défaut." />
        </div>
        <TextAreaField label="Message personnel" {...form.field('message')} rows={4} hint="Facultatif : il figure dans l’e-mail, la page de l’offre et le PDF." />
        <FormActions cancel={{ onClick: onClose }} submitLabel="Enregistrer l’offre" pendingLabel="Enregistrement..." pending={create.pending} />
      </form>
    </Modal>
  );
}
