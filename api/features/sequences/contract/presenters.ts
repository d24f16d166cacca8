/** Sequences of the admin API (docs/decisions/150-sequences-engine.md). The admin imports these return types (type-only). */
import { iso, text } from '../../../contract/presenting.ts';
import type { SequenceEntryEvent, SequenceExitReason, SequenceGoal, SequenceRunState, SequenceStatus } from './schemas.ts';

/** A `sequences` row as the feature reads it. */
export interface SequenceRow {
  id: number;
  name: string;
  entryEvent: SequenceEntryEvent;
  entryAfterMinutes: number;
  exitEvents: SequenceGoal[];
  goal: SequenceGoal | null;
  state: SequenceStatus;
  reentry: boolean;
  windowFrom: string;
  windowTo: string;
  windowDays: number[];
  createdAt: Date;
  updatedAt: Date;
}

/** A `sequence_steps` row (not deleted). */
export interface SequenceStepRow {
  id: number;
  sequenceId: number;
  position: number;
  delayMinutes: number;
  subject: string;
  preview: string;
  bodyMarkdown: string;
  sendingWindow: boolean;
}

export function presentSequence(sequence: SequenceRow, steps: SequenceStepRow[]) {
  return {
    id: sequence.id,
    name: sequence.name,
    entry: { event: sequence.entryEvent, afterMinutes: sequence.entryAfterMinutes },
    exitOn: [...sequence.exitEvents],
    steps: steps.map((step) => ({
      id: step.id,
      position: step.position,
      delayMinutes: step.delayMinutes,
      subject: step.subject,
      preview: step.preview,
      body: step.bodyMarkdown,
      window: step.sendingWindow,
    })),
    window: { from: sequence.windowFrom, to: sequence.windowTo, days: sequence.windowDays.map(Number) },
    status: sequence.state,
    goal: sequence.goal,
    reentry: sequence.reentry,
    /** The onboarding (invoice paid) is transactional: no unsubscribe, sent even to people who left marketing. */
    transactional: sequence.entryEvent === 'invoice_paid',
    createdAt: iso(sequence.createdAt)!,
    updatedAt: iso(sequence.updatedAt)!,
  };
}
export type SequenceAnswer = ReturnType<typeof presentSequence>;

export function presentSequenceList(items: Array<{ sequence: SequenceRow; steps: SequenceStepRow[] }>) {
  return { items: items.map(({ sequence, steps }) => presentSequence(sequence, steps)) };
}
export type SequenceListAnswer = ReturnType<typeof presentSequenceList>;

/** One run as a contact's page lists it. */
export interface SequenceRunRow {
  id: number;
  leadId: number;
  sequenceId: number;
  sequenceName: string;
  state: SequenceRunState;
  currentStepId: number | null;
  currentStepSubject: string | null;
  currentStepPosition: number | null;
  nextSendAt: Date | null;
  exitReason: SequenceExitReason | null;
  enteredAt: Date;
  exitedAt: Date | null;
  completedAt: Date | null;
  sent: number;
}

export function presentSequenceRun(run: SequenceRunRow) {
  return {
    id: run.id,
    sequence: { id: run.sequenceId, name: run.sequenceName },
    state: run.state,
    currentStep: run.currentStepId === null ? null : { id: run.currentStepId, position: run.currentStepPosition, subject: text(run.currentStepSubject) },
    nextSendAt: run.state === 'active' ? iso(run.nextSendAt) : null,
    exitReason: run.exitReason,
    enteredAt: iso(run.enteredAt)!,
    exitedAt: iso(run.exitedAt),
    completedAt: iso(run.completedAt),
    sent: run.sent,
  };
}
export type SequenceRunAnswer = ReturnType<typeof presentSequenceRun>;

export function presentSequenceRuns(runs: SequenceRunRow[]) {
  return { items: runs.map(presentSequenceRun) };
}

/** Per step: how many runs reached it (sent), left while waiting on it (by reason), reached the goal after it. */
export interface SequenceStepStats {
  stepId: number;
  position: number;
  subject: string;
  deleted: boolean;
  sent: number;
  waiting: number;
  exited: Partial<Record<SequenceExitReason, number>>;
  converted: number;
}

export function presentSequenceStats(input: {
  sequenceId: number;
  goal: SequenceGoal | null;
  entered: number;
  active: number;
  completed: number;
  exited: Partial<Record<SequenceExitReason, number>>;
  converted: number;
  steps: SequenceStepStats[];
}) {
  return { ...input };
}
export type SequenceStatsAnswer = ReturnType<typeof presentSequenceStats>;

export function presentSequencePreview(preview: { subject: string; html: string; text: string }) {
  return { subject: preview.subject, html: preview.html, text: preview.text };
}
