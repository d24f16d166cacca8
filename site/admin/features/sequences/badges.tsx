/** A sequence's state and a run's state, in French, with their colour. */
import { SEQUENCE_RUN_STATE_LABELS, SEQUENCE_STATUS_LABELS, type SequenceRunState, type SequenceStatus } from '#contract/sequences';
import { Badge } from '../../ui/primitives.tsx';

const statusTones: Record<SequenceStatus, 'green' | 'amber'> = { active: 'green', paused: 'amber' };
const runTones: Record<SequenceRunState, 'blue' | 'gray' | 'green'> = { active: 'blue', exited: 'gray', completed: 'green' };

export function SequenceStatusBadge({ status }: { status: SequenceStatus }) {
  return <Badge tone={statusTones[status] ?? 'gray'}>{SEQUENCE_STATUS_LABELS[status] ?? status}</Badge>;
}

export function RunStateBadge({ state }: { state: SequenceRunState }) {
  return <Badge tone={runTones[state] ?? 'gray'}>{SEQUENCE_RUN_STATE_LABELS[state] ?? state}</Badge>;
}
