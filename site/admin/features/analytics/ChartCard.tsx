/**
 * One chart of the analytics screen: its title, the chart, and its figures in a table beneath it, or
 * beside it on a wide screen (`beside`, for a long table such as the daily visits: it scrolls in its box).
 */
import type { ReactNode } from 'react';
import { Card, CardHeader, cx } from '../../ui/primitives.tsx';

/** A figure's cell in the tables beneath the charts. */
export const num = 'text-right tabular-nums';
export const percent = (value: number | null) => (value === null ? '-' : `${value.toLocaleString('fr-CH')} %`);

export function ChartCard(props: { id: string; title: string; description: string; chart: ReactNode; table: ReactNode; beside?: boolean; children?: ReactNode }) {
  if (props.beside) {
    return (
      <Card labelledBy={props.id} className="mt-6">
        <CardHeader id={props.id} title={props.title} description={props.description} />
        {props.children}
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="px-5 pt-4">{props.chart}</div>
          <div className={cx('max-h-80 overflow-y-auto border-t border-slate-100 lg:border-t-0 lg:border-l')}>{props.table}</div>
        </div>
      </Card>
    );
  }
  return (
    <Card labelledBy={props.id} className="mt-6">
      <CardHeader id={props.id} title={props.title} description={props.description} />
      {props.children}
      <div className="px-5 pt-4">{props.chart}</div>
      <div className="mt-2 border-t border-slate-100">{props.table}</div>
    </Card>
  );
}
