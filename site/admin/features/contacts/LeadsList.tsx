/**
 * Contacts list (/admin/leads): search, a filter menu (source, status, origin, period or date range), the counters,
 * "Importer" (CSV), row selection with bulk actions, the ten columns, row actions with a confirmed delete, numbered pagination. Page, search and filters
 * live in the URL so "back" from a contact returns to the same view.
 */
import { useStore } from '@nanostores/react';
import { CanEdit } from '../../ui/CanEdit.tsx';
import { useEffect, useState } from 'react';
import { PAGE_SIZE } from '../../lib/api.ts';
import { contactQueries, leadsExportUrl } from './queries.ts';
import { periodStart } from '../../lib/periods.ts';
import { useQuery } from '../../lib/query.ts';
import { $router, navigate } from '../../stores/router.ts';
import { DownloadIcon, PlusIcon } from '../../ui/icons.tsx';
import { pageCount, Pagination } from '../../ui/pagination.tsx';
import { buttonClass, Card, PageHeader } from '../../ui/primitives.tsx';
import { DownloadLink } from '../../ui/DownloadLink.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { SearchForm } from '../../ui/SearchForm.tsx';
import { Table, TableHead, tableState, thCompact } from '../../ui/table.tsx';
import { BulkActions } from './list/BulkActions.tsx';
import { DateRangeDialog } from './list/DateRangeDialog.tsx';
import { ImportDialog } from './list/ImportDialog.tsx';
import { ActiveFilters, FilterMenu } from './list/FilterMenu.tsx';
import { LeadCounters } from './list/LeadCounters.tsx';
import { LEAD_COLUMN_WIDTHS, LEAD_COLUMNS, LeadRow } from './list/LeadRow.tsx';
import { listUrl, readListParams, type ListParams } from './list/list-params.ts';
import { useLeadDelete } from './useLeadDelete.tsx';

export function LeadsList() {
  const route = useStore($router);
  const params = readListParams(route?.search ?? {});
  const filters = {
    search: params.search || undefined,
    source: params.source || undefined,
    status: params.status || undefined,
    tags: params.tag || undefined,
    newsletter: params.newsletter || undefined,
    channel: params.channel || undefined,
    campaign: params.campaign || undefined,
    client: params.client || undefined,
    createdAfter: periodStart(params.period),
    createdFrom: params.from || undefined,
    createdTo: params.to || undefined,
  };
  const list = useQuery(contactQueries.leads({ page: params.page, ...filters }));
  const [importing, setImporting] = useState(false);
  const [pickingRange, setPickingRange] = useState(false);
  // The selection belongs to the view: another page or filter starts with none.
  const view = listUrl(params);
  const [selection, setSelection] = useState<{ view: string; ids: Set<number> }>({ view, ids: new Set() });
  const selected = selection.view === view ? selection.ids : new Set<number>();
  const pageIds = list.data?.leads.map((lead) => lead.id) ?? [];
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const select = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ view, ids: next });
  };
  const stats = useQuery(contactQueries.leadStats());
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
            <RefreshButton
              fetching={refreshing}
              onRefresh={() => {
                void list.refetch();
                void stats.refetch();
              }}
            />
            <CanEdit>
              <button type="button" className={buttonClass('secondary')} onClick={() => setImporting(true)}>
                Importer
              </button>
            </CanEdit>
            {/* The current search and filters go along: the file holds what the list shows, every page. Through
                the HTTP client, which asks for a recent proof when needed (docs/decisions/145-re-authentication.md). */}
            <DownloadLink href={leadsExportUrl(filters)} filename="contacts.csv" className={buttonClass('secondary')}>
              <DownloadIcon size={16} />
              Exporter
            </DownloadLink>
            <CanEdit>
              <a href="/admin/leads/new" className={buttonClass('primary')}>
                <PlusIcon size={16} />
                Nouveau contact
              </a>
            </CanEdit>
          </>
        }
      />

      <div className="mb-6 grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,1fr)_auto]">
        <Card className="p-4">
          <div className="flex flex-col gap-3 sm:flex-row">
            <SearchForm key={params.search} id="lead-search" placeholder="Rechercher un contact par nom, email..." initial={params.search} onSearch={submitSearch} className="flex-1" compactButton />
            <FilterMenu params={params} onChange={update} onPickRange={() => setPickingRange(true)} />
          </div>
          <ActiveFilters params={params} onChange={update} />
        </Card>
        <LeadCounters stats={stats.data} />
      </div>

      <Card>
        {selected.size ? <BulkActions ids={[...selected]} onDone={() => setSelection({ view, ids: new Set() })} /> : null}
        <Table label="Liste des contacts" fixed minWidth="min-w-[1000px] xl:min-w-0">
          <colgroup>
            {LEAD_COLUMN_WIDTHS.map((width, index) => (
              <col key={index} className={width || undefined} />
            ))}
          </colgroup>
          <TableHead
            columns={LEAD_COLUMNS}
            compact
            leading={
              <th scope="col" className={thCompact}>
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-slate-300 accent-accent-600"
                  checked={allSelected}
                  disabled={pageIds.length === 0}
                  onChange={(event) => select(pageIds, event.target.checked)}
                  aria-label="Sélectionner tous les contacts de la page"
                />
              </th>
            }
          />
          <tbody className="divide-y divide-slate-100">
            {tableState(list, !list.data?.leads.length, { colSpan: 11, loading: 'Chargement des contacts...', empty: 'Aucun contact trouvé' }) ??
              list.data?.leads.map((lead) => <LeadRow key={lead.id} lead={lead} onDelete={() => remove.ask(lead)} selected={selected.has(lead.id)} onSelect={(on) => select([lead.id], on)} />)}
          </tbody>
        </Table>
        <div className="border-t border-slate-100">
          <Pagination page={params.page} pages={pages} onPage={(page) => navigate(listUrl({ ...params, page }))} label="Pagination des contacts" />
        </div>
      </Card>
      {remove.dialog}
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
      {pickingRange ? (
        <DateRangeDialog
          open
          from={params.from}
          to={params.to}
          onClose={() => setPickingRange(false)}
          onApply={(range) => {
            setPickingRange(false);
            update({ ...range, period: '' });
          }}
        />
      ) : null}
    </>
  );
}
