/** The four charts of the analytics screen (and what the calls' charts share with them), built with Observable Plot from the API's series. */
import * as Plot from '@observablehq/plot';
import type { AnalyticsJson } from '#contract/analytics';
import { LEAD_SOURCES, LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS } from '#contract';

/** Colours distinguishable in print and by most colour-blind readers (Okabe–Ito), one per source. */
const SOURCE_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#7a7a7a'];
const ACCENT = '#4f46e5';
export const style = { fontSize: '12px', fontFamily: 'inherit', color: '#334155' };

/** A count axis: from 0 to at least 1 (an empty period draws no bar, not a full one), whole ticks only. */
export function countScale(max: number, label = 'Contacts') {
  const top = Math.max(1, max);
  const step = Math.max(1, Math.ceil(top / 5));
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return { label, grid: true, domain: [0, top], ticks, tickFormat: 'd' };
}

/** "2026-11-16" → "16/11" (axis), the table shows the full date. */
export const shortWeek = (week: string) => `${week.slice(8, 10)}/${week.slice(5, 7)}`;

/** The weeks named on the axis: about one per 60 px, at least four. */
export function weekTicks(weeks: string[], width: number) {
  const every = Math.ceil(weeks.length / Math.max(4, Math.floor(width / 60)));
  return weeks.filter((_, index) => index % every === 0);
}

export function weeklyChart(data: AnalyticsJson, width: number) {
  const rows = data.newContacts.flatMap((week) => LEAD_SOURCES.map((source) => ({ week: week.week, source: LEAD_SOURCE_LABELS[source], count: week.counts[source] })));
  const ticks = weekTicks(
    data.newContacts.map((week) => week.week),
    width,
  );
  return Plot.plot({
    width,
    height: 260,
    style,
    marginLeft: 40,
    x: { label: null, type: 'band', ticks, tickFormat: shortWeek },
    y: countScale(Math.max(0, ...data.newContacts.map((week) => week.total))),
    color: { domain: LEAD_SOURCES.map((source) => LEAD_SOURCE_LABELS[source]), range: SOURCE_COLOURS, legend: true },
    marks: [Plot.barY(rows, Plot.stackY({ x: 'week', y: 'count', fill: 'source' })), Plot.ruleY([0])],
  });
}

/** Room right of the longest bar for its count ("19", "1250"), so no label is cut at the chart's edge. */
const labelMargin = (max: number) => 16 + 8 * String(max).length;

export interface FunnelStep {
  label: string;
  count: number;
}

/** A funnel: its card's id, its chart's size, and its steps (the first is the whole, 100 %). */
export interface Funnel {
  id: string;
  height: number;
  marginLeft: number;
  steps: (data: AnalyticsJson) => FunnelStep[];
}

/** One bar per step, its count written at its end. */
export function funnelChart(steps: FunnelStep[], funnel: Funnel, width: number) {
  const max = Math.max(...steps.map((step) => step.count));
  return Plot.plot({
    width,
    height: funnel.height,
    style,
    marginLeft: funnel.marginLeft,
    marginRight: labelMargin(max),
    x: countScale(max),
    y: { label: null, domain: steps.map((step) => step.label) },
    marks: [
      // x1/x2, not x: Plot stacks a lone x, and each step's bar must start at 0 (its length is its count).
      Plot.barX(steps, { x1: 0, x2: 'count', y: 'label', fill: ACCENT }),
      Plot.text(steps, { x: 'count', y: 'label', text: (step: { count: number }) => String(step.count), dx: 6, textAnchor: 'start', fill: '#0f172a' }),
      Plot.ruleX([0]),
    ],
  });
}

export const webinarFunnel: Funnel = { id: 'chart-funnel', height: 200, marginLeft: 150, steps: webinarFunnelSteps };

function webinarFunnelSteps(data: AnalyticsJson) {
  return [
    { label: 'Inscrits', count: data.funnel.registered },
    { label: 'Présents', count: data.funnel.attended },
    { label: 'Demande de contact', count: data.funnel.contactRequested },
    { label: 'Qualifiés', count: data.funnel.qualified },
  ];
}

/**
 * Attended is drawn over registrations (it is a part of them), both from 0: one bar per session,
 * the present ones a narrower bar inside it (x1/x2: a lone x would stack them end to end).
 */
export function sessionsChart(data: AnalyticsJson, width: number) {
  const bar = (measure: 'Inscriptions' | 'Présents', count: (session: AnalyticsJson['sessions'][number]) => number) =>
    data.sessions.map((session) => ({ session: session.title, measure, count: count(session) }));
  const max = Math.max(0, ...data.sessions.map((session) => session.registrations));
  const marginLeft = Math.min(220, width / 3);
  // A title longer than the margin holds (about 7 px a character at 12 px) is cut with "…", never at the chart's edge.
  const titleChars = Math.max(6, Math.floor((marginLeft - 14) / 7));
  return Plot.plot({
    width,
    height: Math.max(160, 50 * data.sessions.length + 60),
    style,
    marginLeft,
    marginRight: labelMargin(max),
    x: countScale(max),
    y: { label: null, domain: data.sessions.map((session) => session.title), tickFormat: (title: string) => (title.length > titleChars ? `${title.slice(0, titleChars - 1)}…` : title) },
    color: { domain: ['Inscriptions', 'Présents'], range: [ACCENT, '#009E73'], legend: true },
    marks: [
      Plot.barX(
        bar('Inscriptions', (session) => session.registrations),
        { x1: 0, x2: 'count', y: 'session', fill: 'measure', insetTop: 4, insetBottom: 4 },
      ),
      Plot.barX(
        bar('Présents', (session) => session.attended),
        { x1: 0, x2: 'count', y: 'session', fill: 'measure', insetTop: 12, insetBottom: 12 },
      ),
      Plot.ruleX([0]),
    ],
  });
}

export function statusChart(data: AnalyticsJson, width: number) {
  const rows = data.statuses.map((entry) => ({ label: LEAD_STATUS_LABELS[entry.status], count: entry.count }));
  return Plot.plot({
    width,
    height: 200,
    style,
    marginLeft: 110,
    x: countScale(Math.max(...rows.map((row) => row.count))),
    y: { label: null, domain: rows.map((row) => row.label) },
    marks: [Plot.barX(rows, { x1: 0, x2: 'count', y: 'label', fill: ACCENT }), Plot.ruleX([0])],
  });
}
