/** Webinars (/admin/webinars and /admin?tab=webinars): list, creation dialog, confirmed delete. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { mutations, PAGE_SIZE, queries, TOUCHES } from '../lib/api.ts';
import { formatLong } from '../lib/dates.ts';
import { errorMessage } from '../lib/http.ts';
import { invalidate, useMutation, useQuery } from '../lib/query.ts';
import type { Webinar } from '../lib/types.ts';
import { $router, navigate } from '../stores/router.ts';
import { toast, toastError } from '../stores/toast.ts';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { EyeIcon, PlusIcon, RefreshIcon, UsersIcon } from '../ui/icons.tsx';
import { pageCount, Pagination } from '../ui/pagination.tsx';
import { buttonClass, Card, cx, PageHeader, Spinner } from '../ui/primitives.tsx';
import { CreateWebinarDialog } from './CreateWebinarDialog.tsx';
import { CancellationNotice } from './CancellationNotice.tsx';
import { ActiveBadge, RowActionsMenu, Table, TableHead, tableState, td, tdActions } from './shared.tsx';

export function webinarDeleteText(webinar: Webinar | undefined): string {
  return `Êtes-vous sûr de vouloir supprimer le webinaire ${webinar?.title ?? ''} ? Cette action est irréversible.`;
}

/** Delete with confirmation, shared by the list page and the tabbed page. */
export function useWebinarDelete() {
  const [toDelete, setToDelete] = useState<Webinar | undefined>();
  const remove = useMutation((webinar: Webinar) => mutations.deleteWebinar(webinar.id), {
    onSuccess: () => {
      setToDelete(undefined);
      toast({ title: 'Webinaire supprimé', description: 'Le webinaire a été supprimé avec succès.' });
      invalidate(...TOUCHES.webinars);
    },
    onError: (error) => {
      setToDelete(undefined);
      toastError(`Erreur lors de la suppression du webinaire: ${errorMessage(error)}`);
    },
  });
  const dialog = (
    <ConfirmDialog
      open={toDelete !== undefined}
      onClose={() => setToDelete(undefined)}
      onConfirm={() => toDelete && void remove.mutate(toDelete)}
      pending={remove.pending}
      description={<>{webinarDeleteText(toDelete)} <CancellationNotice webinarId={toDelete?.id} /></>}
    />
  );
  return { ask: setToDelete, dialog };
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
  const list = useQuery(queries.webinars(page));
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
            <button type="button" className={buttonClass('secondary')} disabled={list.fetching} onClick={() => void list.refetch()}>
              {list.fetching ? <Spinner /> : <RefreshIcon size={16} />}
              Actualiser
            </button>
            <button type="button" className={buttonClass('primary')} onClick={() => setCreating(true)}>
              <PlusIcon size={16} />
              Nouveau webinaire
            </button>
          </>
        }
      />
      <Card>
        <Table label="Liste des webinaires" minWidth="min-w-[820px]">
          <TableHead columns={['ID', 'Titre', 'Date', 'Durée', 'Lieu', 'Participants max.', 'Statut', 'Actions']} />
          <tbody className="divide-y divide-slate-100">
            {tableState(list, !list.data?.webinars.length, { colSpan: 8, loading: 'Chargement des webinaires...', empty: 'Aucun webinaire trouvé' }) ??
              list.data?.webinars.map((webinar) => (
                <tr key={webinar.id} className="group hover:bg-slate-50">
                  <td className={cx(td, 'text-slate-500 tabular-nums')}>{webinar.id}</td>
                  <td className={cx(td, 'font-medium text-slate-900')}>
                    <a
                      href={`/admin/webinars/${webinar.id}`}
                      className="rounded hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
                    >
                      {webinar.title}
                    </a>
                  </td>
                  <td className={cx(td, 'whitespace-nowrap')}>{formatLong(webinar.datetime)}</td>
                  <td className={cx(td, 'whitespace-nowrap')}>{webinar.duration ?? 60} min</td>
                  <td className={td}>{webinar.location || 'online'}</td>
                  <td className={cx(td, 'tabular-nums')}>{webinar.maxAttendees ?? 100}</td>
                  <td className={td}>
                    <ActiveBadge active={webinar.isActive} />
                  </td>
                  <td className={cx(td, tdActions)}>
                    <RowMenu webinar={webinar} onDelete={() => remove.ask(webinar)} />
                  </td>
                </tr>
              ))
            }
          </tbody>
        </Table>
        <div className="border-t border-slate-100">
          <Pagination page={page} pages={pages} onPage={(target) => navigate(pageUrl(target))} label="Pagination des webinaires" />
        </div>
      </Card>
      <CreateWebinarDialog open={creating} onClose={() => setCreating(false)} />
      {remove.dialog}
    </>
  );
}
