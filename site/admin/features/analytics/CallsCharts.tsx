/** The discovery calls on the analytics screen: calls per week and the funnel from webinar sign-up to call held, each with its table. */
import { useCallback } from 'react';
import type { AnalyticsJson } from '#contract/analytics';
import { formatDue } from '../../lib/dates.ts';
import { cx } from '../../ui/primitives.tsx';
import { Table, TableHead, td } from '../../ui/table.tsx';
import { callFunnel, callsChart } from './calls-charts.ts';
import { ChartCard, num } from './ChartCard.tsx';
import { FunnelCard } from './FunnelCard.tsx';
import { PlotFigure } from './PlotFigure.tsx';
import { countOf } from './rates.ts';

export function CallsPerWeek({ data }: { data: AnalyticsJson }) {
  const build = useCallback((width: number) => callsChart(data, width), [data]);
  const weeks = data.calls.weeks;
  const total = (pick: (week: (typeof weeks)[number]) => number) => weeks.reduce((sum, week) => sum + pick(week), 0);
  return (
    <ChartCard
      id="chart-calls"
      title="Appels découverte par semaine"
      description="Réservés la semaine où ils ont été pris ; effectués et absents la semaine de l’appel (semaines commençant le lundi, heure suisse)"
      chart={
        <PlotFigure
          build={build}
          summary={`Barres groupées sur ${countOf(weeks.length, 'semaine', 'semaines')} : ${countOf(
            total((week) => week.booked),
            'appel réservé',
            'appels réservés',
          )}, ${countOf(
            total((week) => week.held),
            'effectué',
            'effectués',
          )}, ${countOf(
            total((week) => week.noShow),
            'absent',
            'absents',
          )}.`}
        />
      }
      table={
        <Table label="Appels découverte par semaine" minWidth="min-w-[480px]">
          <TableHead columns={['Semaine du', 'Réservés', 'Effectués', 'Absents']} />
          <tbody className="divide-y divide-slate-100">
            {weeks.map((week) => (
              <tr key={week.week}>
                <td className={cx(td, 'whitespace-nowrap tabular-nums')}>{formatDue(week.week)}</td>
                <td className={cx(td, num)}>{week.booked}</td>
                <td className={cx(td, num)}>{week.held}</td>
                <td className={cx(td, num)}>{week.noShow}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      }
    />
  );
}

export function CallFunnel({ data }: { data: AnalyticsJson }) {
  return (
    <FunnelCard
      title="Du webinaire à l’appel"
      description="Contacts inscrits à un webinaire pendant la période, puis ayant réservé un appel découverte après leur inscription, puis dont l’appel a été effectué"
      data={data}
      funnel={callFunnel}
    />
  );
}
