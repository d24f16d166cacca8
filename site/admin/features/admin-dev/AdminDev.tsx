/**
 * The tabbed admin page (/admin-dev): Contacts, Webinaires and Inscriptions, with its
 * own dialogs and "Page X sur Y" pagination. It renders without sign-in; its data needs one (a
 * 401 sends the visitor to /login). Its calls go to /api/admin-dev.
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { CanEdit } from '../../ui/CanEdit.tsx';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { LEAD_TYPE_LABELS } from '#contract';
import { PAGE_SIZE } from '../../lib/api.ts';
import { useLeadDelete } from '../contacts/index.ts';
import { contactQueries } from '../contacts/queries.ts';
import { CreateWebinarDialog, NewWebinarButton, RegistrationsView, useWebinarDelete } from '../webinars/index.ts';
import { webinarQueries } from '../webinars/queries.ts';
import { formatLong } from '../../lib/dates.ts';
import { useQuery } from '../../lib/query.ts';
import { $router, navigate } from '../../stores/router.ts';
import { Brand } from '../../ui/Logo.tsx';
import { pageCount, SimplePagination } from '../../ui/pagination.tsx';
import { buttonClass, Card, cx, focusRing, fullName, orDash } from '../../ui/primitives.tsx';
import { SearchForm } from '../../ui/SearchForm.tsx';
import { ActiveBadge, sourceLabel } from '../../ui/badges.tsx';
import { td, tdActions, ListTable } from '../../ui/table.tsx';

const TABS = ['contacts', 'webinars', 'registrations'] as const;
const DASHES = '---';

/** "Supprimer" in a row, for those who may change data; the screen reader hears which row. */
function DeleteButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <CanEdit>
      <button type="button" className={buttonClass('danger-ghost', 'sm')} onClick={onClick}>
        Supprimer
        <span className="sr-only"> {name}</span>
      </button>
    </CanEdit>
  );
}

function Pager(props: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <div className="border-t border-slate-100">
      <SimplePagination {...props} />
    </div>
  );
}

function ContactsTab() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useQuery(contactQueries.leads({ page, search: search || undefined }));
  const remove = useLeadDelete('tabbed');
  const total = list.data?.pagination.total ?? 0;
  const pages = pageCount(total, list.data?.pagination.limit ?? PAGE_SIZE);

  function submitSearch(text: string) {
    setSearch(text);
    setPage(1);
    if (text === search && page === 1) void list.refetch();
  }

  return (
    <Card>
      <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-lg font-semibold text-slate-900">Contacts ({total})</h2>
        <SearchForm id="dev-lead-search" placeholder="Rechercher..." initial="" onSearch={submitSearch} inputClassName="sm:w-64" />
      </div>
      <ListTable
        label="Contacts"
        minWidth="min-w-[760px]"
        columns={['ID', 'Nom', 'Email', 'Téléphone', 'Type', 'Source', 'Actions']}
        state={list}
        rows={list.data?.leads}
        loading="Chargement des contacts..."
        empty="Aucun contact trouvé"
      >
        {(lead) => (
          <tr key={lead.id} className="group hover:bg-slate-50">
            <td className={cx(td, 'text-slate-500 tabular-nums')}>{lead.id}</td>
            <td className={cx(td, 'font-medium whitespace-nowrap text-slate-900')}>{orDash(fullName(lead))}</td>
            <td className={td}>{lead.email}</td>
            <td className={cx(td, 'whitespace-nowrap')}>{orDash(lead.phone, DASHES)}</td>
            <td className={td}>{LEAD_TYPE_LABELS[lead.type]}</td>
            <td className={td}>{lead.source ? sourceLabel(lead.source) : DASHES}</td>
            <td className={cx(td, tdActions)}>
              <DeleteButton name={fullName(lead) || lead.email} onClick={() => remove.ask(lead)} />
            </td>
          </tr>
        )}
      </ListTable>
      <Pager page={page} pages={pages} onPage={setPage} />
      {remove.dialog}
    </Card>
  );
}

function WebinarsTab() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = useQuery(webinarQueries.webinars(page));
  const remove = useWebinarDelete();
  const total = list.data?.pagination.total ?? 0;
  const pages = pageCount(total, list.data?.pagination.limit ?? PAGE_SIZE);

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 p-4">
        <h2 className="text-lg font-semibold text-slate-900">Webinaires ({total})</h2>
        <NewWebinarButton onClick={() => setCreating(true)} />
      </div>
      <ListTable
        label="Webinaires"
        minWidth="min-w-[680px]"
        columns={['ID', 'Titre', 'Date', 'Statut', 'Actions']}
        state={list}
        rows={list.data?.webinars}
        loading="Chargement des webinaires..."
        empty="Aucun webinaire trouvé"
      >
        {(webinar) => (
          <tr key={webinar.id} className="group hover:bg-slate-50">
            <td className={cx(td, 'text-slate-500 tabular-nums')}>{webinar.id}</td>
            <td className={cx(td, 'font-medium text-slate-900')}>{webinar.title}</td>
            <td className={cx(td, 'whitespace-nowrap')}>{formatLong(webinar.datetime)}</td>
            <td className={td}>
              <ActiveBadge active={webinar.isActive} />
            </td>
            <td className={cx(td, tdActions, 'whitespace-nowrap')}>
              <a href={`/admin/webinar/${webinar.id}/registrations`} className={buttonClass('ghost', 'sm')}>
                Inscriptions
                <span className="sr-only"> de {webinar.title}</span>
              </a>
              <DeleteButton name={webinar.title} onClick={() => remove.ask(webinar)} />
            </td>
          </tr>
        )}
      </ListTable>
      <Pager page={page} pages={pages} onPage={setPage} />
      <CreateWebinarDialog open={creating} onClose={() => setCreating(false)} />
      {remove.dialog}
    </Card>
  );
}

export function AdminDev() {
  const route = useStore($router);
  const index = Math.max(0, TABS.indexOf((route?.search.tab ?? 'contacts') as (typeof TABS)[number]));
  const tabClass = cx(
    'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 data-selected:bg-white data-selected:text-accent-700 data-selected:shadow-sm',
    focusRing,
  );
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Brand subtitle="Administration" />
          <a href="/admin" className={buttonClass('ghost', 'sm')}>
            Tableau de bord
          </a>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <h1 className="mb-5 text-2xl font-semibold tracking-tight text-slate-900">Administration</h1>
        <TabGroup selectedIndex={index} onChange={(next) => navigate(`${window.location.pathname}?tab=${TABS[next]}`, true)}>
          <TabList className="mb-6 inline-flex max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-200/70 p-1">
            <Tab className={tabClass}>Contacts</Tab>
            <Tab className={tabClass}>Webinaires</Tab>
            <Tab className={tabClass}>Inscriptions</Tab>
          </TabList>
          <TabPanels>
            <TabPanel className={cx('rounded-xl', focusRing)}>
              <ContactsTab />
            </TabPanel>
            <TabPanel className={cx('rounded-xl', focusRing)}>
              <WebinarsTab />
            </TabPanel>
            <TabPanel className={cx('rounded-xl', focusRing)}>
              <RegistrationsView headingLevel={2} />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </main>
    </div>
  );
}
