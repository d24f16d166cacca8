/**
 * Paramètres → Sécurité: the user's own second factors (add an app or a passkey, remove one after a
 * confirmation) and the recovery codes left (new ones replace them). Adding or removing may ask for a
 * recent proof: the shared client's re-authentication handles that 403 (docs/decisions/149-second-factor-screens.md).
 */
import { useState } from 'react';
import { formatDateTime } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { ConfirmDialog, Modal } from '../../ui/dialog.tsx';
import { PlusIcon } from '../../ui/icons.tsx';
import { Badge, buttonClass, Card, CardHeader, cx, Spinner } from '../../ui/primitives.tsx';
import { td, ListTable } from '../../ui/table.tsx';
import { PasskeySetup } from './PasskeySetup.tsx';
import { accountMutations, accountQueries } from './queries.ts';
import { RecoveryCodesPanel } from './RecoveryCodesPanel.tsx';
import { FACTOR_TYPE_LABELS, startTotpEnrolment, type FactorJson, type TotpEnrolmentJson } from './second-factor-api.ts';
import { TotpSetup } from './TotpSetup.tsx';

type Adding = { kind: 'totp'; enrolment: TotpEnrolmentJson } | { kind: 'passkey' } | { kind: 'codes'; codes: string[] };

const ADDING_TITLES: Record<Adding['kind'], string> = {
  totp: 'Ajouter une application',
  passkey: "Ajouter une clé d'accès",
  codes: 'Vos nouveaux codes de secours',
};

export function SecurityTab() {
  const list = useQuery(accountQueries.factors());
  const [adding, setAdding] = useState<Adding | undefined>();
  const [removing, setRemoving] = useState<FactorJson | undefined>();
  const [regenerating, setRegenerating] = useState(false);
  const start = useMutation(startTotpEnrolment, {
    onSuccess: (enrolment) => setAdding({ kind: 'totp', enrolment }),
    onError: (error) => toastError(errorMessage(error)),
  });
  const remove = useMutation(accountMutations.removeFactor, {
    onSuccess: () => {
      toast({ title: 'Facteur supprimé', description: `« ${removing?.name ?? ''} » ne permet plus de vous connecter.` });
      setRemoving(undefined);
    },
    onError: (error) => {
      setRemoving(undefined);
      toastError(errorMessage(error));
    },
  });
  const regenerate = useMutation(accountMutations.regenerateRecoveryCodes, {
    onSuccess: (answer) => {
      setRegenerating(false);
      setAdding({ kind: 'codes', codes: answer.recoveryCodes });
    },
    onError: (error) => {
      setRegenerating(false);
      toastError(errorMessage(error));
    },
  });
  const factors = list.data?.factors ?? [];
  const left = list.data?.recoveryCodesLeft;

  function added(codes: string[] | undefined, what: string) {
    toast({ title: 'Second facteur ajouté', description: `${what} permet désormais de vous connecter. Vos autres sessions ont été fermées.` });
    setAdding(codes?.length ? { kind: 'codes', codes } : undefined);
  }

  return (
    <div className="space-y-6">
      <Card labelledBy="factors-title">
        <CardHeader
          id="factors-title"
          title="Second facteur"
          description="Après votre mot de passe, vous confirmez votre identité avec l'un de ces moyens."
          action={
            <div className="flex flex-wrap gap-2">
              <button type="button" className={buttonClass('primary', 'sm')} disabled={start.pending} onClick={() => void start.mutate()}>
                {start.pending ? <Spinner /> : <PlusIcon size={16} />} Ajouter une application
              </button>
              <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setAdding({ kind: 'passkey' })}>
                <PlusIcon size={16} /> Ajouter une clé d'accès
              </button>
            </div>
          }
        />
        <ListTable
          label="Vos seconds facteurs"
          minWidth="min-w-[560px]"
          columns={['Type', 'Nom', 'Ajouté le', 'Actions']}
          state={list}
          rows={factors}
          loading="Chargement des facteurs..."
          empty="Aucun second facteur"
        >
          {(factor) => (
            <tr key={factor.id} className="hover:bg-slate-50">
              <td className={td}>
                <Badge tone={factor.type === 'passkey' ? 'violet' : 'indigo'}>{FACTOR_TYPE_LABELS[factor.type]}</Badge>
              </td>
              <td className={cx(td, 'font-medium text-slate-900')}>{factor.name}</td>
              <td className={cx(td, 'whitespace-nowrap')}>{formatDateTime(factor.createdAt)}</td>
              <td className={cx(td, 'text-right')}>
                <button type="button" className={buttonClass('danger-ghost', 'sm')} onClick={() => setRemoving(factor)}>
                  Supprimer<span className="sr-only"> : {factor.name}</span>
                </button>
              </td>
            </tr>
          )}
        </ListTable>
      </Card>
      <Card labelledBy="recovery-title">
        <CardHeader
          id="recovery-title"
          title="Codes de secours"
          description={left === undefined ? 'Chargement…' : `Codes de secours : ${left} restant${left > 1 ? 's' : ''}`}
          action={
            <button type="button" className={buttonClass('secondary', 'sm')} disabled={regenerate.pending || factors.length === 0} onClick={() => setRegenerating(true)}>
              Générer de nouveaux codes
            </button>
          }
        />
        <p className="px-5 py-4 text-sm text-slate-600">Chaque code permet une connexion sans votre application ni votre clé d'accès. De nouveaux codes remplacent tous les anciens.</p>
      </Card>

      <Modal open={adding !== undefined} onClose={() => setAdding(undefined)} title={adding ? ADDING_TITLES[adding.kind] : ''} size="lg">
        {adding?.kind === 'totp' ? <TotpSetup enrolment={adding.enrolment} onConfirmed={(codes) => added(codes, "L'application d'authentification")} onCancel={() => setAdding(undefined)} /> : null}
        {adding?.kind === 'passkey' ? <PasskeySetup onRegistered={(factor, codes) => added(codes, `La clé « ${factor.name} »`)} onCancel={() => setAdding(undefined)} /> : null}
        {adding?.kind === 'codes' ? <RecoveryCodesPanel codes={adding.codes} onDone={() => setAdding(undefined)} doneLabel="Terminé" /> : null}
      </Modal>
      <ConfirmDialog
        open={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => removing && void remove.mutate(removing.id)}
        pending={remove.pending}
        title="Supprimer ce facteur ?"
        description={`« ${removing?.name ?? ''} » ne permettra plus de vous connecter. Vos autres sessions seront fermées.`}
      />
      <ConfirmDialog
        open={regenerating}
        onClose={() => setRegenerating(false)}
        onConfirm={() => void regenerate.mutate()}
        pending={regenerate.pending}
        title="Générer de nouveaux codes ?"
        description="Les codes de secours actuels ne fonctionneront plus. Les nouveaux codes ne seront affichés qu'une fois."
        confirmLabel="Générer"
        pendingLabel="Génération..."
      />
    </div>
  );
}
