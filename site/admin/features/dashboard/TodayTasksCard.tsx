/** The dashboard's "Tâches du jour" (decision 071): open tasks overdue and due today, five of each at most. */
import type { TaskDueGroup } from '#contract/contacts';
import { formatDue } from '../../lib/dates.ts';
import { useQuery } from '../../lib/query.ts';
import { activityQueries } from '../activities/queries.ts';
import { activityTypeLabel } from '../../ui/badges.tsx';
import { listState } from '../../ui/list-state.tsx';
import { Badge, Card, CardHeader, cx, focusRing, fullName, CardLink } from '../../ui/primitives.tsx';

function Group({ due, title }: { due: TaskDueGroup; title: string }) {
  const list = useQuery(activityQueries.tasks({ due, page: 1 }));
  const total = list.data?.pagination.total ?? 0;
  return (
    <div>
      <h3 className="flex items-center gap-2 px-5 pt-4 text-sm font-semibold text-slate-700">
        {title} <Badge tone={due === 'overdue' ? 'red' : 'amber'}>{total}</Badge>
      </h3>
      <ul className="divide-y divide-slate-100" aria-label={`Tâches : ${title}`}>
        {listState(list, !list.data?.tasks.length, { loading: 'Chargement des tâches...', empty: 'Aucune tâche.', spacing: 'py-3' }) ??
          list.data?.tasks.slice(0, 5).map((task) => (
            <li key={task.id}>
              <a href={`/admin/leads/${task.lead.id}`} className={cx('flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3 hover:bg-slate-50', focusRing)}>
                <Badge tone="gray">{activityTypeLabel(task.type)}</Badge>
                <span className="text-sm font-medium text-slate-900">{task.title}</span>
                <span className="text-sm text-slate-600">{fullName(task.lead)}</span>
                {task.dueDate ? <span className="ml-auto text-xs text-slate-500 tabular-nums">{formatDue(task.dueDate)}</span> : null}
              </a>
            </li>
          ))}
      </ul>
    </div>
  );
}

export function TodayTasksCard() {
  return (
    <Card className="mt-6" labelledBy="today-tasks">
      <CardHeader id="today-tasks" title="Tâches du jour" description="Les tâches en retard et celles à faire aujourd'hui" action={<CardLink href="/admin/tasks" text="Voir toutes les tâches" />} />
      <div className="grid grid-cols-1 pb-2 lg:grid-cols-2">
        <Group due="overdue" title="En retard" />
        <Group due="today" title="Aujourd'hui" />
      </div>
    </Card>
  );
}
