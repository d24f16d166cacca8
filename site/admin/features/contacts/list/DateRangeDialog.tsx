/** "Par date" → "Plage de dates…": the first and last day (inclusive, Swiss days) of the contacts' creation. */
import { dateRangeIssue, leadListQuerySchema } from '#contract/contacts';
import { Modal } from '../../../ui/dialog.tsx';
import { FormActions, TextField } from '../../../ui/forms.tsx';
import { useDraftForm } from '../../../ui/useDraftForm.ts';

const rangeSchema = leadListQuerySchema.pick({ createdFrom: true, createdTo: true });

export function DateRangeDialog(props: { open: boolean; from: string; to: string; onClose: () => void; onApply: (range: { from: string; to: string }) => void }) {
  const form = useDraftForm(() => ({ createdFrom: props.from, createdTo: props.to }));
  const { createdFrom: from, createdTo: to } = form.draft;
  // The messages go under "Au": the range is one answer.
  const submit = form.onSubmit(rangeSchema, () => props.onApply({ from, to }), {
    extraErrors: (found) => {
      if (!from && !to) found.createdTo = 'Indiquez au moins une des deux dates.';
      const issue = dateRangeIssue({ createdFrom: from, createdTo: to });
      if (issue) found[issue.path] = issue.message;
    },
  });

  return (
    <Modal open={props.open} onClose={props.onClose} title="Plage de dates" description="Contacts créés entre ces deux jours inclus (heure suisse).">
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="Du" {...form.field('createdFrom')} type="date" />
        <TextField label="Au" {...form.field('createdTo')} type="date" />
        <FormActions className="sm:col-span-2" cancel={{ onClick: props.onClose }} submitLabel="Appliquer" pending={false} />
      </form>
    </Modal>
  );
}
