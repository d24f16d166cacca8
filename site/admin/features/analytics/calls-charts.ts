/** The discovery calls' two charts: calls per week (booked, held, missed) and the funnel from webinar sign-up to call held. */
import * as Plot from '@observablehq/plot';
import type { AnalyticsJson } from '#presenters';

const style = { fontSize: '12px', fontFamily: 'inherit', color: '#334155' };
/** Okabe–Ito, as the other charts: booked blue, held green, missed vermillion. */
const CALL_COLOURS = ['#0072B2', '#009E73', '#D55E00'];
export const CALL_MEASURES = ['Réservés', 'Effectués', 'Absents'] as const;

function countScale(max: number, label: string) {
  const top = Math.max(1, max);
  const step = Math.max(1, Math.ceil(top / 5));
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return { label, grid: true, domain: [0, top], ticks, tickFormat: 'd' };
}

const shortWeek = (week: string) => `${week.slice(8, 10)}/${week.slice(5, 7)}`;

/** Three bars side by side per week (they are not parts of one whole: a call booked one week is held another). */
export function callsChart(data: AnalyticsJson, width: number) {
  const weeks = data.calls.weeks;
  const rows = weeks.flatMap((week) => [
    { week: week.week, measure: CALL_MEASURES[0], count: week.booked },
    { week: week.week, measure: CALL_MEASURES[1], count: week.held },
    { week: week.week, measure: CALL_MEASURES[2], count: week.noShow },
  ]);
  const every = Math.ceil(weeks.length / Math.max(4, Math.floor(width / 60)));
  const ticks = weeks.map((week) => week.week).filter((_, index) => index % every === 0);
  return Plot.plot({
    width,
    height: 260,
    style,
    marginLeft: 40,
    fx: { label: null, padding: 0.2, tickFormat: shortWeek, ticks, axis: 'bottom' },
    x: { axis: null, domain: [...CALL_MEASURES] },
    y: countScale(Math.max(0, ...rows.map((row) => row.count)), 'Appels'),
    color: { domain: [...CALL_MEASURES], range: CALL_COLOURS, legend: true },
    marks: [Plot.barY(rows, { fx: 'week', x: 'measure', y: 'count', fill: 'measure' }), Plot.ruleY([0])],
  });
}

export function callFunnelSteps(data: AnalyticsJson) {
  return [
    { label: 'Inscrits à un webinaire', count: data.calls.funnel.signedUp },
    { label: 'Appel réservé', count: data.calls.funnel.booked },
    { label: 'Appel effectué', count: data.calls.funnel.held },
  ];
}

export function callFunnelChart(data: AnalyticsJson, width: number) {
  const steps = callFunnelSteps(data);
  const max = Math.max(...steps.map((step) => step.count));
  return Plot.plot({
    width,
    height: 170,
    style,
    marginLeft: 170,
    marginRight: 16 + 8 * String(max).length,
    x: countScale(max, 'Contacts'),
    y: { label: null, domain: steps.map((step) => step.label) },
    marks: [
      Plot.barX(steps, { x1: 0, x2: 'count', y: 'label', fill: '#4f46e5' }),
      Plot.text(steps, { x: 'count', y: 'label', text: (step: { count: number }) => String(step.count), dx: 6, textAnchor: 'start', fill: '#0f172a' }),
      Plot.ruleX([0]),
    ],
  });
}
