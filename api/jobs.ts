/**
 * Starts the job queue with the app, and its workers unless WORKERS=off (a web-only instance still
 * enqueues; any instance with workers on the same database sends): the outbox's with every feature's
 * `emails-prepare` work, then every feature's crons and background workers, as their manifests declare
 * them (api/features/index.ts lists them; docs/decisions/136-one-manifest-per-feature.md). `stop()` lets the handlers in
 * flight finish (up to `SHUTDOWN_GRACE_MS`) before the caller closes the database.
 */
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import type { Logger } from './platform/logger.ts';
import { EmailContentError } from './platform/mail/content.ts';
import { createMailTransport } from './platform/mail/transport.ts';
import { QUEUE_SCHEMA, bindQueue, startQueue, type Queue } from './platform/queue/queue.ts';
import { QUEUES, createQueues } from './platform/mail/queues.ts';
import { rememberQueueTables } from './platform/queue/inline-job.ts';
import type { MailEngine } from './platform/mail/sender.ts';
import { workOutbox, workPrepareJobs } from './platform/mail/workers.ts';
import { scheduleCron, workCron, type WorkerDeps } from './platform/queue/scheduled.ts';
import { FEATURES } from './features/index.ts';
import { emailKinds, loadEmailContent } from './features/email-kinds.ts';

export interface RunningJobs {
  queue: Queue;
  /**
   * Runs the e-mail work that is due now until none is left (preparing, then sending): wakes the
   * outbox's workers instead of waiting for their next poll, and resolves once no job of theirs is
   * queued, retrying or active with a start time already reached. The same workers do the work
   * (decision 103); tests use it to assert right after a request.
   */
  drain: (timeoutMs?: number) => Promise<void>;
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
  await createQueues(queue, config.mail.retryDelaySeconds, config.mail.sendExpireSeconds);
  await rememberQueueTables(queue, [QUEUES.prepare]);
  const crons = FEATURES.flatMap((feature) => ('crons' in feature ? feature.crons : []));
  for (const cron of crons) await scheduleCron(queue, cron, config);
  bindQueue(queue);
  const transport = createMailTransport(config.mail);
  // Workers that run outside the queue (the newsletter's dispatcher) stop first, their message in flight finished.
  const stoppers: Array<() => Promise<void>> = [];

  if (config.mail.workers) {
    const engine = (): MailEngine => ({
      config: config.mail,
      transport,
      content,
      kinds: emailKinds,
      brand: content.senderName,
      from: config.mail.from ?? { name: content.senderName, address: content.senderAddress },
      publicUrl: config.publicUrl ?? publicUrl(),
      linkSecret: config.sessionSecret,
    });
    await workOutbox(queue, { config, knex, logger, engine, whenQuiet });
    const deps: WorkerDeps = { config, knex, logger, whenQuiet, mailEngine: engine, onStop: (stop) => void stoppers.push(stop) };
    // `emails-prepare`: a submission's e-mail rows, written by the feature whose form it was.
    await workPrepareJobs(queue, deps, Object.assign({}, ...FEATURES.map((feature) => ('emailPreparers' in feature ? feature.emailPreparers : {}))));
    for (const cron of crons) await workCron(queue, cron, deps);
    for (const worker of FEATURES.flatMap((feature) => ('workers' in feature ? feature.workers : []))) await worker(deps);
  }

  const outboxQueues: string[] = [QUEUES.prepare, QUEUES.send];
  const dueJobs = async (): Promise<number> => {
    const row = await knex
      .withSchema(QUEUE_SCHEMA)
      .from('job')
      .whereIn('name', outboxQueues)
      .whereIn('state', ['created', 'retry', 'active'])
      .where('startAfter', '<=', knex.fn.now())
      .count<{ count: string | number }[]>({ count: '*' })
      .first();
    return Number(row?.count ?? 0);
  };

  return {
    queue,
    async drain(timeoutMs = 30_000) {
      if (!config.mail.workers) throw new Error('drain() needs the workers (WORKERS=off)');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const worker of queue.getWipData()) if (outboxQueues.includes(worker.name)) queue.notifyWorker(worker.id);
        if ((await dueJobs()) === 0) return;
        if (Date.now() > deadline) throw new Error(`e-mail jobs still due after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      await Promise.all(stoppers.map((stop) => stop()));
      await queue.stop({ graceful: true, timeout: graceMs });
      bindQueue(undefined);
      transport.close();
    },
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
