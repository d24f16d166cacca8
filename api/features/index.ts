import type Router from '@koa/router';
import type { Config } from '../platform/config.ts';
import { publicLeadsRouter } from './public-forms/routes.ts';
import { authRouter } from './accounts/auth-routes.ts';
import { adminDashboardRouter } from './analytics/dashboard-routes.ts';
import { adminLeadsRouter } from './contacts/leads-routes.ts';
import { adminLeadBulkRouter } from './contacts/lead-bulk-routes.ts';
import { adminWebinarsRouter } from './webinars/admin-routes.ts';
import { crmRouter } from './contacts/crm-routes.ts';
import { adminAuditRouter } from './accounts/audit-routes.ts';
import { accountRouter } from './accounts/account-routes.ts';
import { adminEmailsRouter } from './emails/routes.ts';
import { publicRegistrationsRouter } from './webinars/public-routes.ts';
import { adminLeadRegistrationsRouter } from './webinars/lead-registrations-routes.ts';
import { adminTasksRouter } from './contacts/tasks-routes.ts';
import { adminAnalyticsRouter } from './analytics/routes.ts';
import { crmActivitiesRouter } from './contacts/activities-routes.ts';
import { adminUsersRouter } from './accounts/users-routes.ts';
import { adminTagsRouter } from './contacts/tags-routes.ts';
import { adminSettingsRouter } from './operations/settings-routes.ts';
import { adminPrivacyRouter } from './privacy/routes.ts';
import { newsletterRouter } from './public-forms/newsletter-routes.ts';
import { marketingUnsubscribeRouter } from './webinars/marketing-unsubscribe-routes.ts';

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
