/**
 * Contacts list (spec 2.7): search, a filter menu that really filters (source, status, period),
 * real counters, the nine columns, row actions with a confirmed delete, numbered pagination.
 * Page, search and filters live in the URL so "back" from a contact returns to the same view.
 */
import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { LEAD_SOURCES, LEAD_SOURCE_LABELS, LEAD_STATUSES, LEAD_STATUS_LABELS } from '#schemas/options.ts';
import { mutations, PAGE_SIZE, queries, TOUCHES } from '../lib/api.ts';
import { formatDateTime, todayInZurich, zurichLocalToIso } from '../lib/dates.ts';
import { errorMessage } from '../lib/http.ts';
import { invalidate, useMutation, useQuery } from '../lib/query.ts';
import type { LeadJson as Lead } from '#presenters';
import { $router, navigate } from '../stores/router.ts';
import { toast, toastError } from '../stores/toast.ts';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { CheckIcon, CloseIcon, EyeIcon, FilterIcon, PencilIcon, PlusIcon, RefreshIcon, SearchIcon } from '../ui/icons.tsx';
import { pageCount, Pagination } from '../ui/pagination.tsx';
import { Badge, buttonClass, Card, controlClass, cx, fullName, orDash, PageHeader, Spinner } from '../ui/primitives.tsx';
import { RowActionsMenu } from '../ui/RowActionsMenu.tsx';
import { SourceBadge } from '../ui/badges.tsx';
import { Table, TableHead, tableState, td, tdActions } from '../ui/table.tsx';

export const PERIODS = {
  today: "Aujourd'hui",
  '7d': '7 derniers jours',
  '30d': '30 derniers jours',
  month: 'Ce mois-ci',
} as const;
type Period = keyof typeof PERIODS;

/** Start of the period in Zurich, stable for the whole day (so the cache key does not change). */
function createdAfter(period: string | undefined): string | undefined {
  const now = new Date();
  const daysAgo = (days: number) => zurichLocalToIso(todayInZurich(new Date(now.getTime() - days * 86_400_000)), '00:00');
  switch (period) {
    case 'today':
      return daysAgo(0);
    case '7d':
      return daysAgo(7);
    case '30d':
      return daysAgo(30);
    case 'month':
      return zurichLocalToIso(`${todayInZurich(now).slice(0, 8)}01`, '00:00');
    default:
      return undefined;
  }
}

interface ListParams {
  page: number;
  search: string;
  source: string;
  status: string;
  period: string;
}

function listUrl(params: ListParams): string {
  const query = new URLSearchParams();
  if (params.page > 1) query.set('page', String(params.page));
  if (params.search) query.set('search', params.search);
  if (params.source) query.set('source', params.source);
  if (params.status) query.set('status', params.status);
  if (params.period) query.set('period', params.period);
  const text = query.toString();
  return text ? `/admin/leads?${text}` : '/admin/leads';
}

function TagList({ tags }: { tags: string[] | null }) {
  if (!tags?.length) return <>-</>;
  const rest = tags.length - 2;
  return (
    <span className="flex flex-wrap gap-1">
      {tags.slice(0, 2).map((tag) => (
        <Badge key={tag} tone="indigo">
          {tag}
        </Badge>
      ))}
      {rest > 0 ? (
        <Badge tone="gray">
          <span aria-hidden="true">+{rest}</span>
          <span className="sr-only">
            et {rest} autre{rest > 1 ? 's' : ''} tag{rest > 1 ? 's' : ''}
          </span>
        </Badge>
      ) : null}
    </span>
  );
}

function RowMenu({ lead, onDelete }: { lead: Lead; onDelete: () => void }) {
  return (
    <RowActionsMenu
      label={fullName(lead) || lead.email}
      links={[
        { href: `/admin/leads/${lead.id}`, icon: <EyeIcon size={16} />, text: 'Voir' },
        { href: `/admin/leads/${lead.id}/edit`, icon: <PencilIcon size={16} />, text: 'Modifier' },
      ]}
      onDelete={onDelete}
    />
  );
}

function FilterMenu({ params, onChange }: { params: ListParams; onChange: (next: Partial<ListParams>) => void }) {
  const count = [params.source, params.status, params.period].filter(Boolean).length;
  const option = (selected: boolean, label: string, apply: () => void) => (
    <MenuItem key={label}>
      <button
        type="button"
        onClick={apply}
        className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-slate-700 data-focus:bg-slate-100"
      >
        <CheckIcon size={14} className={selected ? 'text-accent-600' : 'invisible'} />
        {label}
        {selected ? <span className="sr-only"> (sélectionné)</span> : null}
      </button>
    </MenuItem>
  );
  const heading = 'px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase';
  return (
    <Menu>
      <MenuButton className={buttonClass('secondary')}>
        <FilterIcon size={16} />
        Filtrer
        {count ? <Badge tone="indigo">{count}</Badge> : null}
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 4 }}
        className="z-40 max-h-[70vh] w-60 overflow-y-auto rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        <MenuSection>
          <MenuHeading className={heading}>Par source</MenuHeading>
          {LEAD_SOURCES.map((source) =>
            option(params.source === source, LEAD_SOURCE_LABELS[source], () => onChange({ source: params.source === source ? '' : source })),
          )}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuSection>
          <MenuHeading className={heading}>Par statut</MenuHeading>
          {LEAD_STATUSES.map((status) =>
            option(params.status === status, LEAD_STATUS_LABELS[status], () => onChange({ status: params.status === status ? '' : status })),
          )}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuSection>
          <MenuHeading className={heading}>Par date</MenuHeading>
          {(Object.keys(PERIODS) as Period[]).map((period) =>
            option(params.period === period, PERIODS[period], () => onChange({ period: params.period === period ? '' : period })),
          )}
        </MenuSection>
        {count ? (
          <>
            <MenuSeparator className="my-1 h-px bg-slate-100" />
            <MenuItem>
              <button
                type="button"
                onClick={() => onChange({ source: '', status: '', period: '' })}
                className="w-full rounded px-2 py-1.5 text-left font-medium text-accent-700 data-focus:bg-accent-50"
              >
                Effacer les filtres
              </button>
            </MenuItem>
          </>
        ) : null}
      </MenuItems>
    </Menu>
  );
}

/** The search box; keyed by the URL's search so "back" shows the search of that page. */
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const [draft, setDraft] = useState(initial);
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(draft.trim());
  }
  return (
    <form role="search" onSubmit={submit} className="flex flex-1 gap-2">
      <label htmlFor="lead-search" className="sr-only">
        Rechercher un contact
      </label>
      <div className="relative flex-1">
        <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
        <input
          id="lead-search"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Rechercher un contact par nom, email..."
          className={cx(controlClass, 'h-10 pl-9')}
        />
      </div>
      <button type="submit" className={buttonClass('primary', 'md', 'px-3 sm:px-4')}>
        <SearchIcon size={16} className="sm:hidden" />
        <span className="sr-only sm:not-sr-only">Rechercher</span>
      </button>
    </form>
  );
}

export function LeadsList() {
  const route = useStore($router);
  const search = route?.search ?? {};
  const params: ListParams = {
    page: Math.max(1, Number.parseInt(search.page ?? '1', 10) || 1),
    search: search.search ?? '',
    source: search.source ?? '',
    status: search.status ?? '',
    period: search.period && search.period in PERIODS ? search.period : '',
  };
  const [toDelete, setToDelete] = useState<Lead | undefined>();

  const list = useQuery(
    queries.leads({
      page: params.page,
      search: params.search || undefined,
      source: params.source || undefined,
      status: params.status || undefined,
      createdAfter: createdAfter(params.period),
    }),
  );
  const stats = useQuery(queries.leadStats());
  const pages = pageCount(list.data?.pagination.total ?? 0, list.data?.pagination.limit ?? PAGE_SIZE);

  const update = (next: Partial<ListParams>) => navigate(listUrl({ ...params, page: 1, ...next }));

  // After deleting the last row of the last page, step back to the page that still exists.
  const lastPage = list.data ? pageCount(list.data.pagination.total, list.data.pagination.limit) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && params.page > lastPage) navigate(listUrl({ ...params, page: lastPage }), true);
  });

  const remove = useMutation((lead: Lead) => mutations.deleteLead(lead.id), {
    onSuccess: () => {
      setToDelete(undefined);
      toast({ title: 'Contact supprimé', description: 'Le contact a été supprimé avec succès.' });
      invalidate(...TOUCHES.leads);
    },
    onError: (error) => {
      setToDelete(undefined);
      toastError(`Erreur lors de la suppression: ${errorMessage(error)}`);
    },
  });

  function submitSearch(text: string) {
    update({ search: text });
    // Same search again: the URL does not change, so refetch explicitly (spec: submitting refetches).
    if (text === params.search && params.page === 1) void list.refetch();
  }

  const refreshing = list.fetching || stats.fetching;
  const activeFilters: { label: string; clear: Partial<ListParams> }[] = [
    params.source
      ? { label: `Source : ${LEAD_SOURCE_LABELS[params.source as keyof typeof LEAD_SOURCE_LABELS] ?? params.source}`, clear: { source: '' } }
      : undefined,
    params.status
      ? { label: `Statut : ${LEAD_STATUS_LABELS[params.status as keyof typeof LEAD_STATUS_LABELS] ?? params.status}`, clear: { status: '' } }
      : undefined,
    params.period ? { label: `Date : ${PERIODS[params.period as Period]}`, clear: { period: '' } } : undefined,
  ].filter((filter) => filter !== undefined);

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
            <SearchForm key={params.search} initial={params.search} onSearch={submitSearch} />
            <FilterMenu params={params} onChange={update} />
          </div>
          {activeFilters.length ? (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Filtres actifs">
              {activeFilters.map((filter) => (
                <li key={filter.label}>
                  <button
                    type="button"
                    onClick={() => update(filter.clear)}
                    className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-2.5 py-1 text-xs font-medium text-accent-800 hover:bg-accent-100 focus-visible:outline-2 focus-visible:outline-accent-600"
                  >
                    {filter.label}
                    <CloseIcon size={12} />
                    <span className="sr-only">Retirer ce filtre</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>
        <Card className="flex items-center gap-6 p-4">
          <div>
            <p className="text-xs font-medium text-slate-500">Total des contacts</p>
            <p className="text-2xl font-semibold text-slate-900 tabular-nums">{stats.data?.total ?? 0}</p>
          </div>
          <div className="space-y-0.5 text-sm text-slate-600">
            <p>
              <span className="font-semibold text-slate-900 tabular-nums">{stats.data?.newThisMonth ?? 0}</span> nouveaux ce mois
            </p>
            <p>
              <span className="font-semibold text-slate-900 tabular-nums">{stats.data?.toContact ?? 0}</span> à contacter
            </p>
          </div>
        </Card>
      </div>

      <Card>
        <Table label="Liste des contacts" minWidth="min-w-[960px]">
          <TableHead columns={['ID', 'Nom', 'Email', 'Téléphone', 'Société', 'Source', "Date d'inscription", 'Tags', 'Actions']} />
          <tbody className="divide-y divide-slate-100">
            {tableState(list, !list.data?.leads.length, { colSpan: 9, loading: 'Chargement des contacts...', empty: 'Aucun contact trouvé' }) ??
              list.data?.leads.map((lead) => (
                <tr key={lead.id} className="group hover:bg-slate-50">
                  <td className={cx(td, 'text-slate-500 tabular-nums')}>{lead.id}</td>
                  <td className={cx(td, 'font-medium whitespace-nowrap text-slate-900')}>
                    <a
                      href={`/admin/leads/${lead.id}`}
                      className="rounded hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
                    >
                      {orDash(fullName(lead))}
                    </a>
                  </td>
                  <td className={td}>{orDash(lead.email)}</td>
                  <td className={cx(td, 'whitespace-nowrap')}>{orDash(lead.phone)}</td>
                  <td className={td}>{orDash(lead.company)}</td>
                  <td className={td}>
                    <SourceBadge source={lead.source} />
                  </td>
                  <td className={cx(td, 'whitespace-nowrap')}>{orDash(formatDateTime(lead.createdAt))}</td>
                  <td className={td}>
                    <TagList tags={lead.tags} />
                  </td>
                  <td className={cx(td, tdActions)}>
                    <RowMenu lead={lead} onDelete={() => setToDelete(lead)} />
                  </td>
                </tr>
              ))
            }
          </tbody>
        </Table>
        <div className="border-t border-slate-100">
          <Pagination page={params.page} pages={pages} onPage={(page) => navigate(listUrl({ ...params, page }))} label="Pagination des contacts" />
        </div>
      </Card>

      <ConfirmDialog
        open={toDelete !== undefined}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && void remove.mutate(toDelete)}
        pending={remove.pending}
        description="Êtes-vous sûr de vouloir supprimer ce contact ? Cette action ne peut pas être annulée."
      />
    </>
  );
}
