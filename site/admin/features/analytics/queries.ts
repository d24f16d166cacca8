/** The analytics screen's calls, with their cache keys (activities and contact changes make them out of date). */
import type { AnalyticsJson, FunnelJson, SourceFunnelJson } from '#contract/analytics';
import type { VisitsJson } from '#contract/attribution';
import { getJson } from '../../lib/api.ts';
import { adminBase } from '../../lib/http.ts';

/** The funnel's filter: a period and, optionally, one channel and one campaign (decision 116). */
export interface FunnelFilter {
  period: string;
  channel?: string | undefined;
  campaign?: string | undefined;
}

const funnelSearch = (filter: FunnelFilter) => {
  const search = new URLSearchParams({ period: filter.period });
  if (filter.channel) search.set('channel', filter.channel);
  if (filter.campaign) search.set('campaign', filter.campaign);
  return search.toString();
};

/** The analytics' cache key: every figure of the screen starts with it. */
export const analyticsKeys = {
  all: ['analytics'] as const,
};

export const analyticsQueries = {
  analytics: (period: string) => ({
    key: [...analyticsKeys.all, adminBase(), period] as const,
    fetcher: getJson<AnalyticsJson>(`${adminBase()}/analytics?period=${encodeURIComponent(period)}`),
  }),
  funnel: (filter: FunnelFilter) => ({
    key: [...analyticsKeys.all, adminBase(), 'funnel', funnelSearch(filter)] as const,
    fetcher: getJson<FunnelJson>(`${adminBase()}/analytics/funnel?${funnelSearch(filter)}`),
  }),
  sources: (filter: FunnelFilter) => ({
    key: [...analyticsKeys.all, adminBase(), 'sources', funnelSearch(filter)] as const,
    fetcher: getJson<SourceFunnelJson>(`${adminBase()}/analytics/sources?${funnelSearch(filter)}`),
  }),
  visits: (period: string) => ({
    key: [...analyticsKeys.all, adminBase(), 'visits', period] as const,
    fetcher: getJson<VisitsJson>(`${adminBase()}/analytics/visits?period=${encodeURIComponent(period)}`),
  }),
};
