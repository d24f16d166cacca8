/** The Emails screen's calls (issue 12). Shapes come from the API's presenters (type-only imports). */
import type { EmailDetailJson, EmailJson } from '../../../api/presenters/emails.ts';
import type { Pagination } from '../../../api/presenters/common.ts';
import { adminBase, http } from './http.ts';
import { PAGE_SIZE } from './api.ts';

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

export const emailQueries = {
  emails: (query: EmailListQuery) => {
    const url = withQuery(`${adminBase()}/emails`, { limit: PAGE_SIZE, ...query });
    return { key: url, fetcher: () => http.get(url).json<{ emails: EmailJson[]; pagination: Pagination }>() };
  },
  email: (id: string) => {
    const url = `${adminBase()}/emails/${encodeURIComponent(id)}`;
    return { key: url, fetcher: () => http.get(url).json<EmailDetailJson>() };
  },
  cancellationRecipients: (webinarId: number) => {
    const url = `${adminBase()}/webinars/${webinarId}/cancellation-recipients`;
    return { key: url, fetcher: () => http.get(url).json<{ count: number }>() };
  },
};

export const emailMutations = {
  resend: (id: number) => http.post(`${adminBase()}/emails/${id}/resend`).json<{ id: number }>(),
};
