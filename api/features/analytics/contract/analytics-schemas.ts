/** The analytics screen and its CSV report: the periods they cover. */
import { z } from '../../../contract/zod.ts';
import { blankToUndefined, oneOf } from '../../../contract/fields.ts';
import { ANALYTICS_PERIODS, ANALYTICS_PERIOD_LABELS } from '../../../contract/analytics-periods.ts';

/** `GET /api/admin/analytics?period` and `…/analytics/report.csv?period` (default 30 days). */
export const analyticsQuerySchema = z.object({
  period: z.preprocess(blankToUndefined, oneOf(ANALYTICS_PERIODS, ANALYTICS_PERIOD_LABELS, 'La période').default('30d')),
});
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
