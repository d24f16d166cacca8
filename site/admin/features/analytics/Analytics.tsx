/**
 * Analytiques (/admin/analytics, decisions 070, 072 and 116): a period (30 jours, 90 jours, 12 mois, in the URL), the
 * funnel from visit to discovery call with its origin filter and its table per origin (./VisitFunnel.tsx), the daily
 * visits (./DailyVisits.tsx), the revenue per first touch (./RevenueByOrigin.tsx), and six charts (the discovery calls' two in ./CallsCharts.tsx), each with its figures in a
 * table for screen readers and for copying. The chart library (Observable Plot) is imported here only, so it loads with this screen's chunk (decision 070).
 */
import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import type { AnalyticsJson } from '#contract/analytics';
import { ANALYTICS_PERIODS, ANALYTICS_PERIOD_LABELS, type AnalyticsPeriod, LEAD_SOURCES, LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, VISIT_CHANNELS, type VisitChannel } from '#contract';
import { formatDue, formatLong } from '../../lib/dates.ts';
import { useQuery } from '../../lib/query.ts';
import { analyticsQueries } from './queries.ts';
import { $router } from '../../stores/router.ts';
import { buttonClass, cx, PageHeader } from '../../ui/primitives.tsx';
import { Table, TableHead, td } from '../../ui/table.tsx';
import { sessionsChart, statusChart, webinarFunnel, weeklyChart } from './charts.ts';
import { PlotFigure } from './PlotFigure.tsx';
import { ChartCard, num, percent } from './ChartCard.tsx';
import { FunnelCard } from './FunnelCard.tsx';
import { CallFunnel, CallsPerWeek } from './CallsCharts.tsx';
import { analyticsPath, FunnelFilters, VisitFunnel } from './VisitFunnel.tsx';
import { DailyVisits, usePeriodCampaigns } from './DailyVisits.tsx';
import { countOf } from './rates.ts';
import { RevenueByOrigin } from './RevenueByOrigin.tsx';

function Weekly({ data }: { data: AnalyticsJson }) {
  const build = useCallback((width: number) => weeklyChart(data, width), [data]);
  const total = data.newContacts.reduce((sum, week) => sum + week.total, 0);
  return (
    <ChartCard
      id="chart-weekly"
      title="Nouveaux contacts par semaine"
      description="Par source, semaines commençant le lundi (heure suisse)"
      chart={
        <PlotFigure
          build={build}
          summary={`Histogramme empilé : ${countOf(total, 'nouveau contact', 'nouveaux contacts')} sur ${countOf(data.newContacts.length, 'semaine', 'semaines')}, par source.`}
        />
      }
      table={
        <Table label="Nouveaux contacts par semaine et par source" minWidth="min-w-[760px]">
          <TableHead columns={['Semaine du', ...LEAD_SOURCES.map((source) => LEAD_SOURCE_LABELS[source]), 'Total']} />
          <tbody className="divide-y divide-slate-100">
            {data.newContacts.map((week) => (
              <tr key={week.week}>
                <td className={cx(td, 'whitespace-nowrap tabular-nums')}>{formatDue(week.week)}</td>
                {LEAD_SOURCES.map((source) => (
                  <td key={source} className={cx(td, num)}>
                    {week.counts[source]}
                  </td>
                ))}
                <td className={cx(td, num, 'font-semibold')}>{week.total}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      }
    />
  );
}

function Sessions({ data }: { data: AnalyticsJson }) {
  const build = useCallback((width: number) => sessionsChart(data, width), [data]);
  return (
    <ChartCard
      id="chart-sessions"
      title="Sessions : inscriptions et présence"
      description="Chaque session tenue pendant la période ; les présents sont une part des inscrits"
      chart={
        data.sessions.length ? (
          <PlotFigure build={build} summary={`Barres : inscriptions et présents de ${countOf(data.sessions.length, 'session', 'sessions')}.`} />
        ) : (
          <p className="pb-4 text-sm text-slate-500">Aucune session pendant cette période.</p>
        )
      }
      table={
        <Table label="Inscriptions et taux de présence par session" minWidth="min-w-[640px]">
          <TableHead columns={['Session', 'Date', 'Inscriptions', 'Présents', 'Taux de présence']} />
          <tbody className="divide-y divide-slate-100">
            {data.sessions.map((session) => (
              <tr key={session.id}>
                <td className={cx(td, 'font-medium text-slate-900')}>{session.title}</td>
                <td className={cx(td, 'whitespace-nowrap')}>{formatLong(session.datetime)}</td>
                <td className={cx(td, num)}>{session.registrations}</td>
                <td className={cx(td, num)}>{session.attended}</td>
                <td className={cx(td, num)}>{percent(session.attendanceRate)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      }
    />
  );
}

function Statuses({ data }: { data: AnalyticsJson }) {
  const build = useCallback((width: number) => statusChart(data, width), [data]);
  return (
    <ChartCard
      id="chart-statuses"
      title="Contacts par statut"
      description="Le statut actuel des contacts arrivés pendant la période"
      chart={<PlotFigure build={build} summary={`Barres : ${data.statuses.map((entry) => `${LEAD_STATUS_LABELS[entry.status]} ${entry.count}`).join(', ')}.`} />}
      table={
        <Table label="Contacts par statut" minWidth="min-w-[360px]">
          <TableHead columns={['Statut', 'Contacts']} />
          <tbody className="divide-y divide-slate-100">
            {data.statuses.map((entry) => (
              <tr key={entry.status}>
                <td className={td}>{LEAD_STATUS_LABELS[entry.status]}</td>
                <td className={cx(td, num)}>{entry.count}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      }
    />
  );
}

export function Analytics() {
  const route = useStore($router);
  const asked = route?.search.period as AnalyticsPeriod | undefined;
  const period: AnalyticsPeriod = asked && ANALYTICS_PERIODS.includes(asked) ? asked : '30d';
  const askedChannel = route?.search.channel as VisitChannel | undefined;
  const channel = askedChannel && VISIT_CHANNELS.includes(askedChannel) ? askedChannel : undefined;
  const filter = { period, channel, campaign: route?.search.campaign || undefined };
  const campaigns = usePeriodCampaigns(period);
  const result = useQuery(analyticsQueries.analytics(period));
  const data = result.data;
  return (
    <>
      <PageHeader
        title="Analytiques"
        description="Les visites, le parcours du visiteur à l’appel découverte, l'arrivée des contacts, les webinaires, le statut des contacts et les appels découverte."
        actions={
          <div role="group" aria-label="Période" className="inline-flex gap-1 rounded-lg border border-slate-200 bg-white p-1">
            {ANALYTICS_PERIODS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={value === period}
                className={buttonClass(value === period ? 'primary' : 'ghost', 'sm')}
                onClick={() => $router.open(analyticsPath({ ...filter, period: value }), true)}
              >
                {ANALYTICS_PERIOD_LABELS[value]}
              </button>
            ))}
          </div>
        }
      />
      {/* The period every card below covers, under the header that chooses it (it sat alone between two cards). */}
      <p className="mt-2 min-h-5 text-sm text-slate-600" data-period-caption>
        {data ? `Période : du ${formatDue(data.from)} au ${formatDue(data.to)}` : null}
      </p>
      <FunnelFilters filter={filter} campaigns={campaigns} />
      <VisitFunnel filter={filter} />
      <RevenueByOrigin filter={filter} />
      <DailyVisits period={period} />
      {result.loading ? (
        <p role="status" className="text-sm text-slate-500">
          Chargement des analytiques...
        </p>
      ) : null}
      {result.errorText && !data ? (
        <p role="alert" className="text-sm text-red-700">
          {result.errorText}
        </p>
      ) : null}
      {data ? (
        <div aria-busy={result.fetching}>
          <Weekly data={data} />
          <FunnelCard
            title="Entonnoir des webinaires"
            description="Contacts inscrits aux sessions de la période, puis présents, puis ayant demandé un contact, puis qualifiés"
            data={data}
            funnel={webinarFunnel}
          />
          <Sessions data={data} />
          <Statuses data={data} />
          <CallsPerWeek data={data} />
          <CallFunnel data={data} />
        </div>
      ) : null}
    </>
  );
}
