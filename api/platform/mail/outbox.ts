/**
 * The outbox: one row per e-mail (`emails`), each with its send job, written inside the transaction of
 * the data that causes it, so a rolled-back transaction leaves no job and no row and a committed one
 * always yields its e-mails. A row's unique cause key (`cause_key`) makes a cause that runs twice add
 * nothing. The features say which rows a cause makes; the kinds say what each row says
 * (./kinds.ts). A cause too costly for its request (a public submission) is recorded as an
 * `emails-prepare` job whose feature writes the rows (./workers.ts hands it over, ./queues.ts).
 */
import type { Knex } from 'knex';
import { boundQueue, inTransaction } from '../queue/queue.ts';
import { QUEUES } from './queues.ts';
import type { EmailKind } from './kinds.ts';

export interface SendJobData {
  emailId: number;
}

export interface NewEmail {
  kind: EmailKind;
  causeKey: string;
  toAddress: string;
  leadId: number | null;
  webinarId?: number | null;
  registrationId?: number | null;
  bookingId?: number | null;
  newsletterId?: number | null;
  resentFrom?: number | null;
  data: object;
  sendAfter?: Date;
}

/**
 * Inserts the rows whose cause has not produced an e-mail yet (unique `cause_key`) and queues one send
 * job per new row, all in `trx`. Returns the ids of the new rows. `sendJobs: false` writes the rows
 * only: a paced dispatcher sends them at its own time (a feature's marketing rows, decision 160).
 */
export async function createEmails(trx: Knex.Transaction, emails: NewEmail[], options: { sendJobs?: boolean } = {}): Promise<number[]> {
  if (emails.length === 0) return [];
  const rows = await trx('emails')
    .insert(
      // The rows an e-mail may point to besides its contact are null when its cause has none.
      emails.map(({ kind, causeKey, toAddress, leadId, webinarId = null, registrationId = null, bookingId = null, newsletterId = null, resentFrom = null, data, sendAfter }) => ({
        kind,
        causeKey,
        toAddress,
        leadId,
        webinarId,
        registrationId,
        bookingId,
        newsletterId,
        resentFrom,
        data: JSON.stringify(data),
        sendAfter: sendAfter ?? trx.fn.now(),
      })),
    )
    .onConflict('causeKey')
    .ignore()
    .returning(['id', 'sendAfter']);
  const created = rows as Array<{ id: number; sendAfter: Date }>;
  if (created.length > 0 && options.sendJobs !== false) {
    await boundQueue().insert(
      QUEUES.send,
      created.map((row) => ({ data: { emailId: row.id } satisfies SendJobData, startAfter: new Date(row.sendAfter) })),
      inTransaction(trx),
    );
  }
  return created.map((row) => row.id);
}

/** Queues a send job for existing rows (a reminder moved to a new time). */
export async function queueSendJobs(trx: Knex.Transaction, rows: Array<{ id: number; sendAfter: Date }>): Promise<void> {
  if (rows.length === 0) return;
  await boundQueue().insert(
    QUEUES.send,
    rows.map((row) => ({ data: { emailId: row.id } satisfies SendJobData, startAfter: new Date(row.sendAfter) })),
    inTransaction(trx),
  );
}
