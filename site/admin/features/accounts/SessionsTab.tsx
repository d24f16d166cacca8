/** Paramètres → Sessions: the user's open sessions, this one marked, each with "Déconnecter". */
import { formatDateTime } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { accountMutations, accountQueries } from './queries.ts';
import { leaveTo } from '../../stores/router.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { Badge, buttonClass, Card, CardHeader, cx } from '../../ui/primitives.tsx';
import { td, ListTable } from '../../ui/table.tsx';

export function SessionsTab() {
  const list = useQuery(accountQueries.sessions());
  const end = useMutation(accountMutations.endSession, {
    onSuccess: (_result, session) => {
      if (session.current) {
        leaveTo('/login');
        return;
      }
      toast({
        title: 'Session fermée',
        description: `La session ${session.browser} a été déconnectée.`,
      });
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  const sessions = list.data?.sessions ?? [];

  return (
    <Card labelledBy="sessions-title">
      <CardHeader id="sessions-title" title="Sessions actives" description="Les appareils où votre compte est connecté. Déconnectez ceux que vous ne reconnaissez pas." />
      <ListTable
        label="Sessions actives"
        minWidth="min-w-[640px]"
        columns={['Navigateur', 'Adresse IP', 'Dernière activité', 'Ouverte le', 'Actions']}
        state={list}
        rows={sessions}
        loading="Chargement des sessions..."
        empty="Aucune session active"
      >
        {(session) => (
          <tr key={session.id} className="group hover:bg-slate-50">
            <td className={cx(td, 'font-medium text-slate-900')}>
              {session.browser} {session.current ? <Badge tone="green">Cette session</Badge> : null}
            </td>
            <td className={cx(td, 'tabular-nums')}>{session.ipPrefix ?? '-'}</td>
            <td className={cx(td, 'whitespace-nowrap')}>{formatDateTime(session.lastSeenAt)}</td>
            <td className={cx(td, 'whitespace-nowrap')}>{formatDateTime(session.createdAt)}</td>
            <td className={cx(td, 'text-right')}>
              <button type="button" className={buttonClass('secondary', 'sm')} disabled={end.pending} onClick={() => void end.mutate(session)}>
                Déconnecter
                <span className="sr-only">
                  {' '}
                  la session {session.browser}
                  {session.current ? ' (celle-ci)' : ''}
                </span>
              </button>
            </td>
          </tr>
        )}
      </ListTable>
    </Card>
  );
}
