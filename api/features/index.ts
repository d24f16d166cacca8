/**
 * The one place that lists every feature's routes, in the order they are mounted, and every feature's
 * queues, crons and workers (api/jobs.ts starts them). A feature is a folder of api/features/; what
 * it offers the others is its index.ts (docs/architecture.md, "Import rules").
 */
import type Router from '@koa/router';
import type { Config } from '../platform/config.ts';
import type { FeatureJob } from '../platform/queue/scheduled.ts';
import { ADMIN_API_BASES } from '../platform/http/router.ts';
import { workPrepareJobs } from '../platform/mail/workers.ts';
import { contactRequestPreparers } from './public-forms/index.ts';
import { publicFormRouters } from './public-forms/http.ts';
import { signUpPreparers, webinarJobs } from './webinars/index.ts';
import { webinarRouters } from './webinars/http.ts';
import { contactRouters } from './contacts/http.ts';
import { privacyJobs } from './privacy/index.ts';
import { privacyRouters } from './privacy/http.ts';
import { accountRouters } from './accounts/http.ts';
import { analyticsRouters } from './analytics/http.ts';
import { operationsJobs } from './operations/index.ts';
import { operationsRouters } from './operations/http.ts';
import { emailRouters } from './emails/http.ts';
import { bookingRouters } from './booking/http.ts';
import { bookingJobs } from './booking/index.ts';
import { attributionJobs } from './attribution/index.ts';
import { attributionRouters } from './attribution/http.ts';
import { newsletterJobs } from './newsletters/index.ts';
import { newsletterRouters } from './newsletters/http.ts';
import { billingRouters } from './billing/http.ts';
import { billingJobs } from './billing/index.ts';
import { offerRouters } from './offers/http.ts';
import { paymentsRouters } from './payments/http.ts';

export { ADMIN_API_BASES };

/** Every API router, in the order they are mounted. Each router defines full `/api/...` paths. */
export function apiRouters(_config: Config): Router[] {
  return [
    publicFormRouters.publicLeadsRouter(),
    webinarRouters.publicRegistrationsRouter(),
    webinarRouters.invitationJoinRouter(),
    newsletterRouters.newsletterSubscriptionRouter(),
    bookingRouters.publicBookingRouter(),
    bookingRouters.hostCalendarRouter(),
    bookingRouters.publicManageRouter(),
    webinarRouters.marketingUnsubscribeRouter(),
    offerRouters.publicOffersRouter(),
    accountRouters.authRouter(),
    accountRouters.accountRouter(),
    ...ADMIN_API_BASES.flatMap((base) => [
      analyticsRouters.adminDashboardRouter(base),
      contactRouters.adminLeadsRouter(base),
      contactRouters.adminLeadBulkRouter(base),
      webinarRouters.adminWebinarsRouter(base),
      accountRouters.adminAuditRouter(base),
      emailRouters.adminEmailsRouter(base),
      webinarRouters.adminLeadRegistrationsRouter(base),
      contactRouters.adminTasksRouter(base),
      analyticsRouters.adminAnalyticsRouter(base),
      attributionRouters.adminVisitsRouter(base),
      accountRouters.adminUsersRouter(base),
      contactRouters.adminTagsRouter(base),
      operationsRouters.adminSettingsRouter(base),
      privacyRouters.adminPrivacyRouter(base),
      bookingRouters.adminBookingSettingsRouter(base),
      bookingRouters.adminBookingsRouter(base),
      newsletterRouters.adminNewslettersRouter(base),
      newsletterRouters.adminNewsletterPreviewRouter(base),
      billingRouters.adminBillingRouter(base),
      offerRouters.adminOffersRouter(base),
      paymentsRouters.adminPaymentsRouter(base),
    ]),
    contactRouters.crmRouter(),
    contactRouters.crmActivitiesRouter(),
  ];
}

/**
 * `emails-prepare`: a submission's e-mail rows, written by the feature whose form it was (its queue is
 * the outbox's, api/platform/mail/queues.ts): a contact request, a webinar sign-up.
 */
const prepareJobs: FeatureJob = { work: (queue, deps) => workPrepareJobs(queue, deps, { ...contactRequestPreparers, ...signUpPreparers }) };

/** Every feature's queues and workers, created and started in this order. */
export const FEATURE_JOBS: FeatureJob[] = [prepareJobs, ...webinarJobs, ...privacyJobs, ...operationsJobs, ...bookingJobs, ...attributionJobs, ...newsletterJobs, ...billingJobs];
