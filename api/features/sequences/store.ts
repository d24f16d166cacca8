/**
 * Sequences and their steps as the team writes them (docs/decisions/150-sequences-engine.md). A step's
 * text edited changes what is sent from then on (the sender reads it just before sending); a step left
 * out of the list is deleted softly (`deleted_at`), so the people waiting on it skip to the next one and
 * its figures stay; pausing keeps every run where it is.
 */
import type { Knex } from 'knex';
import { HttpError, notFound } from '../../platform/errors.ts';
import { SEQUENCE_MESSAGES, type SequenceCreate, type SequenceRow, type SequenceStepInput, type SequenceStepRow, type SequenceUpdate } from './contract/index.ts';

const SEQUENCE_COLUMNS = ['id', 'name', 'entryEvent', 'entryAfterMinutes', 'exitEvents', 'goal', 'state', 'reentry', 'windowFrom', 'windowTo', 'windowDays', 'createdAt', 'updatedAt'];
const STEP_COLUMNS = ['id', 'sequenceId', 'position', 'delayMinutes', 'subject', 'preview', 'bodyMarkdown', 'sendingWindow'];

export async function liveSteps(db: Knex, sequenceIds: number[]): Promise<SequenceStepRow[]> {
  if (sequenceIds.length === 0) return [];
  return db('sequenceSteps')
    .whereIn('sequenceId', sequenceIds)
    .whereNull('deletedAt')
    .orderBy([{ column: 'position' }, { column: 'id' }])
    .select(STEP_COLUMNS);
}

export async function findSequenceOr404(db: Knex, id: number, lock = false): Promise<SequenceRow> {
  const query = db('sequences').where({ id }).first(SEQUENCE_COLUMNS);
  const row = (await (lock ? query.forUpdate() : query)) as SequenceRow | undefined;
  if (!row) throw notFound(SEQUENCE_MESSAGES.notFound);
  return row;
}

export async function readSequence(db: Knex, id: number) {
  const sequence = await findSequenceOr404(db, id);
  return { sequence, steps: await liveSteps(db, [id]) };
}

export async function listSequences(db: Knex) {
  const sequences = (await db('sequences').orderBy('id').select(SEQUENCE_COLUMNS)) as SequenceRow[];
  const steps = await liveSteps(
    db,
    sequences.map((sequence) => sequence.id),
  );
  return sequences.map((sequence) => ({ sequence, steps: steps.filter((step) => step.sequenceId === sequence.id) }));
}

function refuseTransactionalPaid(entryEvent: string, exitOn: string[]): void {
  if (entryEvent === 'invoice_paid' && exitOn.includes('paid')) throw new HttpError(400, SEQUENCE_MESSAGES.transactionalExit);
}

/** Replaces the live steps by `steps`, in their order: kept by id, new ones added, the others deleted softly. */
async function writeSteps(trx: Knex.Transaction, sequenceId: number, steps: SequenceStepInput[]): Promise<void> {
  const live = (await trx('sequenceSteps').where({ sequenceId }).whereNull('deletedAt').select('id', 'position')) as Array<{ id: number; position: number }>;
  const liveIds = new Set(live.map((step) => step.id));
  for (const step of steps) if (step.id !== undefined && !liveIds.has(step.id)) throw new HttpError(400, SEQUENCE_MESSAGES.unknownStep);
  const kept = new Set(steps.flatMap((step) => (step.id === undefined ? [] : [step.id])));
  await trx('sequenceSteps')
    .where({ sequenceId })
    .whereNull('deletedAt')
    .whereNotIn('id', [...kept])
    .update({ deletedAt: trx.fn.now(), updatedAt: trx.fn.now() });
  // Positions only grow: a run's "next step" is the first live one after the position it reached.
  const base = ((await trx('sequenceSteps').where({ sequenceId }).max({ top: 'position' }).first())?.top as number | null) ?? 0;
  for (const [index, step] of steps.entries()) {
    const fields = {
      position: base + index + 1,
      delayMinutes: step.delayMinutes,
      subject: step.subject,
      preview: step.preview,
      bodyMarkdown: step.body,
      sendingWindow: step.window,
      updatedAt: trx.fn.now(),
    };
    if (step.id === undefined) await trx('sequenceSteps').insert({ sequenceId, ...fields });
    else await trx('sequenceSteps').where({ id: step.id, sequenceId }).update(fields);
  }
}

export async function createSequence(db: Knex, input: SequenceCreate): Promise<number> {
  refuseTransactionalPaid(input.entry.event, input.exitOn);
  return db.transaction(async (trx) => {
    const [row] = (await trx('sequences')
      .insert({
        name: input.name,
        entryEvent: input.entry.event,
        entryAfterMinutes: input.entry.afterMinutes,
        exitEvents: input.exitOn,
        goal: input.goal,
        state: input.status,
        reentry: input.reentry,
        windowFrom: input.window.from,
        windowTo: input.window.to,
        windowDays: input.window.days,
      })
      .returning('id')) as Array<{ id: number }>;
    await writeSteps(
      trx,
      row!.id,
      input.steps.map((step) => ({ ...step, id: undefined })),
    );
    return row!.id;
  });
}

/** Changes what `input` names; answers the state the sequence had before (a change of state is recorded as a pause or a resume). */
export async function updateSequence(db: Knex, id: number, input: SequenceUpdate): Promise<SequenceRow['state']> {
  return db.transaction(async (trx) => {
    const current = await findSequenceOr404(trx, id, true);
    refuseTransactionalPaid(input.entry?.event ?? current.entryEvent, input.exitOn ?? current.exitEvents);
    const fields: Record<string, unknown> = { updatedAt: trx.fn.now() };
    if (input.name !== undefined) fields.name = input.name;
    if (input.entry !== undefined) Object.assign(fields, { entryEvent: input.entry.event, entryAfterMinutes: input.entry.afterMinutes });
    if (input.exitOn !== undefined) fields.exitEvents = input.exitOn;
    if (input.goal !== undefined) fields.goal = input.goal;
    if (input.status !== undefined) fields.state = input.status;
    if (input.reentry !== undefined) fields.reentry = input.reentry;
    if (input.window !== undefined) Object.assign(fields, { windowFrom: input.window.from, windowTo: input.window.to, windowDays: input.window.days });
    await trx('sequences').where({ id }).update(fields);
    if (input.steps !== undefined) await writeSteps(trx, id, input.steps);
    return current.state;
  });
}

/** Pause or resume: the runs keep their place; on resume the late ones go at the newsletters' pace (./engine.ts). Whether the state changed. */
export async function setSequenceState(db: Knex, id: number, state: 'active' | 'paused'): Promise<boolean> {
  await findSequenceOr404(db, id);
  // One statement: of two pauses at once, only the one that changed the state says so (and is recorded).
  const changed = await db('sequences').where({ id }).whereNot({ state }).update({ state, updatedAt: db.fn.now() }).returning('id');
  return changed.length > 0;
}

/** Deletes the sequence with its runs and records; the e-mails already sent stay on the Emails screen. How many runs went with it. */
export async function deleteSequence(db: Knex, id: number): Promise<{ runs: number }> {
  return db.transaction(async (trx) => {
    await findSequenceOr404(trx, id, true);
    const runs = Number((await trx('sequenceRuns').where({ sequenceId: id }).count({ n: '*' }).first())?.n ?? 0);
    // Steps waiting in the outbox would find no run: cancelled now, with the reason on the Emails screen.
    await trx('emails')
      .whereIn('id', trx('sequenceSends').where({ sequenceId: id }).whereNotNull('emailId').select('emailId'))
      .where({ status: 'queued' })
      .update({ status: 'cancelled', lastError: 'Séquence supprimée avant l’envoi.', updatedAt: trx.fn.now() });
    await trx('sequences').where({ id }).delete();
    return { runs };
  });
}
