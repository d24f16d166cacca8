/** One row of an activity table with its contact: the dashboard's recent activity and the full feed. */
import type { RecentActivityJson } from '#contract/contacts';
import { formatDateTime } from '../lib/dates.ts';
import { ActivityStatusBadge, activityTypeLabel } from './badges.tsx';
import { cx, focusRing, fullName } from './primitives.tsx';
import { td } from './table.tsx';

export const ACTIVITY_COLUMNS = ['Date', 'Type', 'Contact', 'Description', 'Statut'];

export function ActivityRow({ activity }: { activity: Pick<RecentActivityJson, 'id' | 'createdAt' | 'type' | 'lead' | 'title' | 'description' | 'status'> }) {
  return (
    <tr>
      <td className={cx(td, 'whitespace-nowrap tabular-nums')}>{formatDateTime(activity.createdAt)}</td>
      <td className={td}>{activityTypeLabel(activity.type)}</td>
      <td className={cx(td, 'whitespace-nowrap')}>
        {activity.lead ? (
          <a href={`/admin/leads/${activity.lead.id}`} className={cx('rounded font-medium text-accent-700 hover:underline', focusRing)}>
            {fullName(activity.lead)}
          </a>
        ) : (
          '-'
        )}
      </td>
      <td className={td}>
        <span className="font-medium text-slate-900">{activity.title}</span>
        {activity.description ? <span className="block max-w-md truncate text-slate-500">{activity.description}</span> : null}
      </td>
      <td className={td}>
        <ActivityStatusBadge status={activity.status} />
      </td>
    </tr>
  );
}
