/**
 * The bar shown above the contacts list while rows are selected: add or remove a tag, change the status,
 * export, delete (each through `POST {base}/leads/bulk`, decision 077). Deleting asks for confirmation
 * naming how many contacts go.
 */
import { useState, type SubmitEvent } from 'react';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus } from '#schemas/options.ts';
import { tagNameSchema } from '#schemas/leads.ts';
import { bulkMutations, TOUCHES } from '../../lib/api.ts';
import { errorMessage } from '../../lib/http.ts';
import { invalidate } from '../../lib/query.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { ConfirmDialog, Modal } from '../../ui/dialog.tsx';
import { SelectField, TextField } from '../../ui/forms.tsx';
import { buttonClass, Spinner } from '../../ui/primitives.tsx';

type Action = 'add_tag' | 'remove_tag' | 'set_status' | 'delete';
const contacts = (count: number) => `${count} contact${count > 1 ? 's' : ''}`;

const TAG_TEXTS = {
  add_tag: { title: 'Ajouter un tag', button: 'Ajouter', done: 'Tag ajouté' },
  remove_tag: { title: 'Retirer un tag', button: 'Retirer', done: 'Tag retiré' },
};

export function BulkActions({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const [open, setOpen] = useState<Action | undefined>();
  const [tag, setTag] = useState('');
  const [tagError, setTagError] = useState<string | undefined>();
  const [status, setStatus] = useState<LeadStatus>('contacted');
  const [pending, setPending] = useState(false);
  const count = ids.length;

  async function run(action: Action, value?: string, done?: string) {
    setPending(true);
    try {
      const result = await bulkMutations.bulk({ ids, action, value });
      toast({ title: done ?? 'Contacts mis à jour', description: `${contacts(result.changed)} modifié${result.changed > 1 ? 's' : ''} sur ${count}.` });
      invalidate(...TOUCHES.leads);
      setOpen(undefined);
      setTag('');
      onDone();
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  async function exportSelection() {
    setPending(true);
    try {
      const blob = await bulkMutations.exportSelection(ids);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = 'contacts-selection.csv';
      link.click();
      URL.revokeObjectURL(link.href);
      toast({ title: 'Export prêt', description: `${contacts(count)} exporté${count > 1 ? 's' : ''}.` });
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  function submitTag(event: SubmitEvent<HTMLFormElement>, action: 'add_tag' | 'remove_tag') {
    event.preventDefault();
    const parsed = tagNameSchema.safeParse(tag);
    if (!parsed.success) return setTagError(parsed.error.issues[0]?.message);
    setTagError(undefined);
    void run(action, parsed.data, TAG_TEXTS[action].done);
  }

  const tagAction = open === 'add_tag' || open === 'remove_tag' ? open : undefined;
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 bg-accent-50/50 px-5 py-3" role="region" aria-label="Actions groupées">
      <p className="mr-2 text-sm font-medium text-slate-900" aria-live="polite">
        {count} sélectionné{count > 1 ? 's' : ''}
      </p>
      <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setOpen('add_tag')}>
        Ajouter un tag
      </button>
      <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setOpen('remove_tag')}>
        Retirer un tag
      </button>
      <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setOpen('set_status')}>
        Changer le statut
      </button>
      <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void exportSelection()} disabled={pending}>
        Exporter
      </button>
      <button type="button" className={buttonClass('danger-ghost', 'sm')} onClick={() => setOpen('delete')}>
        Supprimer
      </button>
      <button type="button" className={buttonClass('ghost', 'sm', 'ml-auto')} onClick={onDone}>
        Désélectionner
      </button>

      <Modal open={tagAction !== undefined} onClose={() => setOpen(undefined)} title={tagAction ? TAG_TEXTS[tagAction].title : ''} description={`Pour ${contacts(count)} sélectionné${count > 1 ? 's' : ''}.`}>
        <form onSubmit={(event) => tagAction && submitTag(event, tagAction)} noValidate>
          <TextField label="Tag" name="tag" value={tag} onChange={setTag} error={tagError} required />
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonClass('secondary')} onClick={() => setOpen(undefined)}>
              Annuler
            </button>
            <button type="submit" className={buttonClass('primary')} disabled={pending}>
              {pending ? <Spinner /> : null}
              {tagAction ? TAG_TEXTS[tagAction].button : ''}
            </button>
          </div>
        </form>
      </Modal>

      <Modal open={open === 'set_status'} onClose={() => setOpen(undefined)} title="Changer le statut" description={`Pour ${contacts(count)} sélectionné${count > 1 ? 's' : ''}.`}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void run('set_status', status, 'Statut modifié');
          }}
        >
          <SelectField
            label="Nouveau statut"
            name="status"
            value={status}
            onChange={setStatus}
            options={LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }))}
          />
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonClass('secondary')} onClick={() => setOpen(undefined)}>
              Annuler
            </button>
            <button type="submit" className={buttonClass('primary')} disabled={pending}>
              {pending ? <Spinner /> : null}
              Appliquer
            </button>
          </div>
        </form>
      </Modal>

      <ConfirmDialog
        open={open === 'delete'}
        onClose={() => setOpen(undefined)}
        onConfirm={() => void run('delete', undefined, 'Contacts supprimés')}
        pending={pending}
        description={`Êtes-vous sûr de vouloir supprimer ${count > 1 ? `les ${count} contacts sélectionnés` : 'le contact sélectionné'} ? Cette action ne peut pas être annulée.`}
        confirmLabel={`Supprimer ${contacts(count)}`}
      />
    </div>
  );
}
