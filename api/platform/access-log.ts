/**
 * The access log (`access_log`, OPDo art. 4; docs/decisions/147-access-log.md): one row per read of a
 * contact, export, erasure, bulk action, sign-in and factor change, with who, from which device cookie and
 * IP prefix. Rows hold ids and counts only, never a name, an e-mail or a message. The database chains each
 * row to the previous one and refuses changes (docs/decisions/148-access-log-hash-chain.md): one insert here.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { AccessLogAction } from '../contract/access-log.ts';
import { ipPrefix } from './lib/client-ip.ts';
import { readDeviceCookie } from './http/device-cookie.ts';

type DetailValue = string | number | boolean | null | number[] | string[];

export interface AccessEntry {
  action: AccessLogAction;
  /** The one contact read, exported or erased. */
  contactId?: number | null;
  /** The contacts an export or a bulk action touched (kept in `details.contactIds`, so a contact's page finds them). */
  contactIds?: readonly number[];
  /** How many contacts; defaults to the ids' count. */
  contactCount?: number | null;
  /** The filter, the bulk action's name: never a name, an e-mail or a message. */
  details?: Record<string, DetailValue>;
  /** Who, when not the signed-in user (a failed sign-in names the account it tried, or nobody). */
  userId?: number | null;
}

/**
 * The device as the log names it: the first 16 hex digits of SHA-256 over the device cookie's nonce,
 * the cookie itself never (it would let a reader of the log impersonate the browser's sign-in counter).
 */
export function deviceId(ctx: Context): string | null {
  const cookie = readDeviceCookie(ctx);
  return cookie ? createHash('sha256').update(`device:${cookie.nonce}`).digest('hex').slice(0, 16) : null;
}

function isContext(target: Context | Knex): target is Context {
  return typeof (target as Context).knex === 'function' && 'request' in target;
}

/** Appends one row; with a request, its user, device and IP prefix. */
export async function recordAccess(target: Context | Knex, entry: AccessEntry): Promise<void> {
  const ctx = isContext(target) ? target : undefined;
  const db = ctx ? ctx.knex : (target as Knex);
  const details: Record<string, DetailValue> = { ...entry.details };
  if (entry.contactIds) details.contactIds = [...entry.contactIds];
  const userId = entry.userId !== undefined ? entry.userId : (ctx?.state.user?.id ?? null);
  await db('access_log').insert({
    userId,
    action: entry.action,
    contactId: entry.contactId ?? null,
    contactCount: entry.contactCount ?? entry.contactIds?.length ?? null,
    details: JSON.stringify(details),
    device: ctx ? deviceId(ctx) : null,
    ipPrefix: ctx ? ipPrefix(ctx.ip) : null,
    // id, at, prev_hash and hash: the database's chain trigger sets them.
  });
}

/** Passes an export's rows through, noting each row's contact id once, for the access log's row written after the last one. */
export async function* noteContactIds<Row>(rows: AsyncIterable<Row>, contactId: (row: Row) => number | null | undefined, ids: number[]): AsyncGenerator<Row> {
  const seen = new Set<number>();
  for await (const row of rows) {
    const id = contactId(row);
    if (typeof id === 'number' && !seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
    yield row;
  }
}
