/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { adminAnalyticsRouter } from './routes.ts';
import { adminDashboardRouter } from './dashboard-routes.ts';

export const analyticsRouters = { adminAnalyticsRouter, adminDashboardRouter };
