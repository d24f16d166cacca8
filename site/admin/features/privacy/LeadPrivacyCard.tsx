/**
 * The contact detail's "Données personnelles" card (decision 061): newsletter state with its dates, the
 * proofs of what the person was told and agreed to, and the answers to access and erasure requests.
 */
import { CONSENT_FORM_LABELS, CONSENT_KIND_LABELS, NEWSLETTER_STATUS_LABELS } from '#contract/privacy';
import type { LeadJson } from '#contract/contacts';
import { formatDateTime } from '../../lib/dates.ts';
import { exportUrl, privacyQueries } from './queries.ts';
import { useQuery } from '../../lib/query.ts';
import { buttonClass, Card, CardHeader } from '../../ui/primitives.tsx';
import { DownloadLink } from '../../ui/DownloadLink.tsx';
import { EraseLeadButton } from './EraseLeadButton.tsx';

function newsletterLine(newsletter: LeadJson['newsletter']): string {
  if (!newsletter.status) return 'Jamais demandée';
  const label = NEWSLETTER_STATUS_LABELS[newsletter.status];
  // A bouncing address (the server refused it for good, decision 112) has no date of its own: the label says it all.
  if (newsletter.status === 'bounced') return label;
  const date = newsletter.status === 'subscribed' ? newsletter.confirmedAt : newsletter.status === 'unsubscribed' ? newsletter.unsubscribedAt : newsletter.requestedAt;
  return date ? `${label} (${formatDateTime(date)})` : label;
}

export function LeadPrivacyCard({ lead }: { lead: LeadJson }) {
  const consents = useQuery(privacyQueries.consents(lead.id));
  const rows = consents.data?.consents ?? [];
  return (
    <div className="mt-6">
      <Card labelledBy="lead-privacy-title">
        <CardHeader id="lead-privacy-title" title="Données personnelles" description="Newsletter, preuves d’information et de consentement, demandes d’accès ou d’effacement." />
        <div className="space-y-4 px-5 py-4 text-sm">
          <p>
            <span className="font-medium text-slate-900">Newsletter : </span>
            <span data-testid="newsletter-state">{newsletterLine(lead.newsletter)}</span>
          </p>
          <p>
            <span className="font-medium text-slate-900">Relances webinaires : </span>
            {/* Invitations and follow-ups, stopped by the contact's one-click unsubscribe (decision 091). */}
            <span data-testid="webinar-marketing-state">{lead.webinarEmails.unsubscribedAt ? `désinscrit le ${formatDateTime(lead.webinarEmails.unsubscribedAt)}` : 'reçues'}</span>
          </p>
          {consents.loading ? (
            <p className="text-slate-500" role="status">
              Chargement des preuves...
            </p>
          ) : rows.length === 0 ? (
            <p className="text-slate-500">Aucune preuve enregistrée (contact créé dans l’administration).</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Preuves d’information et de consentement">
              {rows.map((proof) => (
                <li key={proof.id} className="py-2">
                  <p className="font-medium text-slate-900">{CONSENT_KIND_LABELS[proof.kind]}</p>
                  <p className="text-xs text-slate-600">
                    {formatDateTime(proof.createdAt)}
                    {proof.form ? ` · ${CONSENT_FORM_LABELS[proof.form]}` : ''}
                    {proof.noticeVersion ? ` · politique v${proof.noticeVersion} (empreinte ${proof.noticeHash?.slice(0, 12)}…)` : ''}
                    {proof.ipPrefix ? ` · IP ${proof.ipPrefix}` : ''}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            <DownloadLink href={exportUrl(lead.id)} filename={`contact-${lead.id}.json`} className={buttonClass('secondary')}>
              Exporter les données
            </DownloadLink>
            <EraseLeadButton lead={lead} />
          </div>
        </div>
      </Card>
    </div>
  );
}
