import { iso } from '../../../contract/presenting.ts';

export interface ConsentProofRow {
  id: number | string;
  kind: 'notice_shown' | 'newsletter_requested' | 'newsletter_confirmed' | 'newsletter_unsubscribed';
  form: 'contact' | 'webinar' | 'newsletter' | null;
  noticeVersion: string | null;
  noticeHash: string | null;
  ipPrefix: string | null;
  createdAt: Date;
}

/** One proof of what a person was told or agreed to (the contact detail's "Consentements"). */
export function presentConsentProof(row: ConsentProofRow) {
  return {
    id: Number(row.id),
    kind: row.kind,
    form: row.form,
    noticeVersion: row.noticeVersion,
    noticeHash: row.noticeHash,
    ipPrefix: row.ipPrefix,
    createdAt: iso(row.createdAt)!,
  };
}
export type ConsentProofJson = ReturnType<typeof presentConsentProof>;
