/** The funnel from visit to discovery call and the daily visits, drawn with Observable Plot (decision 116). */
import * as Plot from '@observablehq/plot';
import type { FunnelJson } from '#contract/analytics';
import type { VisitsJson } from '#contract/attribution';
import { funnelCopy } from './copy.ts';

const style = { fontSize: '12px', fontFamily: 'inherit', color: '#334155' };
/** Okabe–Ito, as the other charts: visits blue, visitors green. */
const VISIT_COLOURS = ['#0072B2', '#009E73'];

function countScale(max: number, label: string | null) {
  const top = Math.max(1, max);
  const step = Math.max(1, Math.ceil(top / 5));
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return { label, grid: true, domain: [0, top], ticks, tickFormat: 'd' };
}

/** One bar per step from 0 (x1/x2: a lone x would stack them), its count at its end. */
export function visitFunnelChart(data: FunnelJson, width: number) {
  const max = Math.max(0, ...data.steps.map((step) => step.count));
  const marginLeft = Math.min(250, width / 2.4);
  const labelChars = Math.max(8, Math.floor((marginLeft - 14) / 7));
  return Plot.plot({
    width,
    height: 40 * data.steps.length + 40,
    style,
    marginLeft,
    marginRight: 16 + 8 * String(max).length,
    x: countScale(max, null),
    y: {
      label: null,
      domain: data.steps.map((step) => step.label),
      tickFormat: (label: string) => (label.length > labelChars ? `${label.slice(0, labelChars - 1)}…` : label),
    },
    marks: [
      Plot.barX(data.steps, { x1: 0, x2: 'count', y: 'label', fill: '#4f46e5' }),
      Plot.text(data.steps, { x: 'count', y: 'label', text: (step: { count: number }) => String(step.count), dx: 6, textAnchor: 'start', fill: '#0f172a' }),
      Plot.ruleX([0]),
    ],
  });
}

/** Visits and visitors of each day, two lines over the period's days. */
export function dailyVisitsChart(data: VisitsJson, width: number) {
  const { visits, visitors } = funnelCopy.visits.legend;
  const rows = data.days.flatMap((day) => [
    { date: new Date(`${day.date}T12:00:00Z`), measure: visits, count: day.visits },
    { date: new Date(`${day.date}T12:00:00Z`), measure: visitors, count: day.visitors },
  ]);
  return Plot.plot({
    width,
    height: 240,
    style,
    marginLeft: 40,
    x: {
      label: null,
      type: 'utc',
      ticks: Math.max(3, Math.floor(width / 90)),
      tickFormat: (date: Date) => `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`,
    },
    y: countScale(Math.max(0, ...data.days.map((day) => day.visits)), null),
    color: { domain: [visits, visitors], range: VISIT_COLOURS, legend: true },
    marks: [Plot.lineY(rows, { x: 'date', y: 'count', stroke: 'measure', strokeWidth: 2 }), Plot.ruleY([0])],
  });
}
