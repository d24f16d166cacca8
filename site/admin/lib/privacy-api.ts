/** The contact detail's privacy calls (issue 14): consent proofs, export, erasure. Shapes: the API's presenters. */
import type { ConsentProofJson } from '#presenters';
import { adminBase, http } from './http.ts';

export type { ConsentProofJson };

export const privacyKeys = {
  consents: (leadId: number) => ['lead', String(leadId), 'consents', adminBase()] as const,
};

export const privacyQueries = {
  consents: (leadId: number) => ({
    key: privacyKeys.consents(leadId),
    fetcher: () => http.get(`${adminBase()}/leads/${leadId}/consents`).json<{ consents: ConsentProofJson[] }>(),
  }),
};

/** A plain link: the browser downloads the attachment with the session cookie. */
export function exportUrl(leadId: number): string {
  return `${adminBase()}/leads/${leadId}/export`;
}

export async function eraseLead(leadId: number, confirmEmail: string): Promise<void> {
  await http.post(`${adminBase()}/leads/${leadId}/erase`, { json: { confirmEmail } });
}
