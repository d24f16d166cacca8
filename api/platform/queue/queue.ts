/**
 * The job queue: pg-boss 12 on the app's own database, on both engines.
 * - PostgreSQL: pg-boss keeps its own small pool (`pgboss` schema) on DATABASE_URL.
 * - PGlite: pg-boss's PGlite backend (`backend: 'pglite'`, `fromPglite`) on the very PGlite instance
 *   knex uses. PGlite has one session, and knex runs its transactions on it with plain BEGIN/COMMIT,
 *   so every pg-boss statement first takes knex's only pooled connection: it can never land inside
 *   one of our open transactions, and ours never inside one of pg-boss's multi-statement blocks.
 * Jobs caused by our data are sent with `{ db: fromKnex(trx) }`: they commit or roll back with it.
 */
import { PgBoss, fromKnex, fromPglite, type Db as IDatabase, type PGliteLike } from 'pg-boss';
import type { Knex } from 'knex';
import type { Database } from '../db.ts';
import type { Logger } from '../logger.ts';

export type Queue = PgBoss;
export { fromKnex };

export const QUEUE_SCHEMA = 'pgboss';

let bound: Queue | undefined;

/** Like `bindModels`: one queue per process, reachable from services that only get a transaction. */
export function bindQueue(queue: Queue | undefined): void {
  bound = queue;
}

export function boundQueue(): Queue {
  if (!bound) throw new Error('job queue not started (startQueue)');
  return bound;
}

interface KnexClientInternals {
  config: { connection?: { pglite?: PGliteLike } };
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
}

/** The PGlite instance behind a knex-pglite knex, or undefined on PostgreSQL. */
export function pgliteOf(knex: Database): PGliteLike | undefined {
  return (knex.client as unknown as KnexClientInternals).config.connection?.pglite;
}

/**
 * Runs `run` while holding knex's single PGlite connection: no request's statement or transaction,
 * and no pg-boss statement, can run meanwhile (they all wait for that connection).
 */
export async function whileHoldingPgliteConnection<T>(knex: Database, run: () => Promise<T>): Promise<T> {
  const client = knex.client as unknown as KnexClientInternals;
  const connection = await client.acquireConnection();
  try {
    return await run();
  } finally {
    await client.releaseConnection(connection);
  }
}

/** Runs each pg-boss statement while holding knex's single PGlite connection. */
function throughKnexConnection(knex: Database, db: IDatabase): IDatabase {
  const exclusive = <T>(run: () => Promise<T>): Promise<T> => whileHoldingPgliteConnection(knex, run);
  return {
    executeSql: (text, values) => exclusive(() => db.executeSql(text, values)),
    ...(db.listen ? { listen: (channel, onNotification, onReconnect) => exclusive(() => db.listen!(channel, onNotification, onReconnect)) } : {}),
  };
}

export interface QueueOptions {
  knex: Database;
  databaseUrl: string | undefined;
  logger: Logger;
}

/** Creates and starts pg-boss (installing or migrating its schema) on the app's database. */
export async function startQueue({ knex, databaseUrl, logger }: QueueOptions): Promise<Queue> {
  const common = { schema: QUEUE_SCHEMA, useListenNotify: true, superviseIntervalSeconds: 60, maintenanceIntervalSeconds: 300 };
  const pglite = pgliteOf(knex);
  const boss = pglite ? new PgBoss({ ...common, backend: 'pglite', db: throughKnexConnection(knex, fromPglite(pglite)) }) : new PgBoss({ ...common, connectionString: databaseUrl, max: 4 });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}

/** Sends a job inside the caller's transaction: it exists if and only if the transaction commits. */
export function inTransaction(trx: Knex.Transaction): { db: IDatabase } {
  return { db: fromKnex(trx) };
}
