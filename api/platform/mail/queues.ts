/**
 * The queues and their retry policy. Sending retries with exponential backoff: the first retry comes
 * after `retryDelay` to 2 × `retryDelay` seconds (10–20 s by default), each next one doubles, capped at
 * one hour, and the 31st retry, about a day after the first attempt, is the last: the job then goes to
 * the dead-letter queue, whose worker marks the e-mail `failed`.
 */
import type { Queue } from '../queue/queue.ts';

export const QUEUES = {
  prepare: 'emails-prepare',
  send: 'emails-send',
  failed: 'emails-send-failed',
} as const;

export const SEND_RETRY_LIMIT = 31;
export const SEND_RETRY_DELAY_MAX_SECONDS = 3600;
/**
 * A job still active after this long (a process killed mid-send) is retried: the default of
 * `EMAIL_SEND_EXPIRE_SECONDS` (docs/decisions/152-send-job-expiry-setting.md).
 */
export const SEND_EXPIRE_SECONDS = 300;

export async function createQueues(queue: Queue, retryDelaySeconds: number, sendExpireSeconds = SEND_EXPIRE_SECONDS): Promise<void> {
  await queue.createQueue(QUEUES.failed, { retentionSeconds: 30 * 24 * 3600 });
  await queue.createQueue(QUEUES.prepare, {
    retryLimit: SEND_RETRY_LIMIT,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: SEND_RETRY_DELAY_MAX_SECONDS,
    expireInSeconds: sendExpireSeconds,
    // No NOTIFY from the request's transaction: PostgreSQL serialises the commits of notifying
    // transactions on one global lock, which capped lead capture. The workers poll every second instead.
    notify: false,
  } as never);
  await queue.createQueue(QUEUES.send, {
    retryLimit: SEND_RETRY_LIMIT,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: SEND_RETRY_DELAY_MAX_SECONDS,
    expireInSeconds: sendExpireSeconds,
    // Reminders wait weeks in the queue: keep created jobs far longer than the 14-day default.
    retentionSeconds: 400 * 24 * 3600,
    deadLetter: QUEUES.failed,
    notify: true,
  } as never);
  // `createQueue` leaves an existing queue as it was: the configured expiry applies to a database made before it too.
  for (const name of [QUEUES.prepare, QUEUES.send]) await queue.updateQueue(name, { expireInSeconds: sendExpireSeconds } as never);
}
