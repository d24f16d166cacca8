/** Rename a tag; when the new name exists (any letter case) the two merge. The dialog names how many contacts change. */
import type { TagJson } from '#contract/contacts';
import { tagRenameSchema } from '#contract/contacts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation } from '../../lib/query.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { Modal } from '../../ui/dialog.tsx';
import { FormActions, TextField } from '../../ui/forms.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { contactsText } from './contacts-text.ts';
import { tagMutations } from './queries.ts';

export function RenameTagDialog({ tag, tags, onClose }: { tag: TagJson | undefined; tags: TagJson[]; onClose: () => void }) {
  // The parent remounts the dialog for each tag (key), so the field starts from its name.
  const form = useDraftForm(() => ({ name: tag?.name ?? '' }));
  const rename = useMutation(tagMutations.rename, {
    onSuccess: (result, from, to) => {
      toast({
        title: result.merged ? 'Tags fusionnés' : 'Tag renommé',
        description: `« ${from} » est devenu « ${to} » sur ${contactsText(result.contacts)}.`,
      });
      onClose();
    },
    onError: (error) => toastError(errorMessage(error)),
  });

  const target = form.draft.name.trim();
  const existing = tag ? tags.find((other) => other.name.toLowerCase() === target.toLowerCase() && other.name.toLowerCase() !== tag.name.toLowerCase()) : undefined;
  const summary = !tag ? '' : existing ? `« ${tag.name} » sera fusionné avec le tag existant « ${existing.name} » : ${contactsText(tag.count)} changeront.` : `${contactsText(tag.count)} changeront.`;

  return (
    <Modal open={tag !== undefined} onClose={rename.pending ? () => {} : onClose} title="Renommer le tag" description={tag ? `Tag actuel : « ${tag.name} »` : undefined}>
      <form onSubmit={form.onSubmit(tagRenameSchema, (parsed) => tag && rename.mutate(tag.name, parsed.name))} noValidate className="grid gap-4">
        <TextField label="Nouveau nom" {...form.field('name')} required />
        <p className="text-sm text-slate-700" aria-live="polite">
          {summary}
        </p>
        <FormActions cancel={{ onClick: onClose }} submitLabel={existing ? 'Fusionner' : 'Renommer'} pendingLabel="Enregistrement..." pending={rename.pending} />
      </form>
    </Modal>
  );
}
