/** The contact detail's e-mails: what was sent to (or about) this contact, newest first, 20 at a time with "Voir plus". */
import type { EmailPageJson } from '#contract/emails';
import { CONTACT_PAGE_SIZE } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { emailQueries } from './queries.ts';
import { useQuery } from '../../lib/query.ts';
import { Card, CardHeader } from '../../ui/primitives.tsx';
import { MorePage, SeeMore, seeMoreItem, useSeeMore } from '../../ui/see-more.tsx';
import { EmailStatusBadge, emailKindLabel } from './email-badges.tsx';

export function LeadEmailsCard({ leadId }: { leadId: number }) {
  const emails = useQuery(emailQueries.lead(leadId, 1));
  const { pages, extraPages, more, shown, setList } = useSeeMore(CONTACT_PAGE_SIZE);
  const rows = emails.data?.emails ?? [];
  const renderPage = (data: EmailPageJson) =>
    data.emails.map((email) => (
      <li key={email.id} tabIndex={seeMoreItem.tabIndex} className={`flex flex-wrap items-center justify-between gap-2 px-5 py-3 ${seeMoreItem.className}`}>
        <div className="min-w-0">
          <a
            href={`/admin/emails/${email.id}`}
            className="block truncate rounded text-sm font-medium text-slate-900 hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            {email.subject ?? emailKindLabel(email.kind)}
          </a>
          <p className="text-xs text-slate-500">
            {emailKindLabel(email.kind)} · {email.to} · {formatDateTime(email.sentAt ?? email.createdAt)}
          </p>
        </div>
        <EmailStatusBadge status={email.status} />
      </li>
    ));
  return (
    <div className="mt-6">
      <Card labelledBy="lead-emails-title">
        <CardHeader id="lead-emails-title" title="E-mails" description="Les e-mails envoyés à ce contact ou à son sujet." />
        {emails.loading ? (
          <p className="px-5 py-6 text-sm text-slate-500" role="status">
            Chargement des e-mails...
          </p>
        ) : emails.errorText && !emails.data ? (
          <p className="px-5 py-6 text-sm text-red-700" role="alert">
            {emails.errorText}
          </p>
        ) : rows.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-500">Aucun e-mail pour ce contact.</p>
        ) : (
          <>
            <ul ref={setList} className="divide-y divide-slate-100" aria-label="E-mails du contact">
              {renderPage(emails.data!)}
              {extraPages.map((page) => (
                <MorePage key={page} page={page} spec={emailQueries.lead(leadId, page)} render={renderPage} onShown={shown} />
              ))}
            </ul>
            <SeeMore pages={pages} limit={CONTACT_PAGE_SIZE} total={emails.data!.pagination.total} onMore={more} label="e-mails" />
          </>
        )}
      </Card>
    </div>
  );
}
