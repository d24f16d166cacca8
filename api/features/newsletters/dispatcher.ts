/**
 * The newsletter dispatcher (decision 112): in every instance that runs workers, one loop sends the
 * sending issues' rows one at a time, evenly paced at NEWSLETTER_RATE_PER_MINUTE. Each message first
 * reserves its time on the one-row `newsletter_pace` under its row lock, by the database clock: its
 * slot on a grid `60 / rate` seconds apart, and room in the past minute's starts, whichever instance
 * sends it, before or after a restart, so no sliding minute holds more than the rate. Then the row goes through the outbox's
 * `sendEmail()` (its lease, its Message-ID, the kind's re-check). Transactional e-mails keep their own
 * queue and workers: they never wait behind a newsletter. The sequences' step e-mails (`sequence_step`,
 * written without a send job) share the same pace, one marketing pace per deployment
 * (docs/decisions/160-sequence-steps-paced-at-send-time.md).
 */
import type { Knex } from 'knex';
import type { Logger } from '../../platform/logger.ts';
import type { MailEngine } from '../../platform/mail/sender.ts';
import { EmailBusyError, sendEmail } from '../../platform/mail/sender.ts';
import { SEND_RETRY_DELAY_MAX_SECONDS, SEND_RETRY_LIMIT } from '../../platform/mail/queues.ts';
import type { MailConfig } from '../../platform/mail/config.ts';
import type { BackgroundWorker } from '../../platform/queue/scheduled.ts';
import { finishIssues, pauseForRefusals, startDueIssues } from './sending.ts';

/** The longest the loop sleeps while messages wait: a pause or a new issue is seen this fast. */
const STEP_CAP_MS = 250;
/** Nothing to send: how often the loop looks again (and starts the scheduled issues due). */
const IDLE_MS = 1_000;
/** Temporary refusals in a row that pause an issue (the provider throttles or is down). */
export const REFUSALS_BEFORE_PAUSE = 3;

/** A reserved row: a newsletter issue's (`issueId`) or a sequence step's (`issueId` null, decision 160). */
export type Reserved = { emailId: number; issueId: number | null };
export type Reservation = Reserved | { waitMs: number } | null;

/**
 * One reservation: under the pacing row's lock, the next due queued row of a sending issue or of a
 * sequence step (decision 160), by the database clock. A message may start when both hold:
 * - its slot has come: `next_at`, a grid `60 / rate` seconds apart. A start late by less than half a step
 *   moves the grid by one step (the next start comes that much sooner, so the pace keeps the rate
 *   instead of losing each late start's delay); later than that, the grid starts again a step after now (no
 *   catch-up burst after a pause or an idle spell). Two starts are never less than half a step apart;
 * - the past minute holds fewer than `rate` starts (`recent_starts`): no sliding minute holds more.
 * `{waitMs}` when one of them says not yet, null when nothing is due.
 * Issues go in their own order (issue by issue, then id); a step row (unless its sequence is paused)
 * goes first when its `send_after` (then id) is older than that row's: a late step waits its turn,
 * never behind a whole issue. A paused sequence's rows are not picked (they would only be held).
 */
export async function reserve(db: Knex, ratePerMinute: number): Promise<Reservation> {
  const stepSeconds = 60 / ratePerMinute;
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw<{ rows: Array<{ wait_ms: number }> }>(
      `select greatest(
         0,
         extract(epoch from (next_at - now())) * 1000,
         -- The rate-th latest start of the past minute, if there is one: wait until it is a minute old.
         coalesce(extract(epoch from ((select started from unnest(recent_starts) as started
                                       where started > now() - interval '60 seconds'
                                       order by started desc offset ? limit 1) + interval '60 seconds' - now())) * 1000, 0)
       )::float8 as wait_ms
       from newsletter_pace where id = 1 for update`,
      [ratePerMinute - 1],
    );
    const waitMs = Number(rows[0]?.wait_ms ?? 0);
    if (waitMs > 0) return { waitMs };
    const picked = await trx.raw<{ rows: Array<{ id: number; newsletter_id: number; send_after: Date }> }>(
      `select e.id, e.newsletter_id, e.send_after from emails e join newsletters n on n.id = e.newsletter_id
       where e.status = 'queued' and e.kind = 'newsletter_issue' and n.status = 'sending'
         and e.send_after <= now() and (e.claimed_until is null or e.claimed_until < now())
       order by e.newsletter_id, e.id
       limit 1
       for update of e skip locked`,
    );
    const step = await trx.raw<{ rows: Array<{ id: number; send_after: Date }> }>(
      `select e.id, e.send_after from emails e
       where e.status = 'queued' and e.kind = 'sequence_step'
         and e.send_after <= now() and (e.claimed_until is null or e.claimed_until < now())
         -- A run gone, exited or completed (its last step) is taken: the kind's check sends or cancels it.
         and not exists (select 1 from sequence_runs r join sequences s on s.id = r.sequence_id
                         where r.id = (e.data->>'runId')::int and s.state <> 'active')
       order by e.send_after, e.id
       limit 1
       for update of e skip locked`,
    );
    const issueRow = picked.rows[0];
    const stepRow = step.rows[0];
    const stepFirst =
      stepRow !== undefined &&
      (issueRow === undefined ||
        new Date(stepRow.send_after).getTime() < new Date(issueRow.send_after).getTime() ||
        (new Date(stepRow.send_after).getTime() === new Date(issueRow.send_after).getTime() && stepRow.id < issueRow.id));
    const row = stepFirst ? { id: stepRow.id, newsletter_id: null } : issueRow;
    if (!row) return null;
    await trx.raw(
      `update newsletter_pace set
         next_at = case when now() < next_at + make_interval(secs => ?::float8 / 2) then next_at + make_interval(secs => ?::float8)
                        else now() + make_interval(secs => ?::float8) end,
         recent_starts = array(select started from unnest(recent_starts) as started
                               where started > now() - interval '60 seconds' order by started) || now()
       where id = 1`,
      [stepSeconds, stepSeconds, stepSeconds],
    );
    return { emailId: row.id, issueId: row.newsletter_id };
  });
}

interface SmtpFailure extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
}

/** The recipient refused for good: a 5xx answer (a 550 on RCPT TO). */
export function isPermanent(failure: SmtpFailure): boolean {
  return typeof failure.responseCode === 'number' && failure.responseCode >= 500;
}

/** The refusal names the recipient (RCPT TO), not the message or the sender: the address bounces. */
function isRecipientRefusal(failure: SmtpFailure): boolean {
  return failure.code === 'EENVELOPE' || /RCPT/i.test(failure.command ?? '');
}

/** The queue's backoff (api/platform/mail/queues.ts): retryDelay × 2^(n-1), capped at an hour. */
export function retryDelaySeconds(attempts: number, retryDelay: number): number {
  return Math.min(SEND_RETRY_DELAY_MAX_SECONDS, retryDelay * 2 ** Math.max(0, attempts - 1));
}

/** What a failed attempt leaves: failed for good (and a bouncing address), or queued for later; refusals counted. */
export async function recordFailure(db: Knex, mail: MailConfig, emailId: number, issueId: number | null, failure: SmtpFailure): Promise<void> {
  const row = await db('emails').where({ id: emailId }).first<{ status: string; attempts: number; leadId: number | null } | undefined>('status', 'attempts', 'leadId');
  if (!row || row.status !== 'queued') return;
  if (isPermanent(failure)) {
    await db.transaction(async (trx) => {
      await trx('emails').where({ id: emailId, status: 'queued' }).update({ status: 'failed', claimedUntil: null, updatedAt: trx.fn.now() });
      if (row.leadId !== null && isRecipientRefusal(failure)) {
        if (issueId !== null) {
          await trx('leads').where({ id: row.leadId, newsletterStatus: 'subscribed' }).update({ newsletterStatus: 'bounced', updatedAt: trx.fn.now() });
        } else {
          // A step may go to a contact who never subscribed: the dead address bounces all the same, so the
          // sequences stop writing to it (their MARKETING_LEFT.bouncing); an unsubscribe stays as it is (decision 160).
          await trx('leads')
            .where({ id: row.leadId })
            .where((builder) => builder.whereNull('newsletterStatus').orWhereIn('newsletterStatus', ['pending', 'subscribed']))
            .update({ newsletterStatus: 'bounced', updatedAt: trx.fn.now() });
        }
      }
    });
    return;
  }
  if (row.attempts > SEND_RETRY_LIMIT) {
    await db('emails').where({ id: emailId, status: 'queued' }).update({ status: 'failed', claimedUntil: null, updatedAt: db.fn.now() });
  } else {
    await db('emails')
      .where({ id: emailId, status: 'queued' })
      .update({ sendAfter: db.raw(`now() + make_interval(secs => ?::float8)`, [retryDelaySeconds(row.attempts, mail.retryDelaySeconds)]), updatedAt: db.fn.now() });
  }
  // Only an issue counts refusals and pauses: a step has no issue (decision 160).
  if (issueId === null) return;
  const [issue] = (await db('newsletters').where({ id: issueId, status: 'sending' }).increment('refusals', 1).returning('refusals')) as Array<{ refusals: number }>;
  if (issue && issue.refusals >= REFUSALS_BEFORE_PAUSE) {
    const reason = `${failure.responseCode ? `${failure.responseCode} ` : ''}${failure.message}`.slice(0, 500);
    await pauseForRefusals(db, mail, issueId, reason);
  }
}

/** Sends one reserved row and records what happened. */
export async function sendReserved(db: Knex, engine: MailEngine, logger: Logger, reserved: Reserved): Promise<void> {
  try {
    await sendEmail(db, engine, logger, reserved.emailId);
    if (reserved.issueId !== null) await db('newsletters').where({ id: reserved.issueId }).where('refusals', '>', 0).update({ refusals: 0 });
  } catch (error) {
    // Another worker holds it: it is that worker's to finish.
    if (error instanceof EmailBusyError) return;
    await recordFailure(db, engine.config, reserved.emailId, reserved.issueId, error as SmtpFailure);
  }
  if (reserved.issueId !== null) await finishIssues(db, [reserved.issueId]);
}

export interface DispatcherDeps {
  knex: Knex;
  logger: Logger;
  engine: () => MailEngine;
  ratePerMinute: number;
  /** Visitors first (decision 079): resolves when a message may start. */
  whenQuiet: () => Promise<void>;
}

/** Wakes this process's dispatchers at once (an issue just started here). */
const wakers = new Set<() => void>();
export function wakeDispatchers(): void {
  for (const wake of wakers) wake();
}

export function startDispatcher({ knex, logger, engine, ratePerMinute, whenQuiet }: DispatcherDeps): { stop: () => Promise<void> } {
  let stopping = false;
  let wake: () => void = () => undefined;
  const waker = () => wake();
  wakers.add(waker);
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    let lastIdleCheck = 0;
    while (!stopping) {
      let waitMs = 0;
      try {
        if (Date.now() - lastIdleCheck >= IDLE_MS) {
          lastIdleCheck = Date.now();
          if ((await startDueIssues(knex)).length > 0) logger.info('scheduled newsletter started');
        }
        await whenQuiet();
        if (stopping) break;
        const reservation = await reserve(knex, ratePerMinute);
        if (reservation === null) {
          await finishIssues(knex);
          waitMs = IDLE_MS;
        } else if ('waitMs' in reservation) {
          waitMs = Math.min(STEP_CAP_MS, Math.max(1, Math.ceil(reservation.waitMs)));
        } else {
          await sendReserved(knex, engine(), logger, reservation);
        }
      } catch (error) {
        if (stopping) break;
        logger.warn({ err: { message: (error as Error).message, code: (error as { code?: string }).code } }, 'newsletter dispatcher step failed');
        waitMs = IDLE_MS;
      }
      if (waitMs > 0 && !stopping) await sleep(waitMs);
    }
  })();

  return {
    async stop() {
      stopping = true;
      wakers.delete(waker);
      wake();
      // The message in flight finishes (its row turns sent) before the queue and the database close.
      await loop;
    },
  };
}

/** The dispatcher as a background worker: it runs beside the queue's workers, in every instance that runs them. */
export const dispatcherWorker: BackgroundWorker = async ({ config, knex, logger, whenQuiet, mailEngine, onStop }) => {
  const dispatcher = startDispatcher({ knex, logger, engine: mailEngine, ratePerMinute: config.newsletterRatePerMinute, whenQuiet });
  onStop(dispatcher.stop);
};
