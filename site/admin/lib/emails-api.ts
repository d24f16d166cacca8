/** The Emails screen's calls (issue 12), with their cache keys. Shapes come from the API's presenters. */
import type { EmailDetailJson, EmailJson, EmailPageJson } from '#presenters';
import { adminBase, http } from './http.ts';
import { CONTACT_PAGE_SIZE, PAGE_SIZE } from './api.ts';

export type { EmailDetailJson, EmailJson };

export interface EmailListQuery {
  page: number;
  status?: string;
  kind?: string;
  search?: string;
  leadId?: number;
  limit?: number;
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Cache keys, most general segment first (see TOUCHES in ./api.ts). */
export const emailKeys = {
  list: (query: EmailListQuery) => ['emails', 'list', adminBase(), JSON.stringify(query)] as const,
  email: (id: string) => ['email', id, adminBase()] as const,
  /** Under 'emails': a new or resent e-mail refreshes the contact's pages too. */
  lead: (leadId: number, page: number) => ['emails', 'lead', String(leadId), adminBase(), String(page)] as const,
  cancellationRecipients: (webinarId: number) => ['webinar', String(webinarId), 'cancellation-recipients', adminBase()] as const,
};

export const emailQueries = {
  emails: (query: EmailListQuery) => {
    const url = withQuery(`${adminBase()}/emails`, { limit: PAGE_SIZE, ...query });
    return { key: emailKeys.list(query), fetcher: () => http.get(url).json<EmailPageJson>() };
  },
  /** A contact's e-mails on its page, one page at a time (decision 089). */
  lead: (leadId: number, page: number) => {
    const url = withQuery(`${adminBase()}/leads/${leadId}/emails`, { page, limit: CONTACT_PAGE_SIZE });
    return { key: emailKeys.lead(leadId, page), fetcher: () => http.get(url).json<EmailPageJson>() };
  },
  email: (id: string) => {
    const url = `${adminBase()}/emails/${encodeURIComponent(id)}`;
    return { key: emailKeys.email(id), fetcher: () => http.get(url).json<EmailDetailJson>() };
  },
  cancellationRecipients: (webinarId: number) => {
    const url = `${adminBase()}/webinars/${webinarId}/cancellation-recipients`;
    return { key: emailKeys.cancellationRecipients(webinarId), fetcher: () => http.get(url).json<{ count: number }>() };
  },
};

export const emailMutations = {
  resend: (id: number) => http.post(`${adminBase()}/emails/${id}/resend`).json<{ id: number }>(),
};
