/**
 * The sequence editor's draft (./SequenceEditor.tsx): read from the API's answer, with delays in a
 * person's unit, and turned back into what the API takes (docs/decisions/153-sequence-screens.md).
 */
import { DEFAULT_SEQUENCE_WINDOW, type SequenceEntryEvent, type SequenceGoal } from '#contract/sequences';
import type { SequenceAnswer } from './queries.ts';
import type { StepDraft } from './StepEditor.tsx';
import { toHuman, toMinutes, type HumanDelay } from './units.ts';

export interface Draft {
  name: string;
  event: SequenceEntryEvent;
  after: HumanDelay;
  exitOn: SequenceGoal[];
  goal: SequenceGoal;
  reentry: boolean;
  windowFrom: string;
  windowTo: string;
  windowDays: number[];
  steps: StepDraft[];
}

let newKeys = 0;
export const newStep = (): StepDraft => ({ key: `nouvelle-${(newKeys += 1)}`, delay: { value: '1', unit: 'days' }, subject: '', preview: '', body: '', window: true });

export const draftOf = (sequence: SequenceAnswer | undefined): Draft => ({
  name: sequence?.name ?? '',
  event: sequence?.entry.event ?? 'webinar_absent',
  after: toHuman(sequence?.entry.afterMinutes ?? 0),
  exitOn: sequence ? [...sequence.exitOn] : ['call_booked'],
  goal: sequence?.goal ?? 'call_booked',
  reentry: sequence?.reentry ?? false,
  windowFrom: sequence?.window.from ?? DEFAULT_SEQUENCE_WINDOW.from,
  windowTo: sequence?.window.to ?? DEFAULT_SEQUENCE_WINDOW.to,
  windowDays: sequence ? [...sequence.window.days] : [...DEFAULT_SEQUENCE_WINDOW.days],
  steps: sequence
    ? sequence.steps.map((step) => ({ key: `etape-${step.id}`, id: step.id, delay: toHuman(step.delayMinutes), subject: step.subject, preview: step.preview, body: step.body, window: step.window }))
    : [newStep()],
});

/** What the API takes: delays in minutes, the window as one object; steps in their order (the API keeps it). */
export const bodyOf = (draft: Draft) => ({
  name: draft.name,
  entry: { event: draft.event, afterMinutes: toMinutes(draft.after) },
  exitOn: draft.exitOn,
  goal: draft.goal,
  reentry: draft.reentry,
  window: { from: draft.windowFrom, to: draft.windowTo, days: draft.windowDays },
  steps: draft.steps.map((step) => ({
    ...(step.id === undefined ? {} : { id: step.id }),
    delayMinutes: toMinutes(step.delay),
    subject: step.subject,
    preview: step.preview,
    body: step.body,
    window: step.window,
  })),
});

export const same = (a: Draft, b: Draft) => JSON.stringify(bodyOf(a)) === JSON.stringify(bodyOf(b));

/** The errors of step `index` ("steps.2.subject" → { subject }). */
export function stepErrors(errors: Record<string, string>, index: number): Record<string, string> {
  const prefix = `steps.${index}.`;
  return Object.fromEntries(Object.entries(errors).flatMap(([path, message]) => (path.startsWith(prefix) ? [[path.slice(prefix.length), message]] : [])));
}
