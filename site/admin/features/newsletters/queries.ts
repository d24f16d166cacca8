/** The newsletters' calls, with their cache keys (decision 099). Shapes come from the API's presenters. */
import type {
  NewsletterAnswer,
  NewsletterPreviewAnswer,
  NewsletterRecipientAnswer,
  NewsletterCreateInput,
  NewsletterSendInput,
  NewsletterTestInput,
  NewsletterUpdateInput,
} from '#contract/newsletters';
import { getJson, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';
import { emailKeys } from '../emails/queries.ts';

export type { NewsletterAnswer, NewsletterRecipientAnswer };

const base = () => `${adminBase()}/newsletters`;
const issueUrl = (id: number | string) => `${base()}/${encodeURIComponent(String(id))}`;

/** A change to an issue: the list, that issue and its recipients; its messages are e-mails too. */
/** The newsletters' cache keys: the list and audience, and one issue with its recipients and preview. */
export const newsletterKeys = {
  all: ['newsletters'] as const,
  issue: (id: number | string) => ['newsletter', String(id)] as const,
};

const issueTouches = (id: number | string): QueryKey[] => [newsletterKeys.all, newsletterKeys.issue(id), emailKeys.all];

export const newsletterQueries = {
  list: () => ({ key: [...newsletterKeys.all, 'list', adminBase()] as const, fetcher: getJson<{ items: NewsletterAnswer[] }>(base()) }),
  issue: (id: string) => ({ key: [...newsletterKeys.issue(id), adminBase()] as const, fetcher: getJson<NewsletterAnswer>(issueUrl(id)) }),
  recipients: (id: string, status: string) => ({
    key: [...newsletterKeys.issue(id), 'recipients', adminBase(), status] as const,
    fetcher: getJson<{ items: NewsletterRecipientAnswer[] }>(withQuery(`${issueUrl(id)}/recipients`, { status })),
  }),
  /** A saved issue's preview (for a viewer, or an issue that has gone out: the draft no longer changes). */
  preview: (id: string) => ({ key: [...newsletterKeys.issue(id), 'preview', adminBase()] as const, fetcher: getJson<NewsletterPreviewAnswer>(`${issueUrl(id)}/preview`) }),
  /** The number of confirmed subscribers with at least one of `tags` (all of them without tags). */
  audience: (tags: readonly string[]) => ({
    key: [...newsletterKeys.all, 'audience', adminBase(), tags.join(',')] as const,
    fetcher: getJson<{ count: number }>(withQuery(`${base()}/audience`, { tags: tags.join(',') })),
  }),
};

/** The CSV of an issue's recipients (fetched through the HTTP client: site/admin/ui/DownloadLink.tsx). */
export const recipientsCsvUrl = (id: number) => `${issueUrl(id)}/recipients.csv`;

/** The e-mail as a sample recipient would get it: not cached, the editor asks at each pause in typing. */
export function previewNewsletter(body: { subject: string; preheader: string; body: string }, signal?: AbortSignal): Promise<NewsletterPreviewAnswer> {
  return http.post(`${base()}/preview`, { json: body, signal }).json<NewsletterPreviewAnswer>();
}

export const newsletterMutations = {
  create: mutation((body: NewsletterCreateInput) => http.post(base(), { json: body }).json<NewsletterAnswer>(), [newsletterKeys.all]),
  update: mutation(
    (id: number, body: NewsletterUpdateInput) => http.patch(issueUrl(id), { json: body }).json<NewsletterAnswer>(),
    (id) => issueTouches(id),
  ),
  /** A test send is an e-mail of the history, not a message of the issue. */
  test: mutation(
    (id: number, body: NewsletterTestInput) => http.post(`${issueUrl(id)}/test`, { json: body }).then(() => undefined),
    () => [emailKeys.all],
  ),
  send: mutation(
    (id: number, body: NewsletterSendInput) => http.post(`${issueUrl(id)}/send`, { json: body }).then(() => undefined),
    (id) => issueTouches(id),
  ),
  pause: mutation(
    (id: number) => http.post(`${issueUrl(id)}/pause`).json<NewsletterAnswer>(),
    (id) => issueTouches(id),
  ),
  resume: mutation(
    (id: number) => http.post(`${issueUrl(id)}/resume`).json<NewsletterAnswer>(),
    (id) => issueTouches(id),
  ),
  cancel: mutation(
    (id: number) => http.post(`${issueUrl(id)}/cancel`).json<NewsletterAnswer>(),
    (id) => issueTouches(id),
  ),
  retryFailed: mutation(
    (id: number) => http.post(`${issueUrl(id)}/retry-failed`).json<{ requeued: number }>(),
    (id) => issueTouches(id),
  ),
};
