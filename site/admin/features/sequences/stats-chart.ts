/** The sequence's chart per step (Observable Plot, as the analytics' charts): arrived, sent, exited, converted, side by side. */
import * as Plot from '@observablehq/plot';
import type { SequenceStatsAnswer } from '#contract/sequences';
import { countScale, style } from '../analytics/index.ts';
import { SEQUENCE_COPY } from './copy.ts';

/** Okabe–Ito, as the other charts: arrived grey, sent blue, exited vermillion, converted green. */
const COLOURS = ['#7a7a7a', '#0072B2', '#D55E00', '#009E73'];
const MEASURES = SEQUENCE_COPY.stats.measures;

export interface StepFigures {
  label: string;
  position: number;
  subject: string;
  deleted: boolean;
  arrived: number;
  sent: number;
  waiting: number;
  exited: number;
  exitedByReason: Array<[string, number]>;
  converted: number;
}

/**
 * A step's figures: the API gives sent, waiting, exits by reason and converted; "arrived" is every run
 * that reached the step (received it, waits on it, or left while waiting on it).
 */
export function stepFigures(stats: SequenceStatsAnswer, reasonLabel: (reason: string) => string): StepFigures[] {
  return stats.steps.map((step, index) => {
    const exits = Object.entries(step.exited).filter(([, count]) => (count ?? 0) > 0) as Array<[string, number]>;
    const exited = exits.reduce((sum, [, count]) => sum + count, 0);
    return {
      label: `${index + 1}`,
      position: index + 1,
      subject: step.subject,
      deleted: step.deleted,
      arrived: step.sent + step.waiting + exited,
      sent: step.sent,
      waiting: step.waiting,
      exited,
      exitedByReason: exits.map(([reason, count]) => [reasonLabel(reason), count]),
      converted: step.converted,
    };
  });
}

export function stepsChart(steps: StepFigures[], width: number) {
  const rows = steps.flatMap((step) => [
    { step: step.label, measure: MEASURES[0], count: step.arrived },
    { step: step.label, measure: MEASURES[1], count: step.sent },
    { step: step.label, measure: MEASURES[2], count: step.exited },
    { step: step.label, measure: MEASURES[3], count: step.converted },
  ]);
  return Plot.plot({
    width,
    height: 260,
    style,
    marginLeft: 40,
    fx: { label: 'Étape', padding: 0.2, axis: 'bottom', domain: steps.map((step) => step.label) },
    x: { axis: null, domain: [...MEASURES] },
    y: countScale(Math.max(0, ...rows.map((row) => row.count)), 'Personnes'),
    color: { domain: [...MEASURES], range: COLOURS, legend: true },
    marks: [Plot.barY(rows, { fx: 'step', x: 'measure', y: 'count', fill: 'measure' }), Plot.ruleY([0])],
  });
}
