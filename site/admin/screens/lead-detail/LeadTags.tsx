/** A contact's tags: the list with a remove button each, and the "Ajouter" form (disabled while blank). */
import { useState, type SubmitEvent } from 'react';
import { useCanEdit } from '../../stores/session.ts';
import { tagSchema } from '#schemas';
import type { LeadJson as Lead } from '#presenters';
import { mutations, queries, TOUCHES } from '../../lib/api.ts';
import { errorMessage } from '../../lib/http.ts';
import { invalidate, useMutation, useQuery } from '../../lib/query.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { controlClass } from '../../ui/forms.tsx';
import { CloseIcon, PlusIcon } from '../../ui/icons.tsx';
import { Badge, buttonClass, cx, Spinner } from '../../ui/primitives.tsx';

export function LeadTags({ lead }: { lead: Lead }) {
  const canEdit = useCanEdit();
  const leadId = String(lead.id);
  const tags = useQuery(queries.tags(leadId));
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const current = tags.data?.tags ?? lead.tags;

  const add = useMutation((tag: string) => mutations.addTag(leadId, tag), {
    onSuccess: () => {
      setDraft('');
      toast({ title: 'Tag ajouté' });
      invalidate(...TOUCHES.tags(leadId));
    },
    onError: (err) => toastError(`Erreur lors de l'ajout du tag: ${errorMessage(err)}`),
  });
  const remove = useMutation((tag: string) => mutations.removeTag(leadId, tag), {
    onSuccess: () => {
      toast({ title: 'Tag supprimé' });
      invalidate(...TOUCHES.tags(leadId));
    },
    onError: (err) => toastError(`Erreur lors de la suppression du tag: ${errorMessage(err)}`),
  });

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = tagSchema.safeParse({ tag: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    void add.mutate(parsed.data.tag);
  }

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
            onChange={(event) => setDraft(event.target.value)}
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
