/** A funnel of the analytics screen: its bars, then each step's contacts and their share of the first step. */
import { useCallback, useMemo } from 'react';
import type { AnalyticsJson } from '#contract/analytics';
import { cx } from '../../ui/primitives.tsx';
import { Table, TableHead, td } from '../../ui/table.tsx';
import { ChartCard, num, percent } from './ChartCard.tsx';
import { PlotFigure } from './PlotFigure.tsx';
import { funnelChart, type Funnel } from './charts.ts';

export function FunnelCard(props: { title: string; description: string; data: AnalyticsJson; funnel: Funnel }) {
  const { data, funnel } = props;
  const steps = useMemo(() => funnel.steps(data), [funnel, data]);
  const build = useCallback((width: number) => funnelChart(steps, funnel, width), [steps, funnel]);
  const first = steps[0]!.count;
  return (
    <ChartCard
      id={funnel.id}
      title={props.title}
      description={props.description}
      chart={<PlotFigure build={build} summary={`Entonnoir : ${steps.map((step) => `${step.label} ${step.count}`).join(', ')}.`} />}
      table={
        <Table label={props.title} minWidth="min-w-[420px]">
          <TableHead columns={['Étape', 'Contacts', 'Part des inscrits']} />
          <tbody className="divide-y divide-slate-100">
            {steps.map((step) => (
              <tr key={step.label}>
                <td className={td}>{step.label}</td>
                <td className={cx(td, num)}>{step.count}</td>
                <td className={cx(td, num)}>{percent(first ? Math.round((step.count / first) * 1000) / 10 : null)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      }
    />
  );
}
