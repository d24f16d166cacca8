/**
 * The periods of the analytics screen and of the dashboard's report. Kept apart from the
 * query schema (./analytics.ts) and free of imports, so the dashboard's report button does not pull zod
 * into the dashboard's JavaScript.
 */
export const ANALYTICS_PERIODS = ['30d', '90d', '12m'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '30d': '30 jours',
  '90d': '90 jours',
  '12m': '12 mois',
};
