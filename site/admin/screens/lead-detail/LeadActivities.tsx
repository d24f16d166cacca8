/** A contact's activities, newest first, with the "Nouvelle activité" button and dialog. */
import { useState } from 'react';
import { CanEdit } from '../../ui/CanEdit.tsx';
import type { ActivityJson as Activity } from '#presenters';
import { queries } from '../../lib/api.ts';
import { formatDue, formatPPP } from '../../lib/dates.ts';
import { useQuery } from '../../lib/query.ts';
import { ActivityStatusBadge, activityTypeLabel } from '../../ui/badges.tsx';
import { PlusIcon } from '../../ui/icons.tsx';
import { listState } from '../../ui/list-state.tsx';
import { Badge, buttonClass, Card, CardHeader } from '../../ui/primitives.tsx';
import { NewActivityDialog } from './NewActivityDialog.tsx';
import { ActivityEditor } from '../tasks/ActivityEditor.tsx';

function ActivityItem({ activity }: { activity: Activity }) {
  return (
    <li className="px-5 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="gray">{activityTypeLabel(activity.type)}</Badge>
        <p className="font-medium text-slate-900">{activity.title}</p>
        <span className="ml-auto">
          <ActivityStatusBadge status={activity.status} />
        </span>
      </div>
      {activity.description ? <p className="mt-1.5 text-sm whitespace-pre-line text-slate-600">{activity.description}</p> : null}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
        <span>Créée le {formatPPP(activity.createdAt)}</span>
        {activity.dueDate ? <span>Échéance : {formatDue(activity.dueDate)}</span> : null}
        {activity.completedAt ? <span>Réalisée le {formatPPP(activity.completedAt)}</span> : null}
      </p>
      <ActivityEditor key={`${activity.id}-${activity.dueDate}`} activity={activity} />
    </li>
  );
}

export function LeadActivities({ leadId }: { leadId: string }) {
  const activities = useQuery(queries.activities(leadId));
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader
        title="Activités"
        description="Appels, emails, réunions, notes et tâches liés à ce contact"
        action={
          <CanEdit>
            <button type="button" className={buttonClass('primary', 'sm')} onClick={() => setOpen(true)}>
              <PlusIcon size={16} />
              Nouvelle activité
            </button>
          </CanEdit>
        }
      />
      <ul className="divide-y divide-slate-100" aria-label="Activités du contact">
        {listState(activities, !activities.data?.activities.length, {
          loading: 'Chargement des activités...',
          empty: 'Aucune activité pour ce contact.',
          spacing: 'py-8',
          centerEmpty: true,
        }) ?? activities.data?.activities.map((activity) => <ActivityItem key={activity.id} activity={activity} />)}
      </ul>
      <NewActivityDialog leadId={leadId} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
