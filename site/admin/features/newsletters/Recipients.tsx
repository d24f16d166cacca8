/**
 * An issue's recipients: each message with its status, attempts, last error and time sent, filtered by
 * status; the CSV of them; "Renvoyer aux échecs" puts the failed messages back in the queue.
 */
import { useEffect, useState } from 'react';
import { NEWSLETTER_RECIPIENT_STATUS_LABELS, NEWSLETTER_RECIPIENT_STATUSES } from '#contract/newsletters';
import { formatDateTime } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { CanEdit } from '../../ui/CanEdit.tsx';
import { DownloadIcon } from '../../ui/icons.tsx';
import { buttonClass, Card, CardHeader, controlClass, cx, fullName, LabelledOptions, orDash } from '../../ui/primitives.tsx';
import { DownloadLink } from '../../ui/DownloadLink.tsx';
import { ListTable, td, TruncatedText } from '../../ui/table.tsx';
import { RecipientStatusBadge } from './badges.tsx';
import { NEWSLETTER_COPY } from './copy.ts';
import { newsletterMutations, newsletterQueries, recipientsCsvUrl, type NewsletterAnswer } from './queries.ts';

const copy = NEWSLETTER_COPY.recipients;
const REFRESH_MS = 2000;

export function Recipients({ issue }: { issue: NewsletterAnswer }) {
  const [status, setStatus] = useState('');
  const list = useQuery(newsletterQueries.recipients(String(issue.id), status));
  const { refetch } = list;
  const sending = issue.status === 'sending';
  useEffect(() => {
    if (!sending) return;
    const timer = window.setInterval(() => void refetch(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [sending, refetch]);
  const retry = useMutation(newsletterMutations.retryFailed, {
    onSuccess: (answer) => toast({ title: copy.retry, description: copy.retried(answer.requeued) }),
    onError: (error) => toastError(`${NEWSLETTER_COPY.errors.action}: ${errorMessage(error)}`),
  });

  return (
    <Card labelledBy="newsletter-recipients-title" className="mt-6">
      <CardHeader
        id="newsletter-recipients-title"
        title={copy.title}
        action={
          <div className="flex flex-wrap gap-2">
            <DownloadLink href={recipientsCsvUrl(issue.id)} className={buttonClass('secondary', 'sm')}>
              <DownloadIcon size={16} /> {copy.csv}
            </DownloadLink>
            {issue.counts.failed > 0 ? (
              <CanEdit>
                <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void retry.mutate(issue.id)} disabled={retry.pending}>
                  {copy.retry}
                </button>
              </CanEdit>
            ) : null}
          </div>
        }
      />
      <div className="px-5 pt-4 pb-3">
        <label className="flex max-w-xs flex-col gap-1 text-sm font-medium text-slate-700">
          {copy.filter}
          <select className={cx(controlClass, 'h-10')} value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">{copy.all}</option>
            <LabelledOptions values={NEWSLETTER_RECIPIENT_STATUSES} labels={NEWSLETTER_RECIPIENT_STATUS_LABELS} />
          </select>
        </label>
      </div>
      <ListTable label={copy.tableLabel} minWidth="min-w-[860px]" columns={copy.columns} state={list} rows={list.data?.items} loading={copy.loading} empty={copy.empty}>
        {(row) => (
          <tr key={row.emailId} className="hover:bg-slate-50">
            <td className={td}>
              {row.leadId ? (
                <a href={`/admin/leads/${row.leadId}`} className="rounded font-medium text-slate-900 hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600">
                  {orDash(fullName(row))}
                </a>
              ) : (
                orDash(fullName(row))
              )}
            </td>
            <td className={td}>{row.email}</td>
            <td className={td}>
              <RecipientStatusBadge status={row.status} />
            </td>
            <td className={cx(td, 'tabular-nums')}>{row.attempts}</td>
            <td className={cx(td, 'max-w-64')}>{row.lastError ? <TruncatedText text={row.lastError} /> : '-'}</td>
            <td className={cx(td, 'whitespace-nowrap tabular-nums')}>{row.sentAt ? formatDateTime(row.sentAt) : '-'}</td>
          </tr>
        )}
      </ListTable>
    </Card>
  );
}
