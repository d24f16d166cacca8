import type Router from '@koa/router';
import type { Config } from '../platform/config.ts';
import { publicLeadsRouter } from './public-leads.ts';
import { authRouter } from './auth.ts';
import { adminDashboardRouter } from './admin-dashboard.ts';
import { adminLeadsRouter } from './admin-leads.ts';
import { adminLeadBulkRouter } from './admin-lead-bulk.ts';
import { adminWebinarsRouter } from './admin-webinars.ts';
import { crmRouter } from './crm.ts';
import { adminAuditRouter } from './admin-audit.ts';
import { accountRouter } from './account.ts';
import { adminEmailsRouter } from './admin-emails.ts';
import { publicRegistrationsRouter } from './public-registrations.ts';
import { adminLeadRegistrationsRouter } from './admin-lead-registrations.ts';
import { adminTasksRouter } from './admin-tasks.ts';
import { adminAnalyticsRouter } from './admin-analytics.ts';
import { crmActivitiesRouter } from './crm-activities.ts';
import { adminUsersRouter } from './admin-users.ts';
import { adminTagsRouter } from './admin-tags.ts';
import { adminSettingsRouter } from './admin-settings.ts';
import { adminPrivacyRouter } from './admin-privacy.ts';
import { newsletterRouter } from './newsletter.ts';
import { marketingUnsubscribeRouter } from './marketing-unsubscribe.ts';

/**
 * The admin API answers at both bases with the same handlers and the same sign-in: the spec's tabbed
 * page (/admin-dev) calls /api/admin-dev, but contact data is never served to someone signed out.
 */
export const ADMIN_API_BASES = ['/api/admin', '/api/admin-dev'] as const;

/** Every API router, in the order they are mounted. Each router defines full `/api/...` paths. */
export function apiRouters(_config: Config): Router[] {
  return [
    publicLeadsRouter(),
    publicRegistrationsRouter(),
    newsletterRouter(),
    marketingUnsubscribeRouter(),
    authRouter(),
    accountRouter(),
    ...ADMIN_API_BASES.flatMap((base) => [
      adminDashboardRouter(base),
      adminLeadsRouter(base),
      adminLeadBulkRouter(base),
      adminWebinarsRouter(base),
      adminAuditRouter(base),
      adminEmailsRouter(base),
      adminLeadRegistrationsRouter(base),
      adminTasksRouter(base),
      adminAnalyticsRouter(base),
      adminUsersRouter(base),
      adminTagsRouter(base),
      adminSettingsRouter(base),
      adminPrivacyRouter(base),
    ]),
    crmRouter(),
    crmActivitiesRouter(),
  ];
}
