/**
 * Tâches (/admin/tasks, decision 071): every open activity across contacts in four groups (En retard,
 * Aujourd'hui, À venir, Sans échéance, by the Swiss day), filtered by type and by assignee (kept in
 * the URL). Each group pages on its own; each row links to its contact and carries the editing controls.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS } from '#contract';
import { TASK_DUE_GROUPS, TASK_DUE_LABELS, type TaskDueGroup } from '#contract/contacts';
import { PAGE_SIZE } from '../../lib/api.ts';
import { formatDue } from '../../lib/dates.ts';
import { useQuery } from '../../lib/query.ts';
import { AssigneeOptions } from './AssigneeOptions.tsx';
import { activityQueries } from './queries.ts';
import { $router, navigate } from '../../stores/router.ts';
import { activityTypeLabel } from '../../ui/badges.tsx';
import { pageCount, SimplePagination } from '../../ui/pagination.tsx';
import { FilterSelect } from '../../ui/FilterSelect.tsx';
import { Badge, buttonClass, Card, CardHeader, cx, focusRing, fullName, PageHeader, LabelledOptions } from '../../ui/primitives.tsx';
import { listState } from '../../ui/list-state.tsx';
import { ActivityEditor } from './ActivityEditor.tsx';

interface Filters {
  type: string;
  assignedTo: string;
}

function tasksUrl(filters: Filters): string {
  const query = new URLSearchParams();
  if (filters.type) query.set('type', filters.type);
  if (filters.assignedTo) query.set('assignedTo', filters.assignedTo);
  const text = query.toString();
  return text ? `/admin/tasks?${text}` : '/admin/tasks';
}

const GROUP_TONES: Record<TaskDueGroup, 'red' | 'amber' | 'blue' | 'gray'> = { overdue: 'red', today: 'amber', upcoming: 'blue', none: 'gray' };

function TaskGroup({ due, filters }: { due: TaskDueGroup; filters: Filters }) {
  const [page, setPage] = useState(1);
  const list = useQuery(activityQueries.tasks({ due, page, ...filters }));
  const total = list.data?.pagination.total ?? 0;
  const id = `tasks-${due}`;
  return (
    <Card labelledBy={id} className="mt-6">
      <CardHeader
        id={id}
        title={
          <span className="flex items-center gap-2">
            {TASK_DUE_LABELS[due]} <Badge tone={GROUP_TONES[due]}>{total}</Badge>
          </span>
        }
      />
      <ul className="divide-y divide-slate-100" aria-label={`Tâches : ${TASK_DUE_LABELS[due]}`}>
        {listState(list, !list.data?.tasks.length, { loading: 'Chargement des tâches...', empty: 'Aucune tâche.' }) ??
          list.data?.tasks.map((task) => (
            <li key={task.id} className="px-5 py-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Badge tone="gray">{activityTypeLabel(task.type)}</Badge>
                <span className="font-medium text-slate-900">{task.title}</span>
                <a href={`/admin/leads/${task.lead.id}`} className={cx('rounded text-sm font-medium text-accent-700 hover:underline', focusRing)}>
                  {fullName(task.lead)}
                </a>
                <span className="ml-auto text-xs text-slate-500 tabular-nums">{task.dueDate ? `Échéance : ${formatDue(task.dueDate)}` : 'Sans échéance'}</span>
              </div>
              {task.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{task.description}</p> : null}
              <ActivityEditor key={`${task.id}-${task.dueDate}`} activity={task} />
            </li>
          ))}
      </ul>
      <SimplePagination page={page} pages={pageCount(total, list.data?.pagination.limit ?? PAGE_SIZE)} onPage={setPage} />
    </Card>
  );
}

export function Tasks() {
  const route = useStore($router);
  const search = route?.search ?? {};
  const filters: Filters = { type: search.type ?? '', assignedTo: search.assignedTo ?? '' };
  const change = (next: Partial<Filters>) => navigate(tasksUrl({ ...filters, ...next }), true);

  return (
    <>
      <PageHeader
        title="Tâches"
        description="Les activités planifiées ou en cours de tous vos contacts, par échéance (heure suisse)."
        actions={
          <a href="/admin/bookings" className={buttonClass('secondary', 'sm')}>
            Agenda des appels découverte
          </a>
        }
      />
      <Card>
        <div className="flex flex-wrap gap-3 p-4">
          <FilterSelect label="Type" anyLabel="Tous" value={filters.type} onChange={(type) => change({ type })}>
            <LabelledOptions values={ACTIVITY_TYPES} labels={ACTIVITY_TYPE_LABELS} />
          </FilterSelect>
          <FilterSelect label="Assignée à" anyLabel="Tout le monde" value={filters.assignedTo} onChange={(assignedTo) => change({ assignedTo })}>
            <option value="none">Personne</option>
            <AssigneeOptions />
          </FilterSelect>
        </div>
      </Card>
      {TASK_DUE_GROUPS.map((due) => (
        <TaskGroup key={`${due}-${filters.type}-${filters.assignedTo}`} due={due} filters={filters} />
      ))}
    </>
  );
}
