/**
 * Starts the job queue with the app, and its workers unless WORKERS=off (a web-only instance still
 * enqueues; any instance with workers on the same database sends). `stop()` lets the handlers in
 * flight finish (up to `SHUTDOWN_GRACE_MS`) before the caller closes the database.
 */
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import type { Logger } from './platform/logger.ts';
import { loadEmailContent, EmailContentError } from './platform/mail/content.ts';
import { createMailTransport } from './platform/mail/transport.ts';
import type { Job, JobResult } from 'pg-boss';
import { bindQueue, startQueue, type Queue } from './platform/queue/queue.ts';
import { QUEUES, createQueues } from './platform/mail/queues.ts';
import { rememberQueueTables } from './platform/queue/inline-job.ts';
import { scheduleBackups, workBackups } from './features/operations/backup-job.ts';
import { scheduleDatabaseUpkeep, workDatabaseUpkeep } from './features/operations/database-upkeep-job.ts';
import { scheduleFollowups, workFollowups } from './features/webinars/followups.ts';
import { scheduleRetention, workRetention } from './features/operations/retention-job.ts';
import { prepareSubmissionEmails } from './features/public-forms/prepare-emails.ts';
import { markEmailFailed, sendEmail, type MailEngine } from './platform/mail/sender.ts';
import type { PrepareJobData, SendJobData } from './platform/mail/outbox.ts';

export interface RunningJobs {
  queue: Queue;
  stop: () => Promise<void>;
}

export interface JobsOptions {
  config: Config;
  knex: Database;
  logger: Logger;
  /** The origin links in e-mails point to (PUBLIC_URL, else the address the server listens on). */
  publicUrl: () => string;
  /** How long stop() waits for handlers in flight. */
  graceMs?: number;
  /** Resolves when the e-mail workers may take their next job (api/platform/lib/request-load.ts); at once by default. */
  whenQuiet?: () => Promise<void>;
}

export async function startJobs({ config, knex, logger, publicUrl, graceMs = 10_000, whenQuiet = async () => {} }: JobsOptions): Promise<RunningJobs> {
  const content = loadEmailContent();
  const queue = await startQueue({ knex, databaseUrl: config.databaseUrl, logger });
  await createQueues(queue, config.mail.retryDelaySeconds);
  await rememberQueueTables(queue, [QUEUES.prepare]);
  await scheduleBackups(queue, config);
  await scheduleFollowups(queue);
  await scheduleRetention(queue);
  await scheduleDatabaseUpkeep(queue, config);
  bindQueue(queue);
  const transport = createMailTransport(config.mail);

  if (config.mail.workers) {
    const engine = (): MailEngine => ({
      config: config.mail,
      transport,
      content,
      brand: content.senderName,
      from: config.mail.from ?? { name: content.senderName, address: content.senderAddress },
      publicUrl: config.publicUrl ?? publicUrl(),
      linkSecret: config.sessionSecret,
    });
    // Batches with per-job outcomes, fetched back to back while they come full: one fetch per job and
    // a pause after each would cap sending at a few messages per second, and let retries of a dead
    // server starve new e-mails. On PGlite every statement shares one connection: one loop is enough.
    const loops = config.databaseUrl ? 4 : 1;
    const batch = { batchSize: 10, burstWhenBatchFull: true, perJobResults: true, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 2 } as const;
    await queue.work<PrepareJobData>(
      QUEUES.prepare,
      { ...batch, localConcurrency: loops },
      eachJob<PrepareJobData>(1, whenQuiet, (job) => prepareSubmissionEmails(knex, config.mail, job.id, job.data)),
    );
    // A few SMTP conversations at once per loop, so a slow server does not serialise the batch; the
    // database connections they take stay well under the pool the requests need.
    await queue.work<SendJobData>(
      QUEUES.send,
      { ...batch, localConcurrency: loops },
      eachJob<SendJobData>(config.databaseUrl ? 3 : 1, whenQuiet, (job) => sendEmail(knex, engine(), logger, job.data.emailId)),
    );
    await queue.work<SendJobData>(QUEUES.failed, { pollingIntervalSeconds: 5, notifyPollingIntervalSeconds: 5 }, async ([job]) => {
      await markEmailFailed(knex, job!.data.emailId);
    });
    await workBackups(queue, { config, knex, logger });
    await workFollowups(queue, knex, logger);
    await workRetention(queue, { config, knex, logger });
    await workDatabaseUpkeep(queue, { config, knex, logger });
  }

  return {
    queue,
    async stop() {
      await queue.stop({ graceful: true, timeout: graceMs });
      bindQueue(undefined);
      transport.close();
    },
  };
}

/**
 * Runs a batch's jobs, `parallel` at a time, each once `whenQuiet` lets it (visitors first, decision
 * 079), and reports each one's outcome (failed ones are retried).
 */
function eachJob<T>(parallel: number, whenQuiet: () => Promise<void>, run: (job: Job<T>) => Promise<void>) {
  return async (jobs: Job<T>[]): Promise<JobResult[]> => {
    const results: JobResult[] = [];
    let next = 0;
    const lane = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        await whenQuiet();
        try {
          await run(job);
          results.push({ id: job.id, status: 'completed' });
        } catch (error) {
          results.push({ id: job.id, status: 'failed', output: { message: (error as Error).message } });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, lane));
    return results;
  };
}

/** The line `npm start` prints about e-mails. */
export function describeMailDelivery(config: Config): string {
  if (!config.mail.workers) return 'E-mails : WORKERS=off, cette instance les met en file sans les envoyer (une instance avec workers s’en charge).';
  if (config.mail.smtpUrl) {
    const url = new URL(config.mail.smtpUrl);
    return `E-mails : envoyés par SMTP à ${url.protocol}//${url.host}.`;
  }
  return `E-mails : SMTP_URL non défini, chaque message est écrit dans ${config.mail.fileDir}/ (fichiers .eml).`;
}

/** For `npm start`: a broken e-mail content file stops the start with one line naming file and field. */
export function checkEmailContentOrExit(): void {
  try {
    loadEmailContent();
  } catch (error) {
    if (!(error instanceof EmailContentError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
}
