/**
 * A sequence's figures (/admin/emails/sequences/{id}/stats, `GET …/sequences/{id}/stats`): people
 * entered, in progress, done, exited and converted (reached the goal the team chose), then per step a
 * chart and its data table: arrived, sent, waiting, exited by reason, converted after it.
 */
import { useCallback } from 'react';
import { SEQUENCE_EXIT_REASON_LABELS, SEQUENCE_GOAL_LABELS, type SequenceExitReason } from '#contract/sequences';
import { useQuery } from '../../lib/query.ts';
import { ArrowLeftIcon } from '../../ui/icons.tsx';
import { Alert, cx, focusRing, PageHeader, Spinner } from '../../ui/primitives.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { Table, TableHead, td } from '../../ui/table.tsx';
import { ChartCard, num, PlotFigure } from '../analytics/index.ts';
import { EmailsTabs } from '../emails/index.ts';
import { SEQUENCE_COPY } from './copy.ts';
import { sequenceQueries } from './queries.ts';
import { stepFigures, stepsChart, type StepFigures } from './stats-chart.ts';

const copy = SEQUENCE_COPY.stats;
const reasonLabel = (reason: string) => SEQUENCE_EXIT_REASON_LABELS[reason as SequenceExitReason] ?? reason;

function Chart({ steps, entered, converted }: { steps: StepFigures[]; entered: number; converted: number }) {
  const build = useCallback((width: number) => stepsChart(steps, width), [steps]);
  return <PlotFigure build={build} summary={copy.summary(steps.length, entered, converted)} />;
}

export function SequenceStats({ id }: { id: string }) {
  const sequence = useQuery(sequenceQueries.sequence(id));
  const stats = useQuery(sequenceQueries.stats(id));
  if (sequence.loading || stats.loading) {
    return (
      <p className="flex items-center gap-2 py-16 text-sm text-slate-500" role="status">
        <Spinner /> {copy.loading}
      </p>
    );
  }
  if (!sequence.data || !stats.data) return <Alert title={SEQUENCE_COPY.editor.notFound}>{sequence.errorText ?? stats.errorText}</Alert>;
  const data = stats.data;
  const steps = stepFigures(data, reasonLabel);
  const exited = Object.values(data.exited).reduce((sum, count) => sum + (count ?? 0), 0);
  const totals: Array<[string, number]> = [
    [copy.totals.entered, data.entered],
    [copy.totals.active, data.active],
    [copy.totals.completed, data.completed],
    [copy.totals.exited, exited],
    [copy.totals.converted, data.converted],
  ];
  return (
    <>
      <a href={`/admin/emails/sequences/${id}`} className={cx('mb-3 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900', focusRing)}>
        <ArrowLeftIcon size={16} /> {copy.back}
      </a>
      <PageHeader
        title={copy.title(sequence.data.name)}
        description={copy.description}
        actions={
          <RefreshButton
            fetching={stats.fetching}
            onRefresh={() => {
              void stats.refetch();
              void sequence.refetch();
            }}
          />
        }
      />
      <EmailsTabs current="sequences" />
      <p className="mb-3 text-sm text-slate-700">{data.goal ? copy.goal(SEQUENCE_GOAL_LABELS[data.goal]) : copy.noGoal}</p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-sequence-totals>
        {totals.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <ChartCard
        id="sequence-steps-chart"
        title={copy.chartTitle}
        description={copy.chartDescription}
        chart={steps.length === 0 ? <p className="py-6 text-sm text-slate-500">{copy.empty}</p> : <Chart steps={steps} entered={data.entered} converted={data.converted} />}
        table={
          <Table label={copy.tableLabel} minWidth="min-w-[720px]">
            <TableHead columns={copy.columns} />
            <tbody className="divide-y divide-slate-100">
              {steps.map((step) => (
                <tr key={step.position}>
                  <td className={cx(td, 'tabular-nums')}>{step.position}</td>
                  <td className={cx(td, 'min-w-48')}>
                    {step.subject}
                    {step.deleted ? <span className="text-slate-500"> {copy.deleted}</span> : null}
                  </td>
                  <td className={cx(td, num)}>{step.arrived}</td>
                  <td className={cx(td, num)}>{step.sent}</td>
                  <td className={cx(td, num)}>{step.waiting}</td>
                  <td className={td}>
                    {step.exitedByReason.length === 0 ? (
                      copy.noExit
                    ) : (
                      <ul>
                        {step.exitedByReason.map(([reason, count]) => (
                          <li key={reason} className="whitespace-nowrap">
                            {reason} : <span className="tabular-nums">{count}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className={cx(td, num)}>{step.converted}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        }
      />
    </>
  );
}
