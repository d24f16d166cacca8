/** A contact's privacy calls: consent proofs, export, erasure. Shapes: the API's presenters. */
import type { AccessLogPageJson, ConsentProofJson } from '#contract/privacy';
import { CONTACT_PAGE_SIZE, getJson, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation } from '../../lib/query.ts';
import { contactKeys, contactTouches } from '../contacts/queries.ts';

export type { AccessLogPageJson, ConsentProofJson };

export const privacyQueries = {
  consents: (leadId: number) => ({
    key: [...contactKeys.lead(leadId), 'consents', adminBase()] as const,
    fetcher: getJson<{ consents: ConsentProofJson[] }>(`${adminBase()}/leads/${leadId}/consents`),
  }),
  /** "Consultations": who read or exported the contact, newest first (administrators only, decision 147). */
  accessLog: (leadId: number, page: number) => ({
    key: [...contactKeys.lead(leadId), 'access-log', adminBase(), String(page)] as const,
    fetcher: getJson<AccessLogPageJson>(withQuery(`${adminBase()}/leads/${leadId}/access-log`, { page, limit: CONTACT_PAGE_SIZE })),
  }),
};

/** The per-contact export (fetched through the HTTP client: site/admin/ui/DownloadLink.tsx). */
export function exportUrl(leadId: number): string {
  return `${adminBase()}/leads/${leadId}/export`;
}

export const privacyMutations = {
  /**
   * An erasure removes the contact as a deletion does. Accounting records it keeps (invoices, credit
   * notes: CO art. 958f, decision 127) are said in the answer's message (200); nothing kept: 204.
   */
  erase: mutation(async (leadId: number, confirmEmail: string): Promise<string | null> => {
    const response = await http.post(`${adminBase()}/leads/${leadId}/erase`, { json: { confirmEmail } });
    if (response.status === 204) return null;
    return ((await response.json()) as { message?: string }).message ?? null;
  }, contactTouches),
};
