/**
 * The funnel from visit to discovery call on the analytics screen (decision 116): the origin filter
 * (channel, campaign, kept in the URL beside the period), the funnel's steps with their rate from the
 * step before, and the table per origin. Copy: ./copy.ts.
 */
import { useCallback } from 'react';
import type { FunnelJson, SourceFunnelJson } from '#contract/analytics';
import { VISIT_CHANNELS, VISIT_CHANNEL_LABELS, type VisitChannel } from '#contract';
import { useQuery } from '../../lib/query.ts';
import { $router } from '../../stores/router.ts';
import { buttonClass, Card, CardHeader, controlClass, cx } from '../../ui/primitives.tsx';
import { Table, TableHead, td } from '../../ui/table.tsx';
import { analyticsQueries, type FunnelFilter } from './queries.ts';
import { ChartCard } from './ChartCard.tsx';
import { PlotFigure } from './PlotFigure.tsx';
import { visitFunnelChart } from './funnel-charts.ts';
import { funnelCopy } from './copy.ts';

import { percentText, shareOf } from './rates.ts';

const num = 'text-right tabular-nums';

/** The screen's address for a period and an origin (the defaults left out). */
export function analyticsPath(filter: FunnelFilter): string {
  const search = new URLSearchParams();
  if (filter.period !== '30d') search.set('period', filter.period);
  if (filter.channel) search.set('channel', filter.channel);
  if (filter.campaign) search.set('campaign', filter.campaign);
  const query = search.toString();
  return query ? `/admin/analytics?${query}` : '/admin/analytics';
}

/** Changing the origin keeps the reader where they are (no scroll to the top). */
const open = (filter: FunnelFilter) => $router.open(analyticsPath(filter), true);

export function FunnelFilters({ filter, campaigns }: { filter: FunnelFilter; campaigns: string[] }) {
  const copy = funnelCopy.filters;
  const known = filter.campaign && !campaigns.includes(filter.campaign) ? [filter.campaign, ...campaigns] : campaigns;
  return (
    <div role="group" aria-labelledby="funnel-filters" className="mt-6 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <p id="funnel-filters" className="w-full text-sm font-semibold text-slate-900">
        {copy.label}
        <span className="ml-2 font-normal text-slate-500">{copy.hint}</span>
      </p>
      <label className="grid gap-1 text-sm text-slate-700">
        {copy.channel}
        <select className={cx(controlClass, 'w-56')} value={filter.channel ?? ''} onChange={(event) => open({ ...filter, channel: event.target.value || undefined })}>
          <option value="">{copy.allChannels}</option>
          {VISIT_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {VISIT_CHANNEL_LABELS[channel]}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm text-slate-700">
        {copy.campaign}
        <select className={cx(controlClass, 'w-56')} value={filter.campaign ?? ''} onChange={(event) => open({ ...filter, campaign: event.target.value || undefined })}>
          <option value="">{copy.allCampaigns}</option>
          {known.map((campaign) => (
            <option key={campaign} value={campaign}>
              {campaign}
            </option>
          ))}
        </select>
      </label>
      {filter.channel || filter.campaign ? (
        <button type="button" className={buttonClass('secondary', 'md')} onClick={() => open({ period: filter.period })}>
          {copy.reset}
        </button>
      ) : null}
    </div>
  );
}

function Steps({ data }: { data: FunnelJson }) {
  const copy = funnelCopy.funnel;
  const build = useCallback((width: number) => visitFunnelChart(data, width), [data]);
  const hasCalls = data.steps.some((step) => step.key === 'callsBooked');
  // Each rate is a share of the step before, named ("20 % des visiteurs"); none where the step counts
  // more than its base (decision 119), and a line under the table says why.
  const shares = data.steps.map((step, index) => {
    const before = data.steps[index - 1];
    if (!before) return { text: '—', over: false };
    const share = shareOf(step.count, before.count);
    return { text: share === null ? '—' : `${percentText(share)} ${copy.shareOf[before.key as keyof typeof copy.shareOf] ?? ''}`.trim(), over: step.count > before.count };
  });
  const over = data.steps.findIndex((_, index) => shares[index]!.over);
  return (
    <ChartCard
      id="chart-visit-funnel"
      title={copy.title}
      description={copy.description}
      chart={<PlotFigure build={build} summary={`${copy.summary} : ${data.steps.map((step) => `${step.label} ${step.count}`).join(', ')}.`} />}
      table={
        <>
          <Table label={copy.title} minWidth="min-w-[480px]">
            <TableHead columns={copy.columns} />
            <tbody className="divide-y divide-slate-100">
              {data.steps.map((step, index) => (
                <tr key={step.key}>
                  <th scope="row" className={cx(td, 'font-normal')}>
                    {step.label}
                  </th>
                  <td className={cx(td, num)}>{step.count.toLocaleString('fr-CH')}</td>
                  <td className={cx(td, num)}>{shares[index]!.text}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {over > 0 ? <p className="px-5 py-3 text-sm text-slate-600">{copy.noShare(data.steps[over]!.label, data.steps[over - 1]!.label)}</p> : null}
          {hasCalls ? null : <p className="px-5 py-3 text-sm text-slate-600">{copy.noCalls}</p>}
        </>
      }
    />
  );
}

function Sources({ data }: { data: SourceFunnelJson }) {
  const copy = funnelCopy.sources;
  const { columns } = copy;
  const calls = data.sources.some((row) => row.callsBooked !== null);
  const overVisitors = data.sources.some((row) => row.contacts > row.visitors);
  const heads = [columns.origin, columns.source, columns.campaign, columns.visitors, columns.contacts, columns.signUps, ...(calls ? [columns.calls] : []), columns.qualified, columns.rate];
  return (
    <Card labelledBy="table-sources" className="mt-6">
      <CardHeader id="table-sources" title={copy.title} description={copy.description} />
      {data.sources.length ? (
        <Table label={copy.title} minWidth="min-w-[860px]">
          <TableHead columns={heads} />
          <tbody className="divide-y divide-slate-100">
            {data.sources.map((row) => (
              <tr key={`${row.channel}|${row.source}|${row.campaign}`}>
                <th scope="row" className={cx(td, 'font-medium text-slate-900')}>
                  {row.channel ? VISIT_CHANNEL_LABELS[row.channel as VisitChannel] : copy.unknown}
                </th>
                <td className={td}>{row.source ?? '-'}</td>
                <td className={td}>{row.campaign ?? '-'}</td>
                <td className={cx(td, num)}>{row.visitors}</td>
                <td className={cx(td, num)}>{row.contacts}</td>
                <td className={cx(td, num)}>{row.signUps}</td>
                {calls ? <td className={cx(td, num)}>{row.callsBooked ?? 0}</td> : null}
                <td className={cx(td, num)}>{row.qualified}</td>
                <td className={cx(td, num)}>{percentText(shareOf(row.contacts, row.visitors))}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="px-5 py-4 text-sm text-slate-500">{copy.empty}</p>
      )}
      {overVisitors ? <p className="px-5 py-3 text-sm text-slate-600">{copy.noRate}</p> : null}
    </Card>
  );
}

export function VisitFunnel({ filter }: { filter: FunnelFilter }) {
  const funnel = useQuery(analyticsQueries.funnel(filter));
  const sources = useQuery(analyticsQueries.sources(filter));
  const error = funnel.errorText ?? sources.errorText;
  return (
    <div aria-busy={funnel.fetching || sources.fetching}>
      {funnel.loading || sources.loading ? (
        <p role="status" className="mt-6 text-sm text-slate-500">
          {funnelCopy.loading}
        </p>
      ) : null}
      {error && !(funnel.data && sources.data) ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {funnel.data ? <Steps data={funnel.data} /> : null}
      {sources.data ? <Sources data={sources.data} /> : null}
    </div>
  );
}
