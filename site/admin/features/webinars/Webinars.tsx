/** Webinars (/admin/webinars and /admin?tab=webinars): list, creation dialog, confirmed delete. */
import { useStore } from '@nanostores/react';
import { CanEdit } from '../../ui/CanEdit.tsx';
import { useEffect, useState } from 'react';
import { PAGE_SIZE } from '../../lib/api.ts';
import { webinarMutations, webinarQueries } from './queries.ts';
import { formatLong } from '../../lib/dates.ts';
import { useQuery } from '../../lib/query.ts';
import type { WebinarJson as Webinar } from '#contract/webinars';
import { webinarLocationLabel } from '#contract/webinars';
import { $router, navigate } from '../../stores/router.ts';
import { useConfirmedDelete } from '../../ui/useConfirmedDelete.tsx';
import { EyeIcon, PlusIcon, UsersIcon } from '../../ui/icons.tsx';
import { pageCount, Pagination } from '../../ui/pagination.tsx';
import { buttonClass, Card, cx, PageHeader } from '../../ui/primitives.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { CreateWebinarDialog } from './CreateWebinarDialog.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { ActiveBadge } from '../../ui/badges.tsx';
import { td, tdActions, ListTable } from '../../ui/table.tsx';
import { CancellationNotice } from './CancellationNotice.tsx';

export function webinarDeleteText(webinar: Webinar | undefined): string {
  return `Êtes-vous sûr de vouloir supprimer le webinaire ${webinar?.title ?? ''} ? Cette action est irréversible.`;
}

/** Delete with confirmation, shared by the list page and the tabbed page. */
export function useWebinarDelete() {
  return useConfirmedDelete<Webinar>({
    remove: (webinar) => webinarMutations.remove(webinar.id),
    success: { title: 'Webinaire supprimé', description: 'Le webinaire a été supprimé avec succès.' },
    failure: (message) => `Erreur lors de la suppression du webinaire: ${message}`,
    question: (webinar) => (
      <>
        {webinarDeleteText(webinar)} <CancellationNotice webinarId={webinar?.id} />
      </>
    ),
  });
}

/** "Nouveau webinaire", for those who may change data. */
export function NewWebinarButton({ onClick }: { onClick: () => void }) {
  return (
    <CanEdit>
      <button type="button" className={buttonClass('primary')} onClick={onClick}>
        <PlusIcon size={16} />
        Nouveau webinaire
      </button>
    </CanEdit>
  );
}

function RowMenu({ webinar, onDelete }: { webinar: Webinar; onDelete: () => void }) {
  return (
    <RowActionsMenu
      label={webinar.title}
      width="w-44"
      links={[
        { href: `/admin/webinars/${webinar.id}`, icon: <EyeIcon size={16} />, text: 'Voir' },
        { href: `/admin/webinars/${webinar.id}/registrations`, icon: <UsersIcon size={16} />, text: 'Inscriptions' },
      ]}
      onDelete={onDelete}
    />
  );
}

export function Webinars() {
  const route = useStore($router);
  const page = Math.max(1, Number.parseInt(route?.search.page ?? '1', 10) || 1);
  const list = useQuery(webinarQueries.webinars(page));
  const [creating, setCreating] = useState(false);
  const remove = useWebinarDelete();
  const pages = pageCount(list.data?.pagination.total ?? 0, list.data?.pagination.limit ?? PAGE_SIZE);
  const basePath = route?.route === 'dashboard' ? '/admin?tab=webinars' : '/admin/webinars';
  const pageUrl = (target: number) => (target > 1 ? `${basePath}${basePath.includes('?') ? '&' : '?'}page=${target}` : basePath);

  const lastPage = list.data ? pageCount(list.data.pagination.total, list.data.pagination.limit) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) navigate(pageUrl(lastPage), true);
  });

  return (
    <>
      <PageHeader
        title="Webinaires"
        description="Planifiez vos webinaires et suivez les inscriptions."
        actions={
          <>
            <RefreshButton fetching={list.fetching} onRefresh={() => void list.refetch()} />
            <NewWebinarButton onClick={() => setCreating(true)} />
          </>
        }
      />
      <Card>
        <ListTable
          label="Liste des webinaires"
          minWidth="min-w-[820px]"
          columns={['ID', 'Titre', 'Date', 'Durée', 'Lieu', 'Participants max.', 'Statut', 'Actions']}
          state={list}
          rows={list.data?.webinars}
          loading="Chargement des webinaires..."
          empty="Aucun webinaire trouvé"
        >
          {(webinar) => (
            <tr key={webinar.id} className="group hover:bg-slate-50">
              <td className={cx(td, 'text-slate-500 tabular-nums')}>{webinar.id}</td>
              <td className={cx(td, 'font-medium text-slate-900')}>
                <a href={`/admin/webinars/${webinar.id}`} className="rounded hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600">
                  {webinar.title}
                </a>
              </td>
              <td className={cx(td, 'whitespace-nowrap')}>{formatLong(webinar.datetime)}</td>
              <td className={cx(td, 'whitespace-nowrap')}>{webinar.duration} min</td>
              <td className={td}>{webinarLocationLabel(webinar.location)}</td>
              <td className={cx(td, 'tabular-nums')}>{webinar.maxAttendees}</td>
              <td className={td}>
                <ActiveBadge active={webinar.isActive} />
              </td>
              <td className={cx(td, tdActions)}>
                <RowMenu webinar={webinar} onDelete={() => remove.ask(webinar)} />
              </td>
            </tr>
          )}
        </ListTable>
        <div className="border-t border-slate-100">
          <Pagination page={page} pages={pages} onPage={(target) => navigate(pageUrl(target))} label="Pagination des webinaires" />
        </div>
      </Card>
      <CreateWebinarDialog open={creating} onClose={() => setCreating(false)} />
      {remove.dialog}
    </>
  );
}
