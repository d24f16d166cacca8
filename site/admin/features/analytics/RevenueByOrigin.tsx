/**
 * Analytiques → "Encaissements selon l’origine" (decision 134): money received in the period without
 * VAT, net of credit notes, the clients, the median days from invoice to payment, then a bar per first
 * touch (channel, source, campaign) beside the table of the same figures, as the screen's other charts
 * (decision 070). Follows the screen's period and origin filter.
 */
import { useCallback } from 'react';
import type { RevenueJson } from '#contract/payments';
import { VISIT_CHANNEL_LABELS, type VisitChannel } from '#contract';
import type { AnalyticsPeriod } from '#contract';
import { useQuery } from '../../lib/query.ts';
import { Card, CardHeader, cx } from '../../ui/primitives.tsx';
import { Table, TableHead, td } from '../../ui/table.tsx';
import { formatChf, paymentsCopy } from '../payments/index.ts';
import { paymentQueries } from '../payments/queries.ts';
import { ChartCard, num } from './ChartCard.tsx';
import { PlotFigure } from './PlotFigure.tsx';
import { revenueChart, revenueSummary } from './revenue-chart.ts';

const copy = paymentsCopy.revenue;
const TITLE_ID = 'revenue-title';

function RevenueFigures({ data }: { data: RevenueJson }) {
  return (
    <dl className="grid grid-cols-2 gap-4 px-5 pb-4 sm:grid-cols-4">
      {(
        [
          [copy.figures.revenue, formatChf(data.revenueCents)],
          [copy.figures.refunds, formatChf(data.refundsCents)],
          [copy.figures.clients, String(data.clients)],
          [copy.figures.median, data.medianDaysToPayment === null ? '-' : copy.days(data.medianDaysToPayment)],
        ] as const
      ).map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="text-xl font-semibold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RevenueTable({ data }: { data: RevenueJson }) {
  return (
    <Table label={copy.tableLabel} minWidth="min-w-[640px]">
      <TableHead columns={copy.columns} />
      <tbody className="divide-y divide-slate-100">
        {data.byChannel.length === 0 ? (
          <tr>
            <td colSpan={copy.columns.length} className={cx(td, 'text-center text-slate-500')}>
              {copy.empty}
            </td>
          </tr>
        ) : (
          data.byChannel.map((row) => (
            <tr key={`${row.channel}|${row.source}|${row.campaign}`}>
              <td className={td}>{row.channel ? VISIT_CHANNEL_LABELS[row.channel] : copy.unknown}</td>
              <td className={td}>{row.source ?? '-'}</td>
              <td className={td}>{row.campaign ?? '-'}</td>
              <td className={cx(td, num)}>{row.clients}</td>
              <td className={cx(td, num)}>{formatChf(row.revenueCents)}</td>
              <td className={cx(td, num)}>{formatChf(row.refundsCents)}</td>
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}

export function RevenueByOrigin({ filter }: { filter: { period: AnalyticsPeriod; channel?: VisitChannel | undefined; campaign?: string | undefined } }) {
  const revenue = useQuery(paymentQueries.revenue(filter.period, filter.channel ?? '', filter.campaign ?? ''));
  const data = revenue.data;
  const build = useCallback((width: number) => revenueChart(data!, width), [data]);
  if (!data) {
    return (
      <Card labelledBy={TITLE_ID} className="mt-6">
        <CardHeader id={TITLE_ID} title={copy.title} description={copy.description} />
        {revenue.errorText ? (
          <p role="alert" className="px-5 pb-5 text-sm text-red-700">
            {revenue.errorText}
          </p>
        ) : null}
      </Card>
    );
  }
  return (
    <div aria-busy={revenue.fetching}>
      <ChartCard id={TITLE_ID} title={copy.title} description={copy.description} beside chart={<PlotFigure build={build} summary={revenueSummary(data)} />} table={<RevenueTable data={data} />}>
        <RevenueFigures data={data} />
      </ChartCard>
    </div>
  );
}
