/** The e-mails' calls, with their cache keys. Shapes come from the API's presenters. */
import type { EmailDetailJson, EmailJson, EmailPageJson } from '#contract/emails';
import { CONTACT_PAGE_SIZE, getJson, PAGE_SIZE, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation } from '../../lib/query.ts';

export type { EmailDetailJson, EmailJson };

export interface EmailListQuery {
  page: number;
  status?: string;
  kind?: string;
  search?: string;
  leadId?: number;
  limit?: number;
}

/** The e-mails' cache keys: the lists (a contact's included) and one e-mail's page. */
export const emailKeys = {
  all: ['emails'] as const,
  anyEmail: ['email'] as const,
};

export const emailQueries = {
  emails: (query: EmailListQuery) => ({
    key: [...emailKeys.all, 'list', adminBase(), JSON.stringify(query)] as const,
    fetcher: getJson<EmailPageJson>(withQuery(`${adminBase()}/emails`, { limit: PAGE_SIZE, ...query })),
  }),
  /** A contact's e-mails on its page, one page at a time (decision 089); under 'emails', so a new or resent e-mail refreshes them. */
  lead: (leadId: number, page: number) => ({
    key: [...emailKeys.all, 'lead', String(leadId), adminBase(), String(page)] as const,
    fetcher: getJson<EmailPageJson>(withQuery(`${adminBase()}/leads/${leadId}/emails`, { page, limit: CONTACT_PAGE_SIZE })),
  }),
  email: (id: string) => ({
    key: [...emailKeys.anyEmail, id, adminBase()] as const,
    fetcher: getJson<EmailDetailJson>(`${adminBase()}/emails/${encodeURIComponent(id)}`),
  }),
};

export const emailMutations = {
  /** "Renvoyer" queues a copy: the lists and the e-mail pages change. */
  resend: mutation((id: number) => http.post(`${adminBase()}/emails/${id}/resend`).json<{ id: number }>(), [emailKeys.all, emailKeys.anyEmail]),
};
