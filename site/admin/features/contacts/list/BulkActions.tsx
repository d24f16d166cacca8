/**
 * The bar shown above the contacts list while rows are selected: add or remove a tag, change the status,
 * export, delete (each through `POST {base}/leads/bulk`, decision 077). Deleting asks for confirmation
 * naming how many contacts go.
 */
import { useState } from 'react';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus } from '#contract';
import { tagSchema } from '#contract/contacts';
import { errorMessage } from '../../../lib/http.ts';
import { useMutation } from '../../../lib/query.ts';
import { toast, toastError } from '../../../stores/toast.ts';
import { ConfirmDialog, Modal } from '../../../ui/dialog.tsx';
import { FormActions, SelectField, TextField } from '../../../ui/forms.tsx';
import { buttonClass } from '../../../ui/primitives.tsx';
import { useDraftForm } from '../../../ui/useDraftForm.ts';
import { contactMutations } from '../queries.ts';

type Action = 'add_tag' | 'remove_tag' | 'set_status' | 'delete';
const contacts = (count: number) => `${count} contact${count > 1 ? 's' : ''}`;

const TAG_TEXTS = {
  add_tag: { title: 'Ajouter un tag', button: 'Ajouter', done: 'Tag ajouté' },
  remove_tag: { title: 'Retirer un tag', button: 'Retirer', done: 'Tag retiré' },
};

export function BulkActions({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const [open, setOpen] = useState<Action | undefined>();
  const form = useDraftForm(() => ({ tag: '', status: 'contacted' as LeadStatus }));
  const [exporting, setExporting] = useState(false);
  const count = ids.length;

  const apply = useMutation((action: Action, value?: string, _done?: string) => contactMutations.bulk({ ids, action, value }), {
    onSuccess: (result, _action, _value, done) => {
      toast({ title: done ?? 'Contacts mis à jour', description: `${contacts(result.changed)} modifié${result.changed > 1 ? 's' : ''} sur ${count}.` });
      setOpen(undefined);
      form.set('tag')('');
      onDone();
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  const pending = exporting || apply.pending;

  async function exportSelection() {
    setExporting(true);
    try {
      const blob = await contactMutations.exportSelection(ids);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = 'contacts-selection.csv';
      link.click();
      URL.revokeObjectURL(link.href);
      toast({ title: 'Export prêt', description: `${contacts(count)} exporté${count > 1 ? 's' : ''}.` });
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setExporting(false);
    }
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

      <Modal
        open={tagAction !== undefined}
        onClose={() => setOpen(undefined)}
        title={tagAction ? TAG_TEXTS[tagAction].title : ''}
        description={`Pour ${contacts(count)} sélectionné${count > 1 ? 's' : ''}.`}
      >
        <form onSubmit={form.onSubmit(tagSchema, (parsed) => tagAction && apply.mutate(tagAction, parsed.tag, TAG_TEXTS[tagAction].done))} noValidate>
          <TextField label="Tag" {...form.field('tag')} required />
          <FormActions className="mt-6" cancel={{ onClick: () => setOpen(undefined) }} submitLabel={tagAction ? TAG_TEXTS[tagAction].button : ''} pending={pending} />
        </form>
      </Modal>

      <Modal open={open === 'set_status'} onClose={() => setOpen(undefined)} title="Changer le statut" description={`Pour ${contacts(count)} sélectionné${count > 1 ? 's' : ''}.`}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void apply.mutate('set_status', form.draft.status, 'Statut modifié');
          }}
        >
          <SelectField label="Nouveau statut" {...form.field('status')} options={LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }))} />
          <FormActions className="mt-6" cancel={{ onClick: () => setOpen(undefined) }} submitLabel="Appliquer" pending={pending} />
        </form>
      </Modal>

      <ConfirmDialog
        open={open === 'delete'}
        onClose={() => setOpen(undefined)}
        onConfirm={() => void apply.mutate('delete', undefined, 'Contacts supprimés')}
        pending={pending}
        description={`Êtes-vous sûr de vouloir supprimer ${count > 1 ? `les ${count} contacts sélectionnés` : 'le contact sélectionné'} ? Cette action ne peut pas être annulée.`}
        confirmLabel={`Supprimer ${contacts(count)}`}
      />
    </div>
  );
}
