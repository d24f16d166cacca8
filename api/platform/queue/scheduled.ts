/**
 * What a feature hands the job runner (api/jobs.ts) for each of its queues: how to create and schedule
 * it (every instance), and its worker (instances with WORKERS on). api/features/index.ts lists them all.
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

export interface FeatureJob {
  schedule?: (queue: Queue, config: Config) => Promise<void>;
  work: (queue: Queue, deps: WorkerDeps) => Promise<void>;
}
