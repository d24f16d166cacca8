/** The contact's card: identity and origin with their fallbacks, tags, message and internal notes. */
import type { ReactNode } from 'react';
import type { LeadJson as Lead } from '#contract/contacts';
import { formatPPP } from '../../../lib/dates.ts';
import { LeadStatusBadge, sourceLabel } from '../../../ui/badges.tsx';
import { Card } from '../../../ui/primitives.tsx';
import { LeadTags } from './LeadTags.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2.5 @sm:grid @sm:grid-cols-[8rem_minmax(0,1fr)] @sm:gap-3">
      <dt className="text-xs font-medium text-slate-500 @sm:text-sm @sm:font-normal">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 @sm:mt-0">{children}</dd>
    </div>
  );
}

export function LeadFacts({ lead: data, name }: { lead: Lead; name: string }) {
  return (
    <Card className="@container p-5 lg:col-span-1">
      <h2 className="sr-only">Informations du contact</h2>
      <dl className="divide-y divide-slate-100">
        <Row label="Nom complet">{name}</Row>
        <Row label="Email">
          <a href={`mailto:${data.email}`} target="_self" className="rounded text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600">
            {data.email}
          </a>
        </Row>
        <Row label="Téléphone">{data.phone || <span className="text-slate-500">Non renseigné</span>}</Row>
        <Row label="Société">{data.company || <span className="text-slate-500">Non renseigné</span>}</Row>
        <Row label="Source">{sourceLabel(data.source, 'Formulaire de contact')}</Row>
        <Row label="Statut">
          <LeadStatusBadge status={data.status} />
        </Row>
        <Row label="Inscription">{formatPPP(data.createdAt)}</Row>
        <Row label="Dernier contact">{data.lastContactedAt ? formatPPP(data.lastContactedAt) : <span className="text-slate-500">Jamais contacté</span>}</Row>
      </dl>
      <LeadTags lead={data} />
      {data.message ? (
        <div className="mt-4 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Message</h3>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{data.message}</p>
        </div>
      ) : null}
      {data.notes ? (
        <div className="mt-4 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200">
          <h3 className="text-sm font-semibold text-amber-900">Notes internes</h3>
          <p className="text-xs text-amber-800">Visibles uniquement par les administrateurs</p>
          <p className="mt-1 text-sm whitespace-pre-line text-amber-950">{data.notes}</p>
        </div>
      ) : null}
    </Card>
  );
}
