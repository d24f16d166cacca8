/** The contacts list's counters card: total, new this month, still to contact. */
import type { LeadStatsJson } from '#contract/analytics';
import { Card } from '../../../ui/primitives.tsx';

export function LeadCounters({ stats }: { stats: LeadStatsJson | undefined }) {
  return (
    <Card className="flex items-center gap-6 p-4">
      <div>
        <p className="text-xs font-medium text-slate-500">Total des contacts</p>
        <p className="text-2xl font-semibold text-slate-900 tabular-nums">{stats?.total ?? 0}</p>
      </div>
      <div className="space-y-0.5 text-sm text-slate-600">
        <p>
          <span className="font-semibold text-slate-900 tabular-nums">{stats?.newThisMonth ?? 0}</span> nouveaux ce mois
        </p>
        <p>
          <span className="font-semibold text-slate-900 tabular-nums">{stats?.toContact ?? 0}</span> à contacter
        </p>
      </div>
    </Card>
  );
}
