/**
 * Contact detail (/admin/leads/{id}): the contact's card with its tags, its "Origine" (decision 115), the activities with the
 * "Nouvelle activité" dialog, the e-mails, the personal-data card (export, erasure), the "Consultations" (administrators only), edit button and back link, "Contact non trouvé" when missing.
 */
import { isHTTPError } from 'ky';
import { CanEdit } from '../../ui/CanEdit.tsx';
import { contactQueries } from './queries.ts';
import { useQuery } from '../../lib/query.ts';
import { ArrowLeftIcon, PencilIcon } from '../../ui/icons.tsx';
import { ClientBadge } from '../payments/index.ts';
import { Alert, Avatar, buttonClass, cx, focusRing, fullName, initials, Spinner } from '../../ui/primitives.tsx';
import { LeadActivities } from '../activities/index.ts';
import { LeadFacts } from './detail/LeadFacts.tsx';
import { OriginCard } from './origin/OriginCard.tsx';
import { LeadEmailsCard } from '../emails/index.ts';
import { LeadRegistrationsCard } from '../webinars/index.ts';
import { LeadAccessLogCard, LeadPrivacyCard } from '../privacy/index.ts';
import { LeadOffersCard } from '../offers/index.ts';
import { LeadSequencesCard } from '../sequences/index.ts';

function BackLink() {
  return (
    <a href="/admin/leads" className={cx('mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900', focusRing)}>
      <ArrowLeftIcon size={16} />
      Retour aux contacts
    </a>
  );
}

export function LeadDetail({ id }: { id: string }) {
  const lead = useQuery(contactQueries.lead(id));

  if (lead.loading) {
    return (
      <div className="flex items-center gap-2 py-16 text-slate-500" role="status">
        <Spinner className="h-5 w-5" /> Chargement du contact...
      </div>
    );
  }
  if (!lead.data) {
    const missing = isHTTPError(lead.error) && lead.error.response.status === 404;
    return (
      <>
        <BackLink />
        {missing ? <Alert title="Contact non trouvé">Ce contact n'existe pas ou vous n'avez pas la permission de le consulter.</Alert> : <Alert title="Erreur">{lead.errorText}</Alert>}
      </>
    );
  }

  const data = lead.data;
  const name = fullName(data) || data.email;
  return (
    <>
      <BackLink />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar text={initials(data.firstName, data.lastName, data.email)} />
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{name}</h1>
            <p className="flex items-center gap-2 text-sm text-slate-500">
              Contact n° {data.id}
              <ClientBadge isClient={data.isClient} />
            </p>
          </div>
        </div>
        <CanEdit>
          <a href={`/admin/leads/${data.id}/edit`} className={buttonClass('secondary')}>
            <PencilIcon size={16} />
            Modifier
          </a>
        </CanEdit>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <LeadFacts lead={data} name={name} />
          <OriginCard lead={data} />
        </div>
        <div className="lg:col-span-2">
          <LeadActivities leadId={String(data.id)} />
          <LeadOffersCard leadId={data.id} person={name} />
          <LeadRegistrationsCard leadId={data.id} />
          <LeadEmailsCard leadId={data.id} />
          <LeadSequencesCard leadId={data.id} />
          <LeadPrivacyCard lead={data} />
          <LeadAccessLogCard leadId={data.id} />
        </div>
      </div>
    </>
  );
}
