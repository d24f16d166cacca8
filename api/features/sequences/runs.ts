/**
 * A contact's runs (their page lists them and lets an administrator stop one) and a sequence's figures
 * per step: sent, waiting, exited by reason, converted (reached the goal after that step).
 */
import type { Knex } from 'knex';
import { HttpError, notFound } from '../../platform/errors.ts';
import { findLeadOr404 } from '../contacts/index.ts';
import { SEQUENCE_MESSAGES, type SequenceExitReason, type SequenceRunRow, type SequenceStepStats } from './contract/index.ts';
import { goalReached } from './events.ts';
import { findSequenceOr404 } from './store.ts';

export async function runsOfLead(db: Knex, leadId: number): Promise<SequenceRunRow[]> {
  await findLeadOr404(db, leadId);
  const rows = await db('sequenceRuns as r')
    .join('sequences as s', 's.id', 'r.sequenceId')
    .leftJoin('sequenceSteps as st', 'st.id', 'r.currentStepId')
    .where('r.leadId', leadId)
    .orderBy('r.id', 'desc')
    .select(
      'r.id',
      'r.leadId',
      'r.sequenceId',
      's.name as sequenceName',
      'r.state',
      'r.currentStepId',
      'st.subject as currentStepSubject',
      'st.position as currentStepPosition',
      'r.nextSendAt',
      'r.exitReason',
      'r.enteredAt',
      'r.exitedAt',
      'r.completedAt',
      db('sequenceSends as x').whereRaw('x.run_id = r.id').count('*').as('sent'),
    );
  return rows.map((row: Record<string, unknown>) => ({ ...row, sent: Number(row.sent) }) as SequenceRunRow);
}

/** Removed by hand: the run ends at once; a step already in the outbox is cancelled by the sender's check. */
export async function stopRun(db: Knex, runId: number): Promise<SequenceRunRow> {
  const run = await db('sequenceRuns').where({ id: runId }).first<{ id: number; leadId: number; state: string } | undefined>('id', 'leadId', 'state');
  if (!run) throw notFound(SEQUENCE_MESSAGES.runNotFound);
  const updated = await db('sequenceRuns').where({ id: runId, state: 'active' }).update({ state: 'exited', exitReason: 'stopped', exitedAt: db.fn.now(), nextSendAt: null }).returning('id');
  if (updated.length === 0) throw new HttpError(409, SEQUENCE_MESSAGES.runNotActive);
  return (await runsOfLead(db, run.leadId)).find((row) => row.id === runId)!;
}

function byReason(rows: Array<{ reason: SequenceExitReason; n: number | string }>): Partial<Record<SequenceExitReason, number>> {
  return Object.fromEntries(rows.map((row) => [row.reason, Number(row.n)]));
}

export async function sequenceStats(db: Knex, sequenceId: number) {
  const sequence = await findSequenceOr404(db, sequenceId);
  const goal = sequence.goal;
  const converted = goal ? `count(*) filter (where ${goalReached(goal)})` : '0';
  const { rows: totals } = await db.raw<{ rows: Array<{ entered: number; active: number; completed: number; converted: number }> }>(
    `select count(*)::int as entered, count(*) filter (where r.state = 'active')::int as active,
        count(*) filter (where r.state = 'completed')::int as completed, ${converted}::int as converted
     from sequence_runs r where r.sequence_id = ?`,
    [sequenceId],
  );
  const { rows: exits } = await db.raw<{ rows: Array<{ stepId: number | null; reason: SequenceExitReason; n: number }> }>(
    `select current_step_id as "stepId", exit_reason as reason, count(*)::int as n from sequence_runs where sequence_id = ? and state = 'exited' group by 1, 2`,
    [sequenceId],
  );
  const convertedAfter = goal ? `count(distinct x.run_id) filter (where ${goalReached(goal, 'x.created_at')})` : '0';
  const { rows: steps } = await db.raw<{ rows: Array<{ id: number; position: number; subject: string; deleted: boolean; sent: number; waiting: number; converted: number }> }>(
    `select st.id, st.position, st.subject, st.deleted_at is not null as deleted,
        (select count(*) from sequence_sends x where x.step_id = st.id)::int as sent,
        (select count(*) from sequence_runs w where w.current_step_id = st.id and w.state = 'active')::int as waiting,
        (select ${convertedAfter} from sequence_sends x join sequence_runs r on r.id = x.run_id where x.step_id = st.id)::int as converted
     from sequence_steps st where st.sequence_id = ? and (st.deleted_at is null or exists (select 1 from sequence_sends y where y.step_id = st.id))
     order by st.position, st.id`,
    [sequenceId],
  );
  return {
    sequenceId,
    goal,
    entered: totals[0]!.entered,
    active: totals[0]!.active,
    completed: totals[0]!.completed,
    exited: byReason(exits),
    converted: totals[0]!.converted,
    steps: steps.map((step): SequenceStepStats => ({
      stepId: step.id,
      position: step.position,
      subject: step.subject,
      deleted: step.deleted,
      sent: step.sent,
      waiting: step.waiting,
      exited: byReason(exits.filter((row) => row.stepId === step.id)),
      converted: step.converted,
    })),
  };
}
