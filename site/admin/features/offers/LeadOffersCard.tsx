/**
 * The contact detail's "Offres et factures" section (decision 130): the contact's offers, newest first,
 * with their status, total and validity; administrators make one ("Faire une offre"), send a draft
 * (the person receives the e-mail with the PDF and the link) or withdraw it. Each offer's PDF opens in a
 * new tab. Under them, billing's own component lists the contact's invoices (LeadInvoices).
 */
import { useState } from 'react';
import type { OfferJson } from '#contract/offers';
import { OFFER_STATUS_LABELS, formatChf, type OfferStatus } from '#contract/offers';
import { frenchLongDate } from '#french-dates';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { CanEdit } from '../../ui/CanEdit.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Badge, buttonClass, Card, CardHeader, cx, focusRing } from '../../ui/primitives.tsx';
import { OfferDialog } from './OfferDialog.tsx';
import { LeadInvoices } from '../billing/index.ts';
import { offerMutations, offerPdfUrl, offerQueries } from './queries.ts';

const TONES: Record<OfferStatus, 'gray' | 'blue' | 'green' | 'amber' | 'red'> = { draft: 'gray', sent: 'blue', accepted: 'green', expired: 'amber', withdrawn: 'red' };

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return <Badge tone={TONES[status]}>{OFFER_STATUS_LABELS[status]}</Badge>;
}

const day = (value: string) => frenchLongDate(new Date(`${value}T12:00:00Z`));

function OfferActions({ offer, person }: { offer: OfferJson; person: string }) {
  const [confirm, setConfirm] = useState<'send' | 'withdraw' | null>(null);
  const send = useMutation(() => offerMutations.send(offer.id, offer.leadId), {
    onSuccess: () => {
      toast({ title: 'Offre envoyée', description: `${person} reçoit l’offre par e-mail, avec le PDF et le lien pour l’accepter.` });
      setConfirm(null);
    },
    onError: (error) => {
      toastError(`Impossible d’envoyer l’offre : ${errorMessage(error)}`);
      setConfirm(null);
    },
  });
  const withdraw = useMutation(() => offerMutations.withdraw(offer.id, offer.leadId), {
    onSuccess: () => {
      toast({ title: 'Offre retirée', description: 'Son lien indique désormais que l’offre a été retirée.' });
      setConfirm(null);
    },
    onError: (error) => {
      toastError(`Impossible de retirer l’offre : ${errorMessage(error)}`);
      setConfirm(null);
    },
  });
  const about = <span className="sr-only"> l’offre n° {offer.id}</span>;
  return (
    <>
      {offer.status === 'draft' ? (
        <button type="button" className={buttonClass('primary', 'sm')} onClick={() => setConfirm('send')}>
          Envoyer{about}
        </button>
      ) : null}
      {offer.status === 'draft' || offer.status === 'sent' ? (
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setConfirm('withdraw')}>
          Retirer{about}
        </button>
      ) : null}
      <ConfirmDialog
        open={confirm === 'send'}
        onClose={() => setConfirm(null)}
        onConfirm={() => void send.mutate()}
        pending={send.pending}
        title="Envoyer l’offre"
        description={`${person} recevra l’offre n° ${offer.id} (CHF ${formatChf(offer.totalCents)} TTC) par e-mail, avec le PDF et le lien pour l’accepter. Une offre envoyée ne peut plus être modifiée.`}
        confirmLabel="Envoyer l’offre"
        pendingLabel="Envoi..."
      />
      <ConfirmDialog
        open={confirm === 'withdraw'}
        onClose={() => setConfirm(null)}
        onConfirm={() => void withdraw.mutate()}
        pending={withdraw.pending}
        title="Retirer l’offre"
        description={`L’offre n° ${offer.id} ne pourra plus être acceptée ; son lien le dira à ${person}.`}
        confirmLabel="Retirer l’offre"
        pendingLabel="Retrait..."
      />
    </>
  );
}

export function LeadOffersCard({ leadId, person }: { leadId: number; person: string }) {
  const offers = useQuery(offerQueries.lead(leadId));
  const [open, setOpen] = useState(false);
  const rows = offers.data?.offers ?? [];
  return (
    <div className="mt-6">
      <Card labelledBy="lead-offers-title">
        <CardHeader
          id="lead-offers-title"
          title="Offres et factures"
          description="Les offres faites à ce contact, leur statut et leur montant TTC."
          action={
            <CanEdit>
              <button type="button" className={buttonClass('primary', 'sm')} onClick={() => setOpen(true)}>
                Faire une offre
              </button>
            </CanEdit>
          }
        />
        {offers.loading ? (
          <p className="px-5 py-6 text-sm text-slate-500" role="status">
            Chargement des offres...
          </p>
        ) : offers.errorText && !offers.data ? (
          <p className="px-5 py-6 text-sm text-red-700" role="alert">
            {offers.errorText}
          </p>
        ) : rows.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-500">Aucune offre pour ce contact.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Offres du contact">
            {rows.map((offer) => (
              <li key={offer.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    Offre n° {offer.id} · CHF {formatChf(offer.totalCents)} TTC <OfferStatusBadge status={offer.status} />
                  </p>
                  <p className="text-xs text-slate-500">
                    {offer.lines.map((line) => line.label).join(', ')} · début le {day(offer.startDate)} · valable jusqu’au {day(offer.validUntil)}
                    {offer.instalments > 1 ? ` · ${offer.instalments} mensualités` : ''}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <a href={offerPdfUrl(offer.id)} target="_blank" rel="noopener" className={cx(buttonClass('secondary', 'sm'), focusRing)}>
                    PDF<span className="sr-only"> de l’offre n° {offer.id} (nouvel onglet)</span>
                  </a>
                  <CanEdit>
                    <OfferActions offer={offer} person={person} />
                  </CanEdit>
                </div>
              </li>
            ))}
          </ul>
        )}
        {/* Billing's part of the section: the contact's invoices, with "Rembourser" (decision 129). */}
        <div className="border-t border-slate-100">
          <h3 className="px-5 pt-4 text-sm font-semibold text-slate-900">Factures</h3>
          <LeadInvoices leadId={leadId} />
        </div>
      </Card>
      {open ? <OfferDialog leadId={leadId} person={person} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
