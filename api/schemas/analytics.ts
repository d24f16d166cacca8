/** The analytics screen and its CSV report (issue 15): the periods they cover. */
import { z } from './zod.ts';
import { blankToUndefined, oneOf } from './fields.ts';

export const ANALYTICS_PERIODS = ['30d', '90d', '12m'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '30d': '30 jours',
  '90d': '90 jours',
  '12m': '12 mois',
};

/** `GET /api/admin/analytics?period` and `…/analytics/report.csv?period` (default 30 days). */
export const analyticsQuerySchema = z.object({
  period: z.preprocess(blankToUndefined, oneOf(ANALYTICS_PERIODS, ANALYTICS_PERIOD_LABELS, 'La période').default('30d')),
});
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
