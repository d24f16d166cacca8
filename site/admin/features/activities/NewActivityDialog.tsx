/** "Nouvelle activité": type, status, title, description, due date (today by default), completion moment. */
import { ACTIVITY_STATUSES, ACTIVITY_STATUS_LABELS, ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS, type ActivityStatus, type ActivityType } from '#contract';
import { activityCreateSchema } from '#contract/contacts';
import { todayInZurich, zurichLocalToIso } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation } from '../../lib/query.ts';
import { activityMutations } from './queries.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { FormActions, SelectField, TextAreaField, TextField } from '../../ui/forms.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';

interface ActivityDraft {
  type: ActivityType;
  title: string;
  description: string;
  status: ActivityStatus;
  dueDate: string;
  completedAt: string;
}

const emptyActivity = (): ActivityDraft => ({
  type: 'note',
  title: '',
  description: '',
  status: 'planned',
  dueDate: todayInZurich(),
  completedAt: '',
});

function completionInstant(typed: string): string {
  if (!typed) return '';
  const [day, time] = typed.split('T');
  return zurichLocalToIso(day ?? '', (time ?? '').slice(0, 5)) ?? typed;
}

export function NewActivityDialog({ leadId, open, onClose }: { leadId: string; open: boolean; onClose: () => void }) {
  const form = useDraftForm<ActivityDraft>(emptyActivity);
  const { field } = form;

  const create = useMutation((body: Record<string, unknown>) => activityMutations.create(leadId, body), {
    onSuccess: () => {
      toast({ title: 'Activité créée' });
      form.reset();
      onClose();
    },
    onError: (error) => {
      form.showServerErrors(error);
      toastError(`Erreur lors de la création de l'activité: ${errorMessage(error)}`);
    },
  });

  // The completion moment is typed in Swiss time (datetime-local) and sent as an instant.
  const submit = form.onSubmit(activityCreateSchema, create.mutate, { body: (typed) => ({ ...typed, completedAt: completionInstant(typed.completedAt) }) });

  return (
    <FormDialog open={open} onClose={onClose} title="Nouvelle activité" description="Enregistrez un échange ou planifiez une action pour ce contact." onSubmit={submit}>
      <SelectField label="Type" {...field('type')} options={ACTIVITY_TYPES.map((value) => ({ value, label: ACTIVITY_TYPE_LABELS[value] }))} />
      <SelectField label="Statut" {...field('status')} options={ACTIVITY_STATUSES.map((value) => ({ value, label: ACTIVITY_STATUS_LABELS[value] }))} />
      <TextField label="Titre" {...field('title')} required className="sm:col-span-2" />
      <TextAreaField label="Description" {...field('description')} rows={3} className="sm:col-span-2" />
      <TextField label="Date d'échéance" {...field('dueDate')} type="date" />
      <TextField label="Date de réalisation" {...field('completedAt')} type="datetime-local" hint="Facultative ; une activité terminée sans date prend l'heure actuelle." />
      <FormActions cancel={{ onClick: onClose }} submitLabel="Créer l'activité" pendingLabel="Création..." pending={create.pending} className="mt-2 sm:col-span-2" />
    </FormDialog>
  );
}
