/** The contact detail's webinar registrations: session, date, status, newest session first, 20 at a time with "Voir plus". */
import type { LeadRegistrationPageJson } from '#contract/webinars';
import { CONTACT_PAGE_SIZE } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { registrationQueries } from '../queries.ts';
import { useQuery } from '../../../lib/query.ts';
import { Card, CardHeader } from '../../../ui/primitives.tsx';
import { RegistrationBadge } from '../../../ui/badges.tsx';
import { MorePage, SeeMore, seeMoreItem, useSeeMore } from '../../../ui/see-more.tsx';

export function LeadRegistrationsCard({ leadId }: { leadId: number }) {
  const registrations = useQuery(registrationQueries.lead(leadId, 1));
  const { pages, extraPages, more, shown, setList } = useSeeMore(CONTACT_PAGE_SIZE);
  const rows = registrations.data?.registrations ?? [];
  const renderPage = (data: LeadRegistrationPageJson) =>
    data.registrations.map((registration) => (
      <li key={registration.id} tabIndex={seeMoreItem.tabIndex} className={`flex flex-wrap items-center justify-between gap-2 px-5 py-3 ${seeMoreItem.className}`}>
        <div className="min-w-0">
          <a
            href={`/admin/webinars/${registration.webinar.id}`}
            className="block truncate rounded text-sm font-medium text-slate-900 hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            {registration.webinar.title}
          </a>
          <p className="text-xs text-slate-500">{formatDateTime(registration.webinar.datetime)}</p>
        </div>
        <RegistrationBadge status={registration.status} />
      </li>
    ));
  return (
    <div className="mt-6">
      <Card labelledBy="lead-registrations-title">
        <CardHeader id="lead-registrations-title" title="Webinaires" description="Les sessions auxquelles ce contact s’est inscrit." />
        {registrations.loading ? (
          <p className="px-5 py-6 text-sm text-slate-500" role="status">
            Chargement des inscriptions...
          </p>
        ) : registrations.errorText && !registrations.data ? (
          <p className="px-5 py-6 text-sm text-red-700" role="alert">
            {registrations.errorText}
          </p>
        ) : rows.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-500">Aucune inscription à un webinaire.</p>
        ) : (
          <>
            <ul ref={setList} className="divide-y divide-slate-100" aria-label="Webinaires du contact">
              {renderPage(registrations.data!)}
              {extraPages.map((page) => (
                <MorePage key={page} page={page} spec={registrationQueries.lead(leadId, page)} render={renderPage} onShown={shown} />
              ))}
            </ul>
            <SeeMore pages={pages} limit={CONTACT_PAGE_SIZE} total={registrations.data!.pagination.total} onMore={more} label="webinaires" />
          </>
        )}
      </Card>
    </div>
  );
}
