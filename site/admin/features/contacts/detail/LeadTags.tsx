/** A contact's tags: the list with a remove button each, and the "Ajouter" form (disabled while blank). */
import { useCanEdit } from '../../../stores/session.ts';
import { tagSchema } from '#contract/contacts';
import type { LeadJson as Lead } from '#contract/contacts';
import { errorMessage } from '../../../lib/http.ts';
import { useMutation, useQuery } from '../../../lib/query.ts';
import { contactMutations, contactQueries } from '../queries.ts';
import { toast, toastError } from '../../../stores/toast.ts';
import { controlClass } from '../../../ui/forms.tsx';
import { CloseIcon, PlusIcon } from '../../../ui/icons.tsx';
import { Badge, buttonClass, cx, Spinner } from '../../../ui/primitives.tsx';
import { useDraftForm } from '../../../ui/useDraftForm.ts';

export function LeadTags({ lead }: { lead: Lead }) {
  const canEdit = useCanEdit();
  const leadId = String(lead.id);
  const tags = useQuery(contactQueries.tags(leadId));
  const form = useDraftForm(() => ({ tag: '' }));
  const draft = form.draft.tag;
  const error = form.errors.tag;
  const current = tags.data?.tags ?? lead.tags;

  const add = useMutation((tag: string) => contactMutations.addTag(leadId, tag), {
    onSuccess: () => {
      form.reset();
      toast({ title: 'Tag ajouté' });
    },
    onError: (err) => toastError(`Erreur lors de l'ajout du tag: ${errorMessage(err)}`),
  });
  const remove = useMutation((tag: string) => contactMutations.removeTag(leadId, tag), {
    onSuccess: () => {
      toast({ title: 'Tag supprimé' });
    },
    onError: (err) => toastError(`Erreur lors de la suppression du tag: ${errorMessage(err)}`),
  });

  const submit = form.onSubmit(tagSchema, (parsed) => add.mutate(parsed.tag));

  return (
    <div className="border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Tags</h3>
      {current.length ? (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags du contact">
          {current.map((tag) => (
            <li key={tag}>
              <Badge tone="indigo" className="gap-1 py-1 pr-1">
                {tag}
                {canEdit ? (
                  <button
                    type="button"
                    onClick={() => void remove.mutate(tag)}
                    disabled={remove.pending}
                    className="rounded-full p-0.5 text-accent-600 hover:bg-accent-100 focus-visible:outline-2 focus-visible:outline-accent-600"
                  >
                    <CloseIcon size={12} />
                    <span className="sr-only">Supprimer le tag {tag}</span>
                  </button>
                ) : null}
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-500">Aucun tag</p>
      )}
      {canEdit ? (
        <form onSubmit={submit} className="mt-3 flex gap-2">
          <label htmlFor="new-tag" className="sr-only">
            Nouveau tag
          </label>
          <input
            id="new-tag"
            value={draft}
            onChange={(event) => form.set('tag')(event.target.value)}
            placeholder="Ajouter un tag"
            maxLength={50}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'new-tag-error' : undefined}
            className={cx(controlClass, 'h-9')}
          />
          <button type="submit" className={buttonClass('secondary', 'sm', 'h-9')} disabled={draft.trim() === '' || add.pending}>
            {add.pending ? <Spinner /> : <PlusIcon size={16} />}
            Ajouter
          </button>
        </form>
      ) : null}
      {error ? (
        <p id="new-tag-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
