/**
 * Analytiques → "Encaissements selon l’origine" (decision 134): money received in the period without
 * VAT, net of credit notes, the clients, the median days from invoice to payment, and the table per first
 * touch (channel, source, campaign). Follows the screen's period and origin filter.
 */
import { VISIT_CHANNEL_LABELS, type VisitChannel } from '#contract';
import type { AnalyticsPeriod } from '#contract';
import { useQuery } from '../../lib/query.ts';
import { Card, CardHeader, cx } from '../../ui/primitives.tsx';
import { Table, TableHead, td } from '../../ui/table.tsx';
import { formatChf, paymentsCopy } from './copy.ts';
import { paymentQueries } from './queries.ts';

const copy = paymentsCopy.revenue;
const num = 'text-right tabular-nums';

export function RevenueCard({ filter }: { filter: { period: AnalyticsPeriod; channel?: VisitChannel | undefined; campaign?: string | undefined } }) {
  const revenue = useQuery(paymentQueries.revenue(filter.period, filter.channel ?? '', filter.campaign ?? ''));
  const data = revenue.data;
  return (
    <Card labelledBy="revenue-title" className="mt-6">
      <CardHeader id="revenue-title" title={copy.title} description={copy.description} />
      {revenue.errorText && !data ? (
        <p role="alert" className="px-5 pb-5 text-sm text-red-700">
          {revenue.errorText}
        </p>
      ) : null}
      {data ? (
        <div aria-busy={revenue.fetching}>
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
        </div>
      ) : null}
    </Card>
  );
}
