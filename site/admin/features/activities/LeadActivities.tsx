/** A contact's activities, newest first, 20 at a time with "Voir plus", and the "Nouvelle activité" button and dialog. */
import { useState } from 'react';
import { CanEdit } from '../../ui/CanEdit.tsx';
import type { ActivityJson as Activity, ActivityPageJson as ActivityPage } from '#contract/contacts';
import { CONTACT_PAGE_SIZE } from '../../lib/api.ts';
import { activityQueries } from './queries.ts';
import { formatDue, formatPPP } from '../../lib/dates.ts';
import { useQuery } from '../../lib/query.ts';
import { ActivityStatusBadge, activityTypeLabel } from '../../ui/badges.tsx';
import { PlusIcon } from '../../ui/icons.tsx';
import { listState } from '../../ui/list-state.tsx';
import { Badge, buttonClass, Card, CardHeader } from '../../ui/primitives.tsx';
import { MorePage, SeeMore, seeMoreItem, useSeeMore } from '../../ui/see-more.tsx';
import { NewActivityDialog } from './NewActivityDialog.tsx';
import { ActivityEditor } from './ActivityEditor.tsx';
import { TOUCH_COPY, touchSummary } from './touch-copy.ts';

function ActivityItem({ activity }: { activity: Activity }) {
  return (
    <li tabIndex={seeMoreItem.tabIndex} className={`px-5 py-4 ${seeMoreItem.className}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="gray">{activityTypeLabel(activity.type)}</Badge>
        <p className="font-medium text-slate-900">{activity.title}</p>
        <span className="ml-auto">
          <ActivityStatusBadge status={activity.status} />
        </span>
      </div>
      {activity.description ? <p className="mt-1.5 text-sm whitespace-pre-line text-slate-600">{activity.description}</p> : null}
      {activity.touch ? (
        <p className="mt-1.5 text-sm text-slate-600" data-activity-touch>
          {TOUCH_COPY.label} : {touchSummary(activity.touch)}
        </p>
      ) : null}
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
  const activities = useQuery(activityQueries.lead(leadId, 1));
  const { pages, extraPages, more, shown, setList } = useSeeMore(CONTACT_PAGE_SIZE);
  const [open, setOpen] = useState(false);
  const renderPage = (data: ActivityPage) => data.activities.map((activity) => <ActivityItem key={activity.id} activity={activity} />);
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
      <ul ref={setList} className="divide-y divide-slate-100" aria-label="Activités du contact">
        {listState(activities, !activities.data?.activities.length, {
          loading: 'Chargement des activités...',
          empty: 'Aucune activité pour ce contact.',
          spacing: 'py-8',
          centerEmpty: true,
        }) ?? (
          <>
            {renderPage(activities.data!)}
            {extraPages.map((page) => (
              <MorePage key={page} page={page} spec={activityQueries.lead(leadId, page)} render={renderPage} onShown={shown} />
            ))}
          </>
        )}
      </ul>
      <SeeMore pages={pages} limit={CONTACT_PAGE_SIZE} total={activities.data?.pagination.total ?? 0} onMore={more} label="activités" />
      <NewActivityDialog leadId={leadId} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
