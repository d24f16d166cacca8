/** A sequence's state card: Mettre en pause / Reprendre, its statistics, and its deletion (confirmed). */
import { useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { useMutation } from '../../lib/query.ts';
import { navigate } from '../../stores/router.ts';
import { useCanEdit } from '../../stores/session.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { buttonClass, Card, CardHeader } from '../../ui/primitives.tsx';
import { SEQUENCE_COPY } from './copy.ts';
import { sequenceMutations, type SequenceAnswer } from './queries.ts';

const copy = SEQUENCE_COPY.editor;
const failed = (error: unknown) => toastError(`${SEQUENCE_COPY.errors.action} : ${errorMessage(error)}`);

export function StateCard({ sequence }: { sequence: SequenceAnswer }) {
  const canEdit = useCanEdit();
  const [removing, setRemoving] = useState(false);
  const pause = useMutation(sequenceMutations.pause, { onSuccess: () => toast({ title: copy.paused }), onError: failed });
  const resume = useMutation(sequenceMutations.resume, { onSuccess: () => toast({ title: copy.resumed }), onError: failed });
  const remove = useMutation(sequenceMutations.remove, {
    onSuccess: () => {
      setRemoving(false);
      toast({ title: copy.removed, description: copy.removedText });
      navigate('/admin/emails/sequences', true);
    },
    onError: (error) => {
      setRemoving(false);
      toastError(copy.removeFailed(errorMessage(error)));
    },
  });
  const busy = pause.pending || resume.pending;
  return (
    <Card labelledBy="sequence-state-title">
      <CardHeader id="sequence-state-title" title={copy.stateTitle} />
      <div className="space-y-4 p-5">
        <p className="text-sm text-slate-600">{sequence.status === 'paused' ? copy.pausedHint : copy.activeHint}</p>
        <div className="flex flex-wrap gap-2">
          {canEdit ? (
            sequence.status === 'active' ? (
              <button type="button" className={buttonClass('secondary')} disabled={busy} onClick={() => void pause.mutate(sequence.id)}>
                {copy.pause}
              </button>
            ) : (
              <button type="button" className={buttonClass('primary')} disabled={busy} onClick={() => void resume.mutate(sequence.id)}>
                {copy.resume}
              </button>
            )
          ) : null}
          <a href={`/admin/emails/sequences/${sequence.id}/stats`} className={buttonClass('secondary')}>
            {copy.stats}
          </a>
          {canEdit ? (
            <button type="button" className={buttonClass('danger-ghost')} onClick={() => setRemoving(true)}>
              {copy.remove}
            </button>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={removing}
        onClose={() => setRemoving(false)}
        onConfirm={() => void remove.mutate(sequence.id)}
        pending={remove.pending}
        description={copy.removeQuestion(sequence.name)}
        confirmLabel={copy.remove}
      />
    </Card>
  );
}
