/** One chart of the analytics screen: its title, the chart, and its figures in a table beneath it. */
import type { ReactNode } from 'react';
import { Card, CardHeader } from '../../ui/primitives.tsx';

/** A figure's cell in the tables beneath the charts. */
export const num = 'text-right tabular-nums';
export const percent = (value: number | null) => (value === null ? '-' : `${value.toLocaleString('fr-CH')} %`);

export function ChartCard(props: { id: string; title: string; description: string; chart: ReactNode; table: ReactNode }) {
  return (
    <Card labelledBy={props.id} className="mt-6">
      <CardHeader id={props.id} title={props.title} description={props.description} />
      <div className="px-5 pt-4">{props.chart}</div>
      <div className="mt-2 border-t border-slate-100">{props.table}</div>
    </Card>
  );
}
