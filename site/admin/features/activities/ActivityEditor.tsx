/**
 * The editing of one activity, the same on the task list and on a contact's activities: mark done,
 * change the status, reschedule (a Swiss calendar day), assign to a user. Each control says which
 * activity it changes, so a screen reader user moving through a list of them knows where they are.
 */
import { useState, type SubmitEvent } from 'react';
import { ACTIVITY_STATUSES, ACTIVITY_STATUS_LABELS, type ActivityStatus } from '#contract';
import { todayInZurich } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation } from '../../lib/query.ts';
import { AssigneeOptions } from './AssigneeOptions.tsx';
import { activityMutations } from './queries.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { CheckIcon } from '../../ui/icons.tsx';
import { buttonClass, controlClass, cx, Spinner, LabelledOptions } from '../../ui/primitives.tsx';

export interface EditableActivity {
  id: number;
  leadId: number;
  title: string;
  status: ActivityStatus;
  dueDate: string | null;
  assignedTo: number | null;
}

const OPEN: ActivityStatus[] = ['planned', 'in_progress'];

/** The Zurich calendar day of a due date, as an `<input type="date">` value. */
function dueDay(dueDate: string | null): string {
  return dueDate ? todayInZurich(new Date(dueDate)) : '';
}

export function ActivityEditor({ activity, compact = false }: { activity: EditableActivity; compact?: boolean }) {
  const [day, setDay] = useState(dueDay(activity.dueDate));
  const save = useMutation((body: Record<string, unknown>, _done: string) => activityMutations.update(activity.id, activity.leadId, body), {
    onSuccess: (_result, _body, done) => toast({ title: done }),
    onError: (error) => toastError(`Erreur lors de la modification de l'activité : ${errorMessage(error)}`),
  });
  const name = `« ${activity.title} »`;

  function reschedule(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void save.mutate({ dueDate: day }, day ? 'Échéance modifiée' : 'Échéance retirée');
  }

  return (
    <div className={cx('flex flex-wrap items-end gap-2', compact ? '' : 'mt-3')}>
      {OPEN.includes(activity.status) ? (
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={save.pending}
          onClick={() => void save.mutate({ status: 'completed' }, 'Activité terminée')}
          aria-label={`Terminer ${name}`}
        >
          {save.pending ? <Spinner /> : <CheckIcon size={16} />}
          Terminer
        </button>
      ) : null}
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        Statut
        <select
          className={cx(controlClass, 'h-9 py-1 text-sm')}
          aria-label={`Statut de ${name}`}
          value={activity.status}
          disabled={save.pending}
          onChange={(event) => void save.mutate({ status: event.target.value }, 'Statut modifié')}
        >
          <LabelledOptions values={ACTIVITY_STATUSES} labels={ACTIVITY_STATUS_LABELS} />
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        Assignée à
        <select
          className={cx(controlClass, 'h-9 py-1 text-sm')}
          aria-label={`Assignée à : ${name}`}
          value={activity.assignedTo === null ? '' : String(activity.assignedTo)}
          disabled={save.pending}
          onChange={(event) => void save.mutate({ assignedTo: event.target.value || null }, event.target.value ? 'Activité assignée' : 'Assignation retirée')}
        >
          <option value="">Personne</option>
          <AssigneeOptions />
        </select>
      </label>
      <form onSubmit={reschedule} className="flex items-end gap-2">
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          Échéance
          <input type="date" className={cx(controlClass, 'h-9 py-1 text-sm')} aria-label={`Échéance de ${name}`} value={day} onChange={(event) => setDay(event.target.value)} />
        </label>
        <button type="submit" className={buttonClass('ghost', 'sm')} disabled={save.pending || day === dueDay(activity.dueDate)} aria-label={`Replanifier ${name}`}>
          Replanifier
        </button>
      </form>
    </div>
  );
}
