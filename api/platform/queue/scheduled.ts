/**
 * The one way a feature declares background work (docs/decisions/136-one-manifest-per-feature.md): a
 * `Cron` (a pg-boss queue with its schedule and the run each of its jobs does) or a `BackgroundWorker`
 * (work that runs beside the queue's workers, the newsletter's dispatcher). A feature lists them in its
 * manifest; api/jobs.ts creates and schedules every cron on every instance, and starts the workers on
 * instances with WORKERS on.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import type { Logger } from '../logger.ts';
import type { Queue } from './queue.ts';
import type { MailEngine } from '../mail/sender.ts';

export interface WorkerDeps {
  config: Config;
  knex: Database;
  logger: Logger;
  /** Resolves when a worker that competes with visitors may take its next job (decision 079). */
  whenQuiet: () => Promise<void>;
  /** What the outbox sends with (a worker that sends e-mails outside the queue: the newsletter's dispatcher). */
  mailEngine: () => MailEngine;
  /** Registers what a graceful stop awaits before the queue stops (a message in flight). */
  onStop: (stop: () => Promise<void>) => void;
}

/**
 * A queue whose jobs come from a schedule. A run is never retried: the next one is near and redoes the
 * same work; whatever a run must report (a failure in the log, an audit event) it does itself.
 */
export interface Cron {
  queue: string;
  /** Its cron line, or a function of the config giving it; undefined removes the schedule (BACKUP_SCHEDULE=off). */
  schedule: string | ((config: Config) => string | undefined);
  /** The zone the cron line is read in (stored with the schedule); UTC when absent. */
  timeZone?: string;
  /** How long one run may take before pg-boss gives it up (a killed instance's run is not picked up again). */
  expireInSeconds: number;
  pollingIntervalSeconds: number;
  /** Whether this instance needs the cron at all; when not, its schedule is removed and no worker takes it. */
  needed?: (config: Config) => boolean;
  /** One run (one job of the queue). */
  run: (deps: WorkerDeps) => Promise<void>;
}

/** Work that runs beside the queue's workers, on every instance that runs them. */
export type BackgroundWorker = (deps: WorkerDeps) => Promise<void>;

/** Creates the cron's queue and (re)writes its schedule: every instance does, workers or not. */
export async function scheduleCron(queue: Queue, cron: Cron, config: Config): Promise<void> {
  await queue.createQueue(cron.queue, { retryLimit: 0, expireInSeconds: cron.expireInSeconds } as never);
  const schedule = cron.needed?.(config) === false ? undefined : typeof cron.schedule === 'string' ? cron.schedule : cron.schedule(config);
  if (schedule === undefined) await queue.unschedule(cron.queue);
  else if (cron.timeZone) await queue.schedule(cron.queue, schedule, null, { tz: cron.timeZone });
  else await queue.schedule(cron.queue, schedule);
}

/** Takes the cron's jobs, one run each. */
export async function workCron(queue: Queue, cron: Cron, deps: WorkerDeps): Promise<void> {
  if (cron.needed?.(deps.config) === false) return;
  await queue.work(cron.queue, { pollingIntervalSeconds: cron.pollingIntervalSeconds }, async () => {
    await cron.run(deps);
  });
}
