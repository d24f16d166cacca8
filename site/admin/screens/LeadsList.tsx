/**
 * Contacts list (/admin/leads): search, a filter menu (source, status, period), the counters, the
 * nine columns, row actions with a confirmed delete, numbered pagination. Page, search and filters
 * live in the URL so "back" from a contact returns to the same view.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { PAGE_SIZE, queries } from '../lib/api.ts';
import { periodStart } from '../lib/periods.ts';
import { useQuery } from '../lib/query.ts';
import { $router, navigate } from '../stores/router.ts';
import { PlusIcon, RefreshIcon } from '../ui/icons.tsx';
import { pageCount, Pagination } from '../ui/pagination.tsx';
import { buttonClass, Card, PageHeader, Spinner } from '../ui/primitives.tsx';
import { SearchForm } from '../ui/SearchForm.tsx';
import { Table, TableHead, tableState } from '../ui/table.tsx';
import { ActiveFilters, FilterMenu } from './leads/FilterMenu.tsx';
import { LeadCounters } from './leads/LeadCounters.tsx';
import { LEAD_COLUMNS, LeadRow } from './leads/LeadRow.tsx';
import { listUrl, readListParams, type ListParams } from './leads/list-params.ts';
import { useLeadDelete } from './leads/useLeadDelete.tsx';

export function LeadsList() {
  const route = useStore($router);
  const params = readListParams(route?.search ?? {});
  const list = useQuery(
    queries.leads({
      page: params.page,
      search: params.search || undefined,
      source: params.source || undefined,
      status: params.status || undefined,
      newsletter: params.newsletter || undefined,
      createdAfter: periodStart(params.period),
    }),
  );
  const stats = useQuery(queries.leadStats());
  const remove = useLeadDelete('list');
  const pages = pageCount(list.data?.pagination.total ?? 0, list.data?.pagination.limit ?? PAGE_SIZE);

  const update = (next: Partial<ListParams>) => navigate(listUrl({ ...params, page: 1, ...next }));

  // After deleting the last row of the last page, step back to the page that still exists.
  const lastPage = list.data ? pageCount(list.data.pagination.total, list.data.pagination.limit) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && params.page > lastPage) navigate(listUrl({ ...params, page: lastPage }), true);
  });

  function submitSearch(text: string) {
    update({ search: text });
    // Same search again: the URL does not change, so refetch explicitly (submitting always refetches).
    if (text === params.search && params.page === 1) void list.refetch();
  }

  const refreshing = list.fetching || stats.fetching;
  return (
    <>
      <PageHeader
        title="Contacts"
        description="Gérez les personnes qui ont contacté Inner Circle ou se sont inscrites à un webinaire."
        actions={
          <>
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={refreshing}
              onClick={() => {
                void list.refetch();
                void stats.refetch();
              }}
            >
              {refreshing ? <Spinner /> : <RefreshIcon size={16} />}
              Actualiser
            </button>
            <a href="/admin/leads/new" className={buttonClass('primary')}>
              <PlusIcon size={16} />
              Nouveau contact
            </a>
          </>
        }
      />

      <div className="mb-6 grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,1fr)_auto]">
        <Card className="p-4">
          <div className="flex flex-col gap-3 sm:flex-row">
            <SearchForm
              key={params.search}
              id="lead-search"
              placeholder="Rechercher un contact par nom, email..."
              initial={params.search}
              onSearch={submitSearch}
              className="flex-1"
              compactButton
            />
            <FilterMenu params={params} onChange={update} />
          </div>
          <ActiveFilters params={params} onChange={update} />
        </Card>
        <LeadCounters stats={stats.data} />
      </div>

      <Card>
        <Table label="Liste des contacts" minWidth="min-w-[960px]">
          <TableHead columns={LEAD_COLUMNS} />
          <tbody className="divide-y divide-slate-100">
            {tableState(list, !list.data?.leads.length, { colSpan: 9, loading: 'Chargement des contacts...', empty: 'Aucun contact trouvé' }) ??
              list.data?.leads.map((lead) => <LeadRow key={lead.id} lead={lead} onDelete={() => remove.ask(lead)} />)}
          </tbody>
        </Table>
        <div className="border-t border-slate-100">
          <Pagination page={params.page} pages={pages} onPage={(page) => navigate(listUrl({ ...params, page }))} label="Pagination des contacts" />
        </div>
      </Card>
      {remove.dialog}
    </>
  );
}
