/**
 * The contact detail's "Consultations" (OPDo art. 4, docs/decisions/147-access-log.md): who opened, exported
 * or changed this contact's file, and when, newest first, 20 at a time with "Voir plus". Administrators only:
 * the API answers a viewer 403, and the card is not shown to them.
 */
import { ACCESS_LOG_ACTION_LABELS } from '#contract';
import type { AccessLogPageJson } from '#contract/privacy';
import { CONTACT_PAGE_SIZE } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { privacyQueries } from './queries.ts';
import { useQuery } from '../../lib/query.ts';
import { useCanEdit } from '../../stores/session.ts';
import { Card, CardHeader } from '../../ui/primitives.tsx';
import { MorePage, SeeMore, seeMoreItem, useSeeMore } from '../../ui/see-more.tsx';

function AccessLogList({ leadId }: { leadId: number }) {
  const log = useQuery(privacyQueries.accessLog(leadId, 1));
  const { pages, extraPages, more, shown, setList } = useSeeMore(CONTACT_PAGE_SIZE);
  const renderPage = (data: AccessLogPageJson) =>
    data.entries.map((entry, index) => (
      <li key={`${entry.at}-${index}`} tabIndex={seeMoreItem.tabIndex} className={`flex flex-wrap items-baseline justify-between gap-2 px-5 py-2 text-sm ${seeMoreItem.className}`}>
        <span className="font-medium text-slate-900">{ACCESS_LOG_ACTION_LABELS[entry.action] ?? entry.action}</span>
        <span className="text-xs text-slate-600">
          {entry.userEmail ?? (entry.userId === null ? 'Système' : `Compte supprimé (n° ${entry.userId})`)} · {formatDateTime(entry.at)}
        </span>
      </li>
    ));
  if (log.loading) {
    return (
      <p className="px-5 py-6 text-sm text-slate-500" role="status">
        Chargement des consultations...
      </p>
    );
  }
  if (!log.data) {
    return (
      <p className="px-5 py-6 text-sm text-red-700" role="alert">
        {log.errorText}
      </p>
    );
  }
  if (log.data.entries.length === 0) return <p className="px-5 py-6 text-sm text-slate-500">Aucune consultation enregistrée.</p>;
  return (
    <>
      <ul ref={setList} className="divide-y divide-slate-100" aria-label="Consultations du contact">
        {renderPage(log.data)}
        {extraPages.map((page) => (
          <MorePage key={page} page={page} spec={privacyQueries.accessLog(leadId, page)} render={renderPage} onShown={shown} />
        ))}
      </ul>
      <SeeMore pages={pages} limit={CONTACT_PAGE_SIZE} total={log.data.pagination.total} onMore={more} label="consultations" />
    </>
  );
}

export function LeadAccessLogCard({ leadId }: { leadId: number }) {
  if (!useCanEdit()) return null;
  return (
    <div className="mt-6">
      <Card labelledBy="lead-access-log-title">
        <CardHeader id="lead-access-log-title" title="Consultations" description="Qui a ouvert, exporté ou modifié en masse cette fiche, et quand (journal des accès)." />
        <AccessLogList leadId={leadId} />
      </Card>
    </div>
  );
}
