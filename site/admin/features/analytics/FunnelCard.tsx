/** A funnel of the analytics screen: its bars, then each step's contacts and their share of the first step. */
import { useCallback } from 'react';
import { cx } from '../../ui/primitives.tsx';
import { Table, TableHead, td } from '../../ui/table.tsx';
import { ChartCard, num, percent } from './ChartCard.tsx';
import { PlotFigure } from './PlotFigure.tsx';

export interface FunnelStep {
  label: string;
  count: number;
}

export function FunnelCard<T>(props: {
  id: string;
  title: string;
  description: string;
  data: T;
  steps: (data: T) => FunnelStep[];
  chart: (data: T, width: number) => SVGSVGElement | HTMLElement;
}) {
  const { data, chart } = props;
  const build = useCallback((width: number) => chart(data, width), [chart, data]);
  const steps = props.steps(data);
  const first = steps[0]!.count;
  return (
    <ChartCard
      id={props.id}
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
