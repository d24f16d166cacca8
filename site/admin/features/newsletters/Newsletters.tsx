/**
 * Emails → Newsletters (/admin/emails/newsletters): every issue, newest first, with its state and its
 * counts (recipients, sent, failed, cancelled, unsubscribed since it went out). An administrator starts
 * a new one here; a viewer reads.
 */
import { formatDateTime } from '../../lib/dates.ts';
import { useQuery } from '../../lib/query.ts';
import { CanEdit } from '../../ui/CanEdit.tsx';
import { PlusIcon } from '../../ui/icons.tsx';
import { buttonClass, Card, cx, PageHeader } from '../../ui/primitives.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { ListTable, td } from '../../ui/table.tsx';
import { EmailsTabs } from '../emails/index.ts';
import { NewsletterStatusBadge } from './badges.tsx';
import { NEWSLETTER_COPY } from './copy.ts';
import { newsletterQueries, type NewsletterAnswer } from './queries.ts';

const copy = NEWSLETTER_COPY.list;

/** The date that says most about an issue: sent, else scheduled, else last changed. */
function issueDate(issue: NewsletterAnswer): string {
  return formatDateTime(issue.sentAt ?? issue.scheduledAt ?? issue.updatedAt);
}

export function Newsletters() {
  const list = useQuery(newsletterQueries.list());
  return (
    <>
      <PageHeader
        title={copy.title}
        description={copy.description}
        actions={
          <>
            <RefreshButton fetching={list.fetching} onRefresh={() => void list.refetch()} />
            <CanEdit>
              <a href="/admin/emails/newsletters/new" className={buttonClass('primary')}>
                <PlusIcon size={16} /> {copy.create}
              </a>
            </CanEdit>
          </>
        }
      />
      <EmailsTabs current="newsletters" />
      <Card>
        <ListTable label={copy.tableLabel} minWidth="min-w-[920px]" columns={copy.columns} state={list} rows={list.data?.items} loading={copy.loading} empty={copy.empty}>
          {(issue) => (
            <tr key={issue.id} className="group hover:bg-slate-50">
              <td className={cx(td, 'font-medium text-slate-900')}>
                <a href={`/admin/emails/newsletters/${issue.id}`} className="rounded hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600">
                  {issue.subject || copy.untitled}
                </a>
              </td>
              <td className={td}>
                <NewsletterStatusBadge status={issue.status} />
              </td>
              <td className={cx(td, 'whitespace-nowrap tabular-nums')}>{issueDate(issue)}</td>
              <td className={cx(td, 'tabular-nums')}>{issue.counts.recipients}</td>
              <td className={cx(td, 'tabular-nums')}>{issue.counts.sent}</td>
              <td className={cx(td, 'tabular-nums')}>{issue.counts.failed}</td>
              <td className={cx(td, 'tabular-nums')}>{issue.counts.cancelled}</td>
              <td className={cx(td, 'tabular-nums')}>{issue.unsubscribedSince}</td>
            </tr>
          )}
        </ListTable>
      </Card>
    </>
  );
}
