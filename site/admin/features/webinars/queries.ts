/** The webinars' calls, with their cache keys; each change declares what it makes out of date. */
import type { WebinarJson, WebinarPageJson } from '#contract/webinars';
import type { WebinarStatsJson } from '#contract/analytics';
import { getJson, PAGE_SIZE, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';

/**
 * A webinar created, edited or deleted changes the lists and its page, its registrations, and the
 * e-mails (an edit of the date or link queues update e-mails, a deletion queues cancellations).
 */
const WEBINAR_TOUCHES: readonly QueryKey[] = [['webinars'], ['webinar'], ['registrations'], ['emails']];

export const webinarQueries = {
  webinars: (page: number, limit = PAGE_SIZE) => ({
    key: ['webinars', 'list', adminBase(), String(page), String(limit)] as const,
    fetcher: getJson<WebinarPageJson>(withQuery(`${adminBase()}/webinars`, { page, limit })),
  }),
  upcoming: () => ({ key: ['webinars', 'upcoming', adminBase()] as const, fetcher: getJson<WebinarJson[]>(`${adminBase()}/webinars/upcoming`) }),
  stats: () => ({ key: ['webinars', 'stats', adminBase()] as const, fetcher: getJson<WebinarStatsJson>(`${adminBase()}/stats/webinars`) }),
  webinar: (id: string) => ({
    key: ['webinar', id, 'detail', adminBase()] as const,
    fetcher: getJson<WebinarJson>(`${adminBase()}/webinars/${encodeURIComponent(id)}`),
  }),
  /** How many people a deletion would e-mail (the confirmation names them). */
  cancellationRecipients: (webinarId: number) => ({
    key: ['webinar', String(webinarId), 'cancellation-recipients', adminBase()] as const,
    fetcher: getJson<{ count: number }>(`${adminBase()}/webinars/${webinarId}/cancellation-recipients`),
  }),
};

export const webinarMutations = {
  create: mutation((body: Record<string, unknown>) => http.post(`${adminBase()}/webinars`, { json: body }).json<WebinarJson>(), WEBINAR_TOUCHES),
  update: mutation((id: number, body: Record<string, unknown>) => http.patch(`${adminBase()}/webinars/${id}`, { json: body }).json<WebinarJson>(), WEBINAR_TOUCHES),
  remove: mutation(async (id: number) => {
    await http.delete(`${adminBase()}/webinars/${id}`);
  }, WEBINAR_TOUCHES),
};
