/**
 * The sequences engine (docs/decisions/150-sequences-engine.md), run by the `sequences` cron every
 * minute on one instance at a time, and safe to run anywhere at once:
 * 1. exits: runs whose contact reached an exit event, or left marketing, end with the reason;
 * 2. entries: contacts whose state made them enter (./events.ts), `afterMinutes` later, become runs; the
 *    unique `(sequence, contact, event)` and the one-active-run index make entering twice impossible;
 * 3. due steps: each run due is taken under its row lock (others skip it), checked again, and its
 *    `sequence_sends` row and `emails` row are written in one transaction with the run moved to its
 *    next step: committed, it is sent once; rolled back (a kill), nothing happened.
 * A step's row gets no outbox send job and is due at once: the newsletters' dispatcher sends it at send
 * time on the same pace as the issues (docs/decisions/160-sequence-steps-paced-at-send-time.md), so
 * however late the sending falls behind, steps never go out in a burst. The cron writes at most two
 * minutes of that pace ahead of what is still waiting, so a step's next delay counts from about when it went.
 */
import type { Knex } from 'knex';
import { createEmails } from '../../platform/mail/outbox.ts';
import type { Cron } from '../../platform/queue/scheduled.ts';
import type { SequenceEntryEvent, SequenceExitReason } from './contract/index.ts';
import { ENTRY_SOURCES, MARKETING_LEFT, exitReasonSql, isTransactional } from './events.ts';
import { whenAllowed, type SendingWindow } from './window.ts';
import type { SequenceStepRef } from './emails.ts';

export const SEQUENCES_QUEUE = 'sequences';
/** An entry older than this is not taken (a restart, a state set late, a new sequence): decision 150. */
export const ENTRY_MAX_AGE_DAYS = 7;
const BATCH = 200;

interface ActiveSequence {
  id: number;
  entryEvent: SequenceEntryEvent;
  entryAfterMinutes: number;
  reentry: boolean;
  windowFrom: string;
  windowTo: string;
  windowDays: number[];
}

interface StepRow {
  id: number;
  position: number;
  delayMinutes: number;
  sendingWindow: boolean;
  deletedAt: Date | null;
}

const windowOf = (sequence: Pick<ActiveSequence, 'windowFrom' | 'windowTo' | 'windowDays'>): SendingWindow => ({
  from: sequence.windowFrom,
  to: sequence.windowTo,
  days: sequence.windowDays.map(Number),
});

/**
 * The run's next step: the first live step, in the sequence's order, after the last live step it
 * received, that it has not received (a run not begun: the first). Steps edited, reordered or deleted
 * while people wait never send one twice nor step back.
 */
async function nextStep(db: Knex, sequenceId: number, runId: number | null): Promise<StepRow | undefined> {
  const reached = runId === null ? 0 : db('sequenceSteps as s2').join('sequenceSends as x2', 'x2.stepId', 's2.id').where('x2.runId', runId).whereNull('s2.deletedAt').max('s2.position');
  return db('sequenceSteps as st')
    .where('st.sequenceId', sequenceId)
    .whereNull('st.deletedAt')
    .where('st.position', '>', runId === null ? 0 : db.raw('coalesce((?), 0)', [reached]))
    .modify((query) => {
      if (runId !== null) query.whereNotExists(db('sequenceSends as x').where('x.runId', runId).whereRaw('x.step_id = st.id'));
    })
    .orderBy([{ column: 'st.position' }, { column: 'st.id' }])
    .first('st.id', 'st.position', 'st.delayMinutes', 'st.sendingWindow', 'st.deletedAt');
}

/** Ends the runs that reached an exit event or whose contact left marketing. Returns how many. */
export async function exitRuns(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: unknown[] }>(
    `update sequence_runs t set state = 'exited', exit_reason = x.reason, exited_at = now(), next_send_at = null
     from (select r.id, ${exitReasonSql()} as reason
           from sequence_runs r join sequences s on s.id = r.sequence_id join leads l on l.id = r.lead_id
           where r.state = 'active') x
     where t.id = x.id and x.reason is not null and t.state = 'active'
     returning t.id`,
  );
  return rows.length;
}

/** Enters the contacts whose entry time has come. Returns how many runs began. */
export async function enterRuns(db: Knex): Promise<number> {
  const sequences = (await db('sequences').where({ state: 'active' }).select('id', 'entryEvent', 'entryAfterMinutes', 'reentry', 'windowFrom', 'windowTo', 'windowDays')) as ActiveSequence[];
  let entered = 0;
  for (const sequence of sequences) {
    const first = await nextStep(db, sequence.id, null);
    if (!first) continue;
    // A marketing sequence does not take in a contact who may not receive it.
    const marketingOnly = isTransactional(sequence.entryEvent) ? '' : `and not ${MARKETING_LEFT.unsubscribed} and not ${MARKETING_LEFT.bouncing}`;
    for (;;) {
      const { rows } = await db.raw<{ rows: Array<{ leadId: number; eventKey: string; eventAt: Date }> }>(
        `select e.lead_id as "leadId", e.event_key as "eventKey", e.event_at as "eventAt"
         from (${ENTRY_SOURCES[sequence.entryEvent]}) e join leads l on l.id = e.lead_id
         where e.event_at + make_interval(mins => ?::int) <= now()
           and e.event_at + make_interval(mins => ?::int) > now() - make_interval(days => ?::int)
           ${marketingOnly}
           and not exists (select 1 from sequence_runs x where x.sequence_id = ? and x.lead_id = e.lead_id
                           and (not ?::boolean or x.state = 'active' or x.event_key = e.event_key or x.event_at >= e.event_at))
         order by e.event_at, e.lead_id
         limit ?`,
        [sequence.entryAfterMinutes, sequence.entryAfterMinutes, ENTRY_MAX_AGE_DAYS, sequence.id, sequence.reentry, BATCH],
      );
      if (rows.length === 0) break;
      const inserted = await db('sequenceRuns')
        .insert(
          rows.map((row) => {
            const entry = new Date(row.eventAt).getTime() + sequence.entryAfterMinutes * 60_000;
            return {
              sequenceId: sequence.id,
              leadId: row.leadId,
              eventKey: row.eventKey,
              eventAt: row.eventAt,
              currentStepId: first.id,
              nextSendAt: whenAllowed(new Date(entry + first.delayMinutes * 60_000), windowOf(sequence), first.sendingWindow),
            };
          }),
        )
        // Any unique index: the same event, or another active run of the person (two instances at once).
        .onConflict()
        .ignore()
        .returning('id');
      entered += inserted.length;
      if (rows.length < BATCH) break;
    }
  }
  return entered;
}

interface DueRun extends ActiveSequence {
  runId: number;
  sequenceId: number;
  leadId: number;
  email: string;
  eventAt: Date;
  currentStepId: number | null;
  exitNow: SequenceExitReason | null;
}

/** When the run's last step went (its base for the next delay), else its entry time. */
async function lastSentAt(trx: Knex.Transaction, run: DueRun): Promise<Date> {
  const row = await trx('sequenceSends').where({ runId: run.runId }).max({ at: 'createdAt' }).first();
  return row?.at ? new Date(row.at) : new Date(new Date(run.eventAt).getTime() + run.entryAfterMinutes * 60_000);
}

/**
 * Writes the steps due now, at most `limit` e-mails, each due at once (the dispatcher paces them).
 * Returns how many e-mails were written.
 */
export async function sendDueSteps(db: Knex, options: { limit: number }): Promise<number> {
  let written = 0;
  for (let batches = 0; written < options.limit && batches < 1000; batches += 1) {
    const take = Math.min(BATCH, options.limit - written);
    const { handled, sent } = await db.transaction(async (trx) => {
      const { rows: due } = await trx.raw<{ rows: DueRun[] }>(
        `select r.id as "runId", r.sequence_id as "sequenceId", r.lead_id as "leadId", l.email, r.event_at as "eventAt", r.current_step_id as "currentStepId",
            s.entry_event as "entryEvent", s.entry_after_minutes as "entryAfterMinutes", s.window_from as "windowFrom", s.window_to as "windowTo", s.window_days as "windowDays",
            ${exitReasonSql()} as "exitNow"
         from sequence_runs r join sequences s on s.id = r.sequence_id join leads l on l.id = r.lead_id
         where r.state = 'active' and s.state = 'active' and r.next_send_at <= now()
         order by r.next_send_at, r.id
         limit ?
         for update of r skip locked`,
        [take],
      );
      let count = 0;
      for (const run of due) {
        if (run.exitNow) {
          await trx('sequenceRuns').where({ id: run.runId }).update({ state: 'exited', exitReason: run.exitNow, exitedAt: trx.fn.now(), nextSendAt: null });
          continue;
        }
        const now = Date.now();
        // A deleted step is skipped: the run waits on the next one, its delay counted from the last send.
        let step =
          run.currentStepId === null
            ? undefined
            : ((await trx('sequenceSteps').where({ id: run.currentStepId }).first('id', 'position', 'delayMinutes', 'sendingWindow', 'deletedAt')) as StepRow | undefined);
        if (!step || step.deletedAt) {
          step = await nextStep(trx, run.sequenceId, run.runId);
          if (!step) {
            await trx('sequenceRuns').where({ id: run.runId }).update({ state: 'completed', completedAt: trx.fn.now(), nextSendAt: null, currentStepId: null });
            continue;
          }
          const at = whenAllowed(new Date((await lastSentAt(trx, run)).getTime() + step.delayMinutes * 60_000), windowOf(run), step.sendingWindow);
          await trx('sequenceRuns').where({ id: run.runId }).update({ currentStepId: step.id, nextSendAt: at });
          if (at.getTime() > now) continue;
        }
        // Outside the sending window (a resume at night): it waits for the next opening.
        const allowed = whenAllowed(new Date(now), windowOf(run), step.sendingWindow);
        if (allowed.getTime() > now) {
          await trx('sequenceRuns').where({ id: run.runId }).update({ nextSendAt: allowed });
          continue;
        }
        const sendAt = new Date(now);
        const recorded = await trx('sequenceSends').insert({ runId: run.runId, sequenceId: run.sequenceId, stepId: step.id, leadId: run.leadId }).onConflict().ignore().returning('id');
        if (recorded.length > 0) {
          // No send job: the newsletters' dispatcher paces it at send time (decision 160); due now, by the database's clock.
          const [emailId] = await createEmails(
            trx,
            [
              {
                kind: 'sequence_step',
                causeKey: `sequence_step:run:${run.runId}:step:${step.id}`,
                toAddress: run.email,
                leadId: run.leadId,
                data: { runId: run.runId, stepId: step.id, sequenceId: run.sequenceId } satisfies SequenceStepRef,
              },
            ],
            { sendJobs: false },
          );
          if (emailId !== undefined) await trx('sequenceSends').where({ id: recorded[0]!.id }).update({ emailId });
          count += 1;
        }
        const next = await nextStep(trx, run.sequenceId, run.runId);
        if (!next) {
          await trx('sequenceRuns').where({ id: run.runId }).update({ state: 'completed', completedAt: trx.fn.now(), nextSendAt: null, currentStepId: null });
        } else {
          const at = whenAllowed(new Date(sendAt.getTime() + next.delayMinutes * 60_000), windowOf(run), next.sendingWindow);
          await trx('sequenceRuns').where({ id: run.runId }).update({ currentStepId: next.id, nextSendAt: at });
        }
      }
      return { handled: due.length, sent: count };
    });
    written += sent;
    if (handled < take) break;
  }
  return written;
}

/** The step e-mails waiting for the dispatcher (all but a paused sequence's: the ones it may pick). */
export async function queuedSteps(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ count: number }> }>(
    `select count(*)::int as count from emails e
     where e.kind = 'sequence_step' and e.status = 'queued'
       and not exists (select 1 from sequence_runs r join sequences s on s.id = r.sequence_id
                       where r.id = (e.data->>'runId')::int and s.state <> 'active')`,
  );
  return rows[0]?.count ?? 0;
}

/** One run of the cron: exits first (a booked call stops the next step), then entries, then due steps. */
export async function runSequences(db: Knex, ratePerMinute: number): Promise<{ exited: number; entered: number; written: number }> {
  const exited = await exitRuns(db);
  const entered = await enterRuns(db);
  // Two minutes of the pace ahead of the steps still waiting: the dispatcher never runs dry between two
  // runs of the cron, and a long queue (the newsletters share the pace) does not grow (decision 160).
  const waiting = await queuedSteps(db);
  const written = await sendDueSteps(db, { limit: Math.max(0, 2 * ratePerMinute - waiting) });
  return { exited, entered, written };
}

export const sequencesCron: Cron = {
  queue: SEQUENCES_QUEUE,
  schedule: '* * * * *',
  expireInSeconds: 300,
  pollingIntervalSeconds: 5,
  async run({ knex, logger, config }) {
    const result = await runSequences(knex, config.newsletterRatePerMinute);
    if (result.exited + result.entered + result.written > 0) logger.info(result, 'sequences run');
  },
};
