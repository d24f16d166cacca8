/** The discovery calls' two charts: calls per week (booked, held, missed) and the funnel from webinar sign-up to call held. */
import * as Plot from '@observablehq/plot';
import type { AnalyticsJson } from '#contract/analytics';
import { countScale, shortWeek, style, weekTicks, type Funnel } from './charts.ts';

/** Okabe–Ito, as the other charts: booked blue, held green, missed vermillion. */
const CALL_COLOURS = ['#0072B2', '#009E73', '#D55E00'];
export const CALL_MEASURES = ['Réservés', 'Effectués', 'Absents'] as const;

/** Three bars side by side per week (they are not parts of one whole: a call booked one week is held another). */
export function callsChart(data: AnalyticsJson, width: number) {
  const weeks = data.calls.weeks;
  const rows = weeks.flatMap((week) => [
    { week: week.week, measure: CALL_MEASURES[0], count: week.booked },
    { week: week.week, measure: CALL_MEASURES[1], count: week.held },
    { week: week.week, measure: CALL_MEASURES[2], count: week.noShow },
  ]);
  const ticks = weekTicks(
    weeks.map((week) => week.week),
    width,
  );
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

export const callFunnel: Funnel = { id: 'chart-call-funnel', height: 170, marginLeft: 170, steps: callFunnelSteps };

function callFunnelSteps(data: AnalyticsJson) {
  return [
    { label: 'Inscrits à un webinaire', count: data.calls.funnel.signedUp },
    { label: 'Appel réservé', count: data.calls.funnel.booked },
    { label: 'Appel effectué', count: data.calls.funnel.held },
  ];
}
