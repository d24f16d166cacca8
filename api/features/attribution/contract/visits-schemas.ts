/** Visits counted by the server (decision 111): their channels and device classes, and the report's query. */
import { z } from '../../../contract/zod.ts';
import { blankToUndefined, oneOf } from '../../../contract/fields.ts';
import { ANALYTICS_PERIODS, ANALYTICS_PERIOD_LABELS } from '../../../contract/analytics-periods.ts';

export const VISIT_DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type VisitDevice = (typeof VISIT_DEVICES)[number];

/** `GET /api/admin/analytics/visits?period` (default 30 days). */
export const visitsQuerySchema = z.object({
  period: z.preprocess(blankToUndefined, oneOf(ANALYTICS_PERIODS, ANALYTICS_PERIOD_LABELS, 'La période').default('30d')),
});
export type VisitsQuery = z.output<typeof visitsQuerySchema>;
