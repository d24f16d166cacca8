/**
 * Daily visits on the analytics screen (decisions 111, 116): the chart with its figures beside it, per
 * day, or per month over twelve months, where a month's visitors are the sum of its daily visitors
 * (never "unique" visitors: the server cannot know one person from one day to the next).
 */
import { useCallback } from 'react';
import type { VisitsJson } from '#contract/attribution';
import { useQuery } from '../../lib/query.ts';
import { formatDue } from '../../lib/dates.ts';
import { cx } from '../../ui/primitives.tsx';
import { Table, TableHead, td } from '../../ui/table.tsx';
import { analyticsQueries } from './queries.ts';
import { ChartCard } from './ChartCard.tsx';
import { PlotFigure } from './PlotFigure.tsx';
import { dailyVisitsChart } from './funnel-charts.ts';
import { funnelCopy } from './copy.ts';

const num = 'text-right tabular-nums';

/** "2026-11" → "novembre 2026". */
const monthName = (month: string) => `${funnelCopy.visits.months[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

function byMonth(days: VisitsJson['days']) {
  const months = new Map<string, { month: string; visits: number; visitors: number }>();
  for (const day of days) {
    const key = day.date.slice(0, 7);
    const entry = months.get(key) ?? { month: key, visits: 0, visitors: 0 };
    entry.visits += day.visits;
    entry.visitors += day.visitors;
    months.set(key, entry);
  }
  return [...months.values()];
}

function VisitsTable({ data, monthly }: { data: VisitsJson; monthly: boolean }) {
  const copy = funnelCopy.visits;
  if (monthly) {
    return (
      <Table label={copy.monthTableLabel} minWidth="min-w-[320px]">
        <TableHead columns={copy.monthColumns} />
        <tbody className="divide-y divide-slate-100">
          {byMonth(data.days).map((month) => (
            <tr key={month.month}>
              <th scope="row" className={cx(td, 'font-normal whitespace-nowrap')}>
                {monthName(month.month)}
              </th>
              <td className={cx(td, num)}>{month.visits}</td>
              <td className={cx(td, num)}>{month.visitors}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }
  return (
    <Table label={copy.tableLabel} minWidth="min-w-[280px]">
      <TableHead columns={copy.dayColumns} />
      <tbody className="divide-y divide-slate-100">
        {[...data.days].reverse().map((day) => (
          <tr key={day.date}>
            <th scope="row" className={cx(td, 'font-normal whitespace-nowrap tabular-nums')}>
              {formatDue(day.date)}
            </th>
            <td className={cx(td, num)}>{day.visits}</td>
            <td className={cx(td, num)}>{day.visitors}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function Figures({ data, monthly }: { data: VisitsJson; monthly: boolean }) {
  const copy = funnelCopy.visits;
  const build = useCallback((width: number) => dailyVisitsChart(data, width), [data]);
  const visits = data.days.reduce((sum, day) => sum + day.visits, 0);
  const visitors = data.days.reduce((sum, day) => sum + day.visitors, 0);
  return (
    <ChartCard
      id="chart-visits"
      title={copy.title}
      description={copy.description}
      beside
      chart={<PlotFigure build={build} summary={copy.summary(data.days.length, visits)} />}
      table={<VisitsTable data={data} monthly={monthly} />}
    >
      <p className="px-5 pt-3 text-sm text-slate-700">{copy.total(visitors, visits)}</p>
    </ChartCard>
  );
}

export function DailyVisits({ period }: { period: string }) {
  const result = useQuery(analyticsQueries.visits(period));
  if (result.errorText && !result.data) {
    return (
      <p role="alert" className="mt-6 text-sm text-red-700">
        {result.errorText}
      </p>
    );
  }
  return result.data ? <Figures data={result.data} monthly={period === '12m'} /> : null;
}

/** The campaigns seen in the period's visits, for the origin filter. */
export function usePeriodCampaigns(period: string): string[] {
  const result = useQuery(analyticsQueries.visits(period));
  const campaigns = new Set((result.data?.sources ?? []).map((row) => row.campaign).filter((campaign): campaign is string => Boolean(campaign)));
  return [...campaigns].sort((a, b) => a.localeCompare(b, 'fr'));
}
