/**
 * Emails (/admin/emails): its tabs (E-mails, Newsletters: ../newsletters/) and every e-mail, newest first, filtered by status and kind, searched
 * by recipient, paginated like the other lists. Page, filters and search live in the URL.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { EMAIL_KIND_LABELS, EMAIL_KIND_VALUES, EMAIL_STATUS_LABELS, EMAIL_STATUS_VALUES } from '#contract';
import { PAGE_SIZE } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { emailQueries } from './queries.ts';
import { useQuery } from '../../lib/query.ts';
import { $router, navigate } from '../../stores/router.ts';
import { SearchIcon } from '../../ui/icons.tsx';
import { pageCount, Pagination } from '../../ui/pagination.tsx';
import { FilterSelect } from '../../ui/FilterSelect.tsx';
import { buttonClass, Card, controlClass, cx, PageHeader, LabelledOptions } from '../../ui/primitives.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { td, ListTable } from '../../ui/table.tsx';
import { EmailStatusBadge, emailKindLabel } from './email-badges.tsx';
import { EmailsTabs } from './EmailsTabs.tsx';

interface ListParams {
  page: number;
  status: string;
  kind: string;
  search: string;
}

function listUrl(params: ListParams): string {
  const query = new URLSearchParams();
  if (params.page > 1) query.set('page', String(params.page));
  if (params.status) query.set('status', params.status);
  if (params.kind) query.set('kind', params.kind);
  if (params.search) query.set('search', params.search);
  const text = query.toString();
  return text ? `/admin/emails?${text}` : '/admin/emails';
}

function Filters({ params, onChange }: { params: ListParams; onChange: (next: Partial<ListParams>) => void }) {
  const [draft, setDraft] = useState(params.search);
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ search: draft.trim() });
  }
  return (
    <div className="flex flex-col gap-3 p-4 lg:flex-row lg:items-end">
      <form role="search" onSubmit={submit} className="flex flex-1 gap-2">
        <label htmlFor="email-search" className="sr-only">
          Rechercher par destinataire
        </label>
        <div className="relative flex-1">
          <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
          <input
            id="email-search"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Rechercher par destinataire..."
            className={cx(controlClass, 'h-10 pl-9')}
          />
        </div>
        <button type="submit" className={buttonClass('primary')}>
          Rechercher
        </button>
      </form>
      <div className="flex gap-3">
        <FilterSelect label="Statut" anyLabel="Tous" value={params.status} onChange={(status) => onChange({ status })}>
          <LabelledOptions values={EMAIL_STATUS_VALUES} labels={EMAIL_STATUS_LABELS} />
        </FilterSelect>
        <FilterSelect label="Type" anyLabel="Tous" value={params.kind} onChange={(kind) => onChange({ kind })}>
          <LabelledOptions values={EMAIL_KIND_VALUES} labels={EMAIL_KIND_LABELS} />
        </FilterSelect>
      </div>
    </div>
  );
}

export function Emails() {
  const route = useStore($router);
  const search = route?.search ?? {};
  const params: ListParams = {
    page: Math.max(1, Number.parseInt(search.page ?? '1', 10) || 1),
    status: search.status ?? '',
    kind: search.kind ?? '',
    search: search.search ?? '',
  };
  const list = useQuery(emailQueries.emails({ page: params.page, status: params.status, kind: params.kind, search: params.search }));
  const pages = pageCount(list.data?.pagination.total ?? 0, list.data?.pagination.limit ?? PAGE_SIZE);
  const change = (next: Partial<ListParams>) => navigate(listUrl({ ...params, page: 1, ...next }));

  const lastPage = list.data ? pageCount(list.data.pagination.total, list.data.pagination.limit) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && params.page > lastPage) navigate(listUrl({ ...params, page: lastPage }), true);
  });

  return (
    <>
      <PageHeader
        title="Emails"
        description="Chaque e-mail envoyé par le site : confirmations, rappels, accusés de réception, alertes."
        actions={<RefreshButton fetching={list.fetching} onRefresh={() => void list.refetch()} />}
      />
      <EmailsTabs current="emails" />
      <Card>
        <Filters key={params.search} params={params} onChange={change} />
        <ListTable
          label="Liste des e-mails"
          minWidth="min-w-[820px]"
          columns={['Date', 'Type', 'Destinataire', 'Objet', 'Statut']}
          state={list}
          rows={list.data?.emails}
          loading="Chargement des e-mails..."
          empty="Aucun e-mail trouvé"
        >
          {(email) => (
            <tr key={email.id} className="group hover:bg-slate-50">
              <td className={cx(td, 'whitespace-nowrap tabular-nums')}>{formatDateTime(email.sentAt ?? email.createdAt)}</td>
              <td className={cx(td, 'whitespace-nowrap')}>{emailKindLabel(email.kind)}</td>
              <td className={td}>{email.to}</td>
              <td className={cx(td, 'font-medium text-slate-900')}>
                <a href={`/admin/emails/${email.id}`} className="rounded hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600">
                  {email.subject ?? `Envoi prévu le ${formatDateTime(email.scheduledAt)}`}
                </a>
              </td>
              <td className={td}>
                <EmailStatusBadge status={email.status} />
              </td>
            </tr>
          )}
        </ListTable>
        <div className="border-t border-slate-100">
          <Pagination page={params.page} pages={pages} onPage={(target) => navigate(listUrl({ ...params, page: target }))} label="Pagination des e-mails" />
        </div>
      </Card>
    </>
  );
}
