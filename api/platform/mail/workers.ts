/**
 * The outbox's workers: `emails-send` delivers rows (./sender.ts), its dead-letter queue marks them
 * failed; `emails-prepare` hands each submission's facts to the feature that queued them (their
 * `submission` names it, its manifest declares them); and the way every e-mail worker takes
 * its jobs.
 */
import type { Job, JobResult } from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import type { Logger } from '../logger.ts';
import type { Queue } from '../queue/queue.ts';
import type { WorkerDeps } from '../queue/scheduled.ts';
import type { MailConfig } from './config.ts';
import { QUEUES } from './queues.ts';
import type { SendJobData } from './outbox.ts';
import { markEmailFailed, sendEmail, type MailEngine } from './sender.ts';

/**
 * Batches with per-job outcomes, fetched back to back while they come full: one fetch per job and a
 * pause after each would cap sending at a few messages per second, and let retries of a dead server
 * starve new e-mails. On PGlite every statement shares one connection: one loop is enough.
 */
export function emailWorkOptions(config: Config) {
  const loops = config.databaseUrl ? 4 : 1;
  return { batchSize: 10, burstWhenBatchFull: true, perJobResults: true, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 2, localConcurrency: loops } as const;
}

/**
 * How many e-mail jobs (sending and preparing together) may run at once on one database: half its pool,
 * so the requests always have the other half. Four loops of three lanes would otherwise take every
 * connection of a small pool while visitors' requests wait past the 2-second acquire timeout
 * (docs/decisions/123-email-workers-keep-half-the-pool.md). PGlite has one connection that serialises
 * everything anyway: its single loop and lane are the bound.
 */
export function emailJobsAtOnce(config: Pick<Config, 'databaseUrl' | 'databasePoolMax'>): number {
  return config.databaseUrl ? Math.max(1, Math.floor(config.databasePoolMax / 2)) : Number.POSITIVE_INFINITY;
}

/** The e-mail jobs running now, per database (a process has one; each test app has its own). */
const shares = new WeakMap<Database, { running: number; waiting: Array<() => void> }>();

/** `run`, started only while fewer than `emailJobsAtOnce` e-mail jobs run on `knex`. */
export function withinDatabaseShare<T>(config: Config, knex: Database, run: (job: Job<T>) => Promise<void>): (job: Job<T>) => Promise<void> {
  const limit = emailJobsAtOnce(config);
  return async (job) => {
    let share = shares.get(knex);
    if (!share) shares.set(knex, (share = { running: 0, waiting: [] }));
    while (share.running >= limit) await new Promise<void>((resolve) => share!.waiting.push(resolve));
    share.running += 1;
    try {
      await run(job);
    } finally {
      share.running -= 1;
      share.waiting.shift()?.();
    }
  };
}

/**
 * Runs a batch's jobs, `parallel` at a time, each once `whenQuiet` lets it (visitors first, decision
 * 079), and reports each one's outcome (failed ones are retried).
 */
export function eachJob<T>(parallel: number, whenQuiet: () => Promise<void>, run: (job: Job<T>) => Promise<void>) {
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

export interface OutboxWorkers {
  config: Config;
  knex: Database;
  logger: Logger;
  /** Built for each job: the public address may be known only once the server listens. */
  engine: () => MailEngine;
  whenQuiet: () => Promise<void>;
}

export async function workOutbox(queue: Queue, { config, knex, logger, engine, whenQuiet }: OutboxWorkers): Promise<void> {
  // A few SMTP conversations at once per loop, so a slow server does not serialise the batch; the
  // database connections they take stay well under the pool the requests need.
  await queue.work<SendJobData>(
    QUEUES.send,
    emailWorkOptions(config),
    eachJob<SendJobData>(
      config.databaseUrl ? 3 : 1,
      whenQuiet,
      withinDatabaseShare(config, knex, (job) => sendEmail(knex, engine(), logger, job.data.emailId)),
    ),
  );
  await queue.work<SendJobData>(QUEUES.failed, { pollingIntervalSeconds: 5, notifyPollingIntervalSeconds: 5 }, async ([job]) => {
    await markEmailFailed(knex, job!.data.emailId);
  });
}

/** What turns one `emails-prepare` job's facts into e-mail rows, in its own transaction (a feature's). */
export type PrepareEmails = (knex: Database, config: MailConfig, jobId: string, data: any) => Promise<void>;

/**
 * The `emails-prepare` worker: one submission at a time per loop, each once visitors let it (decision
 * 079), given to the feature whose `submission` it carries. A job nobody prepares fails (and is retried).
 */
export async function workPrepareJobs(queue: Queue, { config, knex, whenQuiet }: WorkerDeps, preparers: Record<string, PrepareEmails>): Promise<void> {
  await queue.work<{ submission: string }>(
    QUEUES.prepare,
    emailWorkOptions(config),
    eachJob<{ submission: string }>(
      1,
      whenQuiet,
      withinDatabaseShare(config, knex, (job) => {
        const prepare = preparers[job.data.submission];
        if (!prepare) throw new Error(`no e-mails to prepare for a submission "${job.data.submission}"`);
        return prepare(knex, config.mail, job.id, job.data);
      }),
    ),
  );
}
