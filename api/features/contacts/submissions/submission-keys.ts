/**
 * The one idempotency claim of public submissions (docs/decisions/137-one-public-entry.md): an
 * `Idempotency-Key` is claimed by the submission's first statement (./public-submissions.ts), in the
 * same transaction: a retry with the same key and payload gets the stored receipt back and records
 * nothing (a concurrent retry waits on the key's unique index until the first one commits); another
 * payload → 422 (api/platform/lib/idempotency.ts).
 */
import type { Knex } from 'knex';
import { HttpError } from '../../../platform/errors.ts';
import { IDEMPOTENCY_MISMATCH_MESSAGE, requestHash, scopedKey } from '../../../platform/lib/idempotency.ts';

/** A claimed key, scoped by its form's kind, with the hash of the payload it guards. */
export interface SubmissionKey {
  scoped: string;
  hash: string;
}

/**
 * The key a submission claims, when the site sent one (already checked, api/platform/lib/idempotency.ts):
 * scoped (`leads` for the forms of `POST /api/leads`, `bookings` for a booking), so one key never
 * replays another kind's answer.
 */
export function submissionKey(payload: object, idempotencyKey: string | undefined, scope = 'leads'): SubmissionKey | undefined {
  return idempotencyKey ? { scoped: scopedKey(scope, idempotencyKey), hash: requestHash(payload) } : undefined;
}

/** Stores the receipt of a submission whose key was claimed before its outcome was known. */
export async function storeReceipt(db: Knex | Knex.Transaction, key: SubmissionKey | undefined, receipt: object): Promise<void> {
  if (key)
    await db('idempotency_keys')
      .where({ key: key.scoped })
      .update({ responseBody: JSON.stringify(receipt) });
}

/**
 * The receipt stored with a key claimed before; the same key with another payload is refused (422), and
 * so is a key without receipt when `required` (a form whose retry must replay a whole answer: a booking).
 */
export async function storedReceipt<Receipt>(db: Knex | Knex.Transaction, key: SubmissionKey, { required = false } = {}): Promise<Partial<Receipt> | null> {
  const stored = await db('idempotency_keys').where({ key: key.scoped }).first<{ requestHash: string; responseBody: Partial<Receipt> | null } | undefined>('requestHash', 'responseBody');
  if (!stored || stored.requestHash !== key.hash || (required && !stored.responseBody)) throw new HttpError(422, IDEMPOTENCY_MISMATCH_MESSAGE);
  return stored.responseBody;
}
