/**
 * Idempotent public submissions: a retry (double click, lost response) carrying the same
 * `Idempotency-Key` gets the first answer again instead of creating a second lead.
 * The key row is inserted in the same transaction as the work it guards, so the key and the lead
 * commit together or not at all; a concurrent retry blocks on the key's unique index until the first
 * finishes, then replays its answer. The same key with a different payload → 422.
 * https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { HttpError } from '../errors.ts';

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const IDEMPOTENCY_MISMATCH_MESSAGE = "Cette clé d'idempotence a déjà servi pour une autre demande.";
export const IDEMPOTENCY_INVALID_MESSAGE = "L'en-tête Idempotency-Key doit comporter de 8 à 128 lettres, chiffres, tirets ou soulignés.";

export interface StoredResponse<T> {
  status: number;
  body: T;
}

export function requestHash(payload: unknown): string {
  return createHash('sha256').update(JSON.stringify(payload)).digest('hex');
}

export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(header)) throw new HttpError(400, IDEMPOTENCY_INVALID_MESSAGE);
  return header;
}

export function scopedKey(scope: string, key: string): string {
  return `${scope}:${key}`;
}

/** For a key already claimed: the same payload may be answered again, another one is refused with 422. */
export async function assertSameRequest(db: Knex, scoped: string, hash: string): Promise<void> {
  const existing = await db('idempotency_keys').where({ key: scoped }).first<{ requestHash: string } | undefined>('requestHash');
  if (!existing || existing.requestHash !== hash) throw new HttpError(422, IDEMPOTENCY_MISMATCH_MESSAGE);
}

/**
 * Runs `work` inside `trx` once per key. Returns the stored response for a replay.
 * `scope` namespaces keys per route (e.g. 'leads').
 */
export async function once<T>(
  trx: Knex.Transaction,
  scope: string,
  key: string | undefined,
  payload: unknown,
  work: () => Promise<StoredResponse<T>>,
): Promise<StoredResponse<T> & { replayed: boolean }> {
  if (!key) return { ...(await work()), replayed: false };
  const scoped = scopedKey(scope, key);
  const hash = requestHash(payload);
  const inserted = await trx.raw<{ rows: unknown[] }>(
    'insert into idempotency_keys (key, request_hash) values (?, ?) on conflict (key) do nothing returning key',
    [scoped, hash],
  );
  if (inserted.rows.length === 0) {
    const existing = await trx('idempotency_keys')
      .where({ key: scoped })
      .first<{ requestHash: string; responseStatus: number | null; responseBody: T | null }>();
    if (!existing || existing.requestHash !== hash) throw new HttpError(422, IDEMPOTENCY_MISMATCH_MESSAGE);
    return { status: existing.responseStatus ?? 200, body: existing.responseBody as T, replayed: true };
  }
  const response = await work();
  await trx('idempotency_keys')
    .where({ key: scoped })
    .update({ responseStatus: response.status, responseBody: JSON.stringify(response.body) });
  return { ...response, replayed: false };
}

/** Keys are only useful for retries: a day is plenty. */
export async function purgeOldIdempotencyKeys(knex: Knex): Promise<number> {
  return knex('idempotency_keys').where('createdAt', '<', knex.raw("now() - interval '1 day'")).delete();
}
