/** Rename a tag; when the new name exists (any letter case) the two merge. The dialog names how many contacts change. */
import { useState, type SubmitEvent } from 'react';
import type { TagJson } from '#presenters';
import { tagRenameSchema } from '#schemas';
import { errorMessage } from '../../lib/http.ts';
import { invalidate } from '../../lib/query.ts';
import { SETTINGS_TOUCHES, settingsMutations } from '../../lib/settings-api.ts';
import { toast } from '../../stores/toast.ts';
import { Modal } from '../../ui/dialog.tsx';
import { FormActions, TextField } from '../../ui/forms.tsx';

const contacts = (count: number) => `${count} contact${count > 1 ? 's' : ''}`;

export function RenameTagDialog({ tag, tags, onClose }: { tag: TagJson | undefined; tags: TagJson[]; onClose: () => void }) {
  // The parent remounts the dialog for each tag (key), so the field starts from its name.
  const [name, setName] = useState(tag?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const target = name.trim();
  const existing = tag
    ? tags.find((other) => other.name.toLowerCase() === target.toLowerCase() && other.name.toLowerCase() !== tag.name.toLowerCase())
    : undefined;
  const summary = !tag
    ? ''
    : existing
      ? `« ${tag.name} » sera fusionné avec le tag existant « ${existing.name} » : ${contacts(tag.count)} changeront.`
      : `${contacts(tag.count)} changeront.`;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!tag) return;
    const parsed = tagRenameSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setPending(true);
    try {
      const result = await settingsMutations.renameTag(tag.name, parsed.data.name);
      invalidate(...SETTINGS_TOUCHES.tags);
      toast({
        title: result.merged ? 'Tags fusionnés' : 'Tag renommé',
        description: `« ${tag.name} » est devenu « ${parsed.data.name} » sur ${contacts(result.contacts)}.`,
      });
      onClose();
    } catch (caught) {
      toast({
        title: 'Erreur',
        description: errorMessage(caught),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      open={tag !== undefined}
      onClose={pending ? () => {} : onClose}
      title="Renommer le tag"
      description={tag ? `Tag actuel : « ${tag.name} »` : undefined}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField label="Nouveau nom" name="name" value={name} onChange={setName} required error={error} />
        <p className="text-sm text-slate-700" aria-live="polite">
          {summary}
        </p>
        <FormActions cancel={{ onClick: onClose }} submitLabel={existing ? 'Fusionner' : 'Renommer'} pendingLabel="Enregistrement..." pending={pending} />
      </form>
    </Modal>
  );
}
