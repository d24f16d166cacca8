/**
 * pg-boss's own job INSERT, embedded as a data-modifying CTE in one of our statements, its job list
 * computed in SQL from the rows that statement writes. A contact request is then ONE statement and one
 * round trip (contact, note, Idempotency-Key and its e-mail job, committed together or not at all),
 * instead of four (BEGIN, our insert, pg-boss's insert, COMMIT): lead capture with the e-mails queued
 * keeps the throughput it was built for (bench/RESULTS.md, "Lead capture").
 *
 * The SQL is pg-boss's (`plans.insertJobs`, the statement `send()` runs), with its `$1` JSON parameter
 * replaced by our SQL expression, exactly as pg-boss itself builds flows (`plans.insertFlowJobs`
 * replaces `$1` with the serialised jobs). Queue options (retries, expiry, dead letter) come from the
 * queue's row, as with `send()`. pg-boss has no `exports` map, so the plan is imported from its dist;
 * tests/api/emails-webinars.test.ts, tests/api/emails-delivery.test.ts and tests/faults/emails.test.ts fail if a pg-boss upgrade changes it.
 */
import { insertJobs } from 'pg-boss/dist/plans.js';
import type { Queue } from './queue.ts';
import { QUEUE_SCHEMA } from './queue.ts';

const tables = new Map<string, string>();

/** Reads each queue's job table once the queues exist (startJobs). */
export async function rememberQueueTables(queue: Queue, names: string[]): Promise<void> {
  for (const name of names) {
    const found = await queue.getQueue(name);
    if (!found?.table) throw new Error(`job queue ${name} has no table`);
    tables.set(name, found.table);
  }
}

/**
 * `INSERT INTO pgboss.<table> … SELECT … FROM json_to_recordset(<jobs>)`: `jobsJson` is a SQL expression
 * giving a JSON array of jobs (`[{"data": {…}}]`), or NULL for none. No `?` and no `$n` in the result,
 * so it can sit in a knex raw statement with its own bindings.
 */
export function inlineJobInsert(queueName: string, jobsJson: string): string {
  const table = tables.get(queueName);
  if (!table) throw new Error(`job queue ${queueName} not started (rememberQueueTables)`);
  const sql = insertJobs(QUEUE_SCHEMA, { table, name: queueName, returnId: true, notify: false });
  if (sql.split('$1').length !== 2 || sql.includes('?')) throw new Error('unexpected pg-boss insert plan');
  return sql.replace('$1', () => `(${jobsJson})`);
}
