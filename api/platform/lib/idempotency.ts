/**
 * Idempotent public submissions: a retry (double click, lost response) carrying the same
 * `Idempotency-Key` gets the first answer again instead of recording a second submission.
 * One mechanism for every kind of submission (api/features/contacts/submissions/public-submissions.ts): the key row
 * (`idempotency_keys`: scoped key, hash of the payload, the answer to replay) is inserted by the
 * submission's first statement, in the submission's transaction, so the key and what it guards commit
 * together or not at all; a concurrent retry blocks on the key's unique index until the first one
 * finishes, then replays its answer. The same key with a different payload → 422.
 * https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { HttpError } from '../errors.ts';

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const IDEMPOTENCY_MISMATCH_MESSAGE = "Cette clé d'idempotence a déjà servi pour une autre demande.";
export const IDEMPOTENCY_INVALID_MESSAGE = "L'en-tête Idempotency-Key doit comporter de 8 à 128 lettres, chiffres, tirets ou soulignés.";

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

/** Keys are only useful for retries: a day is plenty. */
export async function purgeOldIdempotencyKeys(knex: Knex): Promise<number> {
  return knex('idempotency_keys').where('createdAt', '<', knex.raw("now() - interval '1 day'")).delete();
}
