/**
 * Proofs of what each person was told and agreed to (table `consent_proofs`). A public
 * submission records the notice shown with its form (inside its own statement: api/features/contacts/submissions/public-submissions.ts); the newsletter records request, confirmation
 * (with the IP prefix) and withdrawal.
 */
import type { Knex } from 'knex';
import type { ConsentProofRow } from './contract/index.ts';
import { currentNotice } from './notice.ts';

export interface NewConsentProof {
  leadId: number;
  kind: ConsentProofRow['kind'];
  form?: ConsentProofRow['form'];
  ipPrefix?: string | null;
  /** The scoped `idempotency_keys` key of the submission, so the erasure finds it. */
  idempotencyKey?: string | null;
  /** Whether the notice's version and hash go with it (every proof made through a form). */
  withNotice?: boolean;
}

export async function recordConsentProof(db: Knex, proof: NewConsentProof): Promise<void> {
  const notice = proof.withNotice === false ? undefined : currentNotice();
  await db('consentProofs').insert({
    leadId: proof.leadId,
    kind: proof.kind,
    form: proof.form ?? null,
    noticeVersion: notice?.version ?? null,
    noticeHash: notice?.hash ?? null,
    ipPrefix: proof.ipPrefix ?? null,
    idempotencyKey: proof.idempotencyKey ?? null,
  });
}

export async function listConsentProofs(db: Knex, leadId: number): Promise<ConsentProofRow[]> {
  return db('consentProofs')
    .where({ leadId })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select<ConsentProofRow[]>('*');
}
