/** What analytics contributes to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminAnalyticsRouter } from './routes.ts';
import { adminDashboardRouter } from './dashboard-routes.ts';

export const analyticsFeature = {
  name: 'analytics',
  uses: ['attribution', 'contacts', 'operations', 'public-forms', 'webinars'],
  adminRouters: (base) => [adminDashboardRouter(base), adminAnalyticsRouter(base)],
} satisfies FeatureManifest;
