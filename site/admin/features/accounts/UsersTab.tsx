/**
 * Paramètres → Utilisateurs (administrators only): the team's accounts, creation with a role, role
 * change and deactivation (with confirmation). The server refuses to leave no active administrator.
 * Another user's second factors can be reset: they enrol again at their next sign-in (decision 149).
 */
import { useState } from 'react';
import type { UserAccountJson } from '#contract/accounts';
import { USER_ROLE_LABELS, type UserRole } from '#contract';
import { formatDateTime } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { accountMutations, accountQueries } from './queries.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { PlusIcon } from '../../ui/icons.tsx';
import { Badge, buttonClass, Card, CardHeader, cx, fullName } from '../../ui/primitives.tsx';
import { td, ListTable } from '../../ui/table.tsx';
import { NewUserDialog } from './NewUserDialog.tsx';

type Change = { user: UserAccountJson; role?: UserRole; active?: boolean };

function changeText(change: Change | undefined): string {
  if (!change) return '';
  const name = fullName(change.user) || change.user.email;
  if (change.active === false) return `${name} ne pourra plus se connecter et ses sessions ouvertes seront fermées immédiatement.`;
  if (change.active === true) return `${name} pourra de nouveau se connecter.`;
  return `${name} deviendra « ${USER_ROLE_LABELS[change.role ?? 'viewer']} ».`;
}

export function UsersTab({ currentUserId }: { currentUserId: number }) {
  const list = useQuery(accountQueries.users());
  const [creating, setCreating] = useState(false);
  const [change, setChange] = useState<Change | undefined>();
  const [resetting, setResetting] = useState<UserAccountJson | undefined>();
  const reset = useMutation(accountMutations.resetUserFactors, {
    onSuccess: (answer) => {
      setResetting(undefined);
      toast({ title: 'Second facteur réinitialisé', description: answer.message });
    },
    onError: (error) => {
      setResetting(undefined);
      toastError(errorMessage(error));
    },
  });
  const update = useMutation(
    (pending: Change) =>
      accountMutations.updateUser(pending.user.id, {
        role: pending.role,
        active: pending.active,
      }),
    {
      onSuccess: () => {
        setChange(undefined);
        toast({
          title: 'Utilisateur modifié',
          description: 'Le changement est enregistré.',
        });
      },
      onError: (error) => {
        setChange(undefined);
        toastError(errorMessage(error));
      },
    },
  );
  const users = list.data?.users ?? [];

  return (
    <Card labelledBy="users-title">
      <CardHeader
        id="users-title"
        title="Utilisateurs"
        description="Administrateur : peut tout modifier. Lecture seule : voit tous les écrans, ne modifie rien."
        action={
          <button type="button" className={buttonClass('primary', 'sm')} onClick={() => setCreating(true)}>
            <PlusIcon size={16} /> Nouvel utilisateur
          </button>
        }
      />
      <ListTable
        label="Utilisateurs"
        minWidth="min-w-[960px]"
        columns={['Nom', 'Email', 'Rôle', 'État', 'Créé le', 'Actions']}
        state={list}
        rows={users}
        loading="Chargement des utilisateurs..."
        empty="Aucun utilisateur"
      >
        {(user) => {
          const name = fullName(user) || user.email;
          const self = user.id === currentUserId;
          return (
            <tr key={user.id} className="group hover:bg-slate-50">
              <td className={cx(td, 'font-medium text-slate-900')}>
                {name} {self ? <span className="text-xs font-normal text-slate-500">(vous)</span> : null}
              </td>
              <td className={td}>{user.email}</td>
              <td className={td}>
                <Badge tone={user.role === 'admin' ? 'indigo' : 'gray'}>{USER_ROLE_LABELS[user.role]}</Badge>
              </td>
              <td className={td}>{user.active ? <Badge tone="green">Actif</Badge> : <Badge tone="red">Désactivé</Badge>}</td>
              <td className={cx(td, 'whitespace-nowrap')}>{formatDateTime(user.createdAt)}</td>
              <td className={cx(td, 'whitespace-nowrap text-right')}>
                <div className="flex justify-end gap-2">
                  <button
                    type="button"
                    className={buttonClass('secondary', 'sm')}
                    onClick={() =>
                      setChange({
                        user,
                        role: user.role === 'admin' ? 'viewer' : 'admin',
                      })
                    }
                  >
                    {user.role === 'admin' ? 'Passer en lecture seule' : 'Nommer administrateur'}
                    <span className="sr-only"> : {name}</span>
                  </button>
                  {self ? null : (
                    <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setResetting(user)}>
                      Réinitialiser le second facteur
                      <span className="sr-only"> : {name}</span>
                    </button>
                  )}
                  <button type="button" className={buttonClass(user.active ? 'danger-ghost' : 'secondary', 'sm')} onClick={() => setChange({ user, active: !user.active })}>
                    {user.active ? 'Désactiver' : 'Réactiver'}
                    <span className="sr-only"> : {name}</span>
                  </button>
                </div>
              </td>
            </tr>
          );
        }}
      </ListTable>
      <NewUserDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={change !== undefined}
        onClose={() => setChange(undefined)}
        onConfirm={() => change && void update.mutate(change)}
        pending={update.pending}
        title={change?.active === false ? 'Désactiver ce compte ?' : change?.active === true ? 'Réactiver ce compte ?' : 'Changer le rôle ?'}
        description={changeText(change)}
        confirmLabel={change?.active === false ? 'Désactiver' : 'Confirmer'}
        pendingLabel="Enregistrement..."
      />
      <ConfirmDialog
        open={resetting !== undefined}
        onClose={() => setResetting(undefined)}
        onConfirm={() => resetting && void reset.mutate(resetting.id)}
        pending={reset.pending}
        title="Réinitialiser le second facteur ?"
        description={`Les applications, clés d'accès et codes de secours de ${resetting ? fullName(resetting) || resetting.email : ''} seront supprimés et ses sessions fermées. À sa prochaine connexion, après son mot de passe, il lui faudra ajouter un nouveau second facteur.`}
        confirmLabel="Réinitialiser"
        pendingLabel="Réinitialisation..."
      />
    </Card>
  );
}
