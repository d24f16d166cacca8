/** Dashboard: four counters, the latest contacts, the next webinars, the next calls, today's tasks and the latest activity. */
import { lazy, Suspense, type ReactNode } from 'react';
import { activityQueries } from '../activities/queries.ts';
import { contactQueries } from '../contacts/queries.ts';
import { webinarQueries } from '../webinars/queries.ts';
import { dashboardQueries } from './queries.ts';
import { formatLong } from '../../lib/dates.ts';
import { useQuery } from '../../lib/query.ts';
import { CalendarIcon, ChartIcon, ChevronRightIcon, ClockIcon, UsersIcon } from '../../ui/icons.tsx';
import { Avatar, Card, CardHeader, cx, focusRing, fullName, initials, PageHeader, CardLink } from '../../ui/primitives.tsx';
import { ReportButton } from './ReportButton.tsx';
import { ActiveBadge, SourceBadge } from '../../ui/badges.tsx';
import { listState } from '../../ui/list-state.tsx';
import { BackupAlert } from '../../ui/backup-alert.tsx';
import { FeedAlert } from './FeedAlert.tsx';
import { ListTable } from '../../ui/table.tsx';
import { ActivityRow, ACTIVITY_COLUMNS } from '../../ui/ActivityRow.tsx';

// "Tâches du jour" loads after the first paint, in its own chunk: the dashboard's first JavaScript
// stays what it was before the task list existed (bench/bundle.ts measures it).
const TodayTasksCard = lazy(() => import('./TodayTasksCard.tsx').then((m) => ({ default: m.TodayTasksCard })));
// "Prochains appels" likewise: its own chunk, after the first paint.
const UpcomingCallsCard = lazy(() => import('./UpcomingCallsCard.tsx').then((m) => ({ default: m.UpcomingCallsCard })));
// "Facturation" (decision 134) likewise.
const BillingCard = lazy(() => import('../payments/index.ts').then((m) => ({ default: m.BillingCard })));

/**
 * The monthly change of new contacts: "+12% …", "-5% …", or "Aucune évolution depuis le mois dernier"
 * (spec 2.6). Without any new contact the month before there is no percentage to give ("+100 %" would
 * be false whatever this month's count): it says so instead (decision 119).
 */
export function percentageText(change: number, previousMonth?: number): string {
  if (previousMonth === 0 && change !== 0) return 'Aucun nouveau contact le mois dernier';
  if (change > 0) return `+${change}% depuis le mois dernier`;
  if (change < 0) return `${change}% depuis le mois dernier`;
  return 'Aucune évolution depuis le mois dernier';
}

function StatCard({ label, value, hint, icon }: { label: string; value: number; hint?: string; icon: ReactNode }) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <span className="rounded-md bg-accent-50 p-1.5 text-accent-600">{icon}</span>
      </div>
      <p className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </Card>
  );
}

function SeeAll({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} className={cx('inline-flex items-center gap-1 rounded text-sm font-medium text-accent-700 hover:text-accent-900', focusRing)}>
      {label}
      <ChevronRightIcon size={16} />
    </a>
  );
}

/** A dashboard card listing a few items, with its "Voir tous…" link. */
function ListCard(props: { id: string; title: string; description: string; seeAll: { href: string; label: string }; children: ReactNode }) {
  return (
    <Card labelledBy={props.id}>
      <CardHeader id={props.id} title={props.title} description={props.description} action={<SeeAll {...props.seeAll} />} />
      <ul className="divide-y divide-slate-100">{props.children}</ul>
    </Card>
  );
}

export function Dashboard() {
  const leadStats = useQuery(contactQueries.leadStats());
  const webinarStats = useQuery(webinarQueries.stats());
  const recentLeads = useQuery(contactQueries.recentLeads());
  const upcoming = useQuery(webinarQueries.upcoming());
  const activities = useQuery(activityQueries.recent());
  const backups = useQuery(dashboardQueries.backupStats());
  const unreadFeeds = useQuery(dashboardQueries.unreadFeeds());

  // Placeholder zeros while the counters load.
  const leads = leadStats.data ?? { total: 0, newLastMonth: 0, newPreviousMonth: 0, percentageChange: 0, newThisMonth: 0 };
  const webinars = webinarStats.data ?? { upcoming: 0, registrations: 0 };

  return (
    <>
      <PageHeader title="Tableau de bord" description="Vue d'ensemble de vos contacts et de vos webinaires." actions={<ReportButton />} />
      <BackupAlert stats={backups.data} />
      <FeedAlert feeds={unreadFeeds.data} />

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total des contacts" value={leads.total} hint={percentageText(leads.percentageChange, leads.newPreviousMonth)} icon={<UsersIcon size={18} />} />
        <StatCard label="Nouveaux contacts ce mois" value={leads.newThisMonth ?? leads.newLastMonth} hint="Depuis le 1er du mois" icon={<ChartIcon size={18} />} />
        <StatCard label={webinars.upcoming > 1 ? 'Webinaires à venir' : 'Webinaire à venir'} value={webinars.upcoming} hint="Webinaires actifs programmés" icon={<CalendarIcon size={18} />} />
        <StatCard label="Inscriptions aux webinaires" value={webinars.registrations} hint="Toutes sessions confondues" icon={<ClockIcon size={18} />} />
      </div>
      {leadStats.errorText || webinarStats.errorText ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Statistiques indisponibles : {leadStats.errorText ?? webinarStats.errorText}
        </p>
      ) : null}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ListCard id="recent-leads" title="Derniers contacts" description="Les 5 contacts les plus récents" seeAll={{ href: '/admin/leads', label: 'Voir tous les contacts' }}>
          {listState(recentLeads, !recentLeads.data?.length, { loading: 'Chargement des contacts...', empty: 'Aucun contact récent' }) ??
            recentLeads.data?.slice(0, 5).map((lead) => (
              <li key={lead.id}>
                <a href={`/admin/leads/${lead.id}`} className={cx('flex items-center gap-3 px-5 py-3 hover:bg-slate-50', focusRing)}>
                  <Avatar text={initials(lead.firstName, lead.lastName, lead.email)} size="sm" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">{fullName(lead) || lead.email}</span>
                    <span className="block truncate text-xs text-slate-500">{lead.email}</span>
                  </span>
                  <SourceBadge source={lead.source} />
                </a>
              </li>
            ))}
        </ListCard>

        <ListCard id="upcoming-webinars" title="Prochains webinaires" description="Les 3 prochaines sessions" seeAll={{ href: '/admin/webinars', label: 'Voir tous les webinaires' }}>
          {listState(upcoming, !upcoming.data?.length, { loading: 'Chargement des webinaires...', empty: 'Aucun webinaire à venir' }) ??
            upcoming.data?.slice(0, 3).map((webinar) => (
              <li key={webinar.id}>
                <a href={`/admin/webinars/${webinar.id}`} className={cx('block px-5 py-4 hover:bg-slate-50', focusRing)}>
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-xs font-medium text-accent-700">{formatLong(webinar.datetime)}</span>
                    <ActiveBadge active={webinar.isActive} />
                  </span>
                  <span className="mt-1 block text-sm font-semibold text-slate-900">{webinar.title}</span>
                  {webinar.description ? <span className="mt-1 line-clamp-2 text-sm text-slate-600">{webinar.description}</span> : null}
                  <span className="mt-2 block text-xs text-slate-500">Durée : {webinar.duration} minutes</span>
                </a>
              </li>
            ))}
        </ListCard>
      </div>

      <Suspense fallback={null}>
        <UpcomingCallsCard />
      </Suspense>

      <Suspense fallback={null}>
        <TodayTasksCard />
      </Suspense>

      <Suspense fallback={null}>
        <BillingCard />
      </Suspense>

      <Card className="mt-6" labelledBy="recent-activity">
        <CardHeader
          id="recent-activity"
          title="Activité récente"
          description="Les dernières activités enregistrées sur vos contacts"
          action={<CardLink href="/admin/activity" text="Voir toute l'activité" />}
        />
        <ListTable label="Tableau de l'activité récente" columns={ACTIVITY_COLUMNS} state={activities} rows={activities.data} loading="Chargement de l'activité..." empty="Aucune activité récente">
          {(activity) => <ActivityRow key={activity.id} activity={activity} />}
        </ListTable>
      </Card>
    </>
  );
}
