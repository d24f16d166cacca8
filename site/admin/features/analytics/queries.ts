/** The analytics screen's call, with its cache key (activities and contact changes make it out of date). */
import type { AnalyticsJson } from '#presenters';
import { getJson } from '../../lib/api.ts';
import { adminBase } from '../../lib/http.ts';

export const analyticsQueries = {
  analytics: (period: string) => ({
    key: ['analytics', adminBase(), period] as const,
    fetcher: getJson<AnalyticsJson>(`${adminBase()}/analytics?period=${encodeURIComponent(period)}`),
  }),
};
