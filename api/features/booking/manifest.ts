/** What booking contributes to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { publicBookingRouter } from './routes.ts';
import { adminBookingSettingsRouter } from './calendars/admin-settings-routes.ts';
import { hostCalendarRouter } from './calendars/host-calendar.ts';
import { adminBookingsRouter } from './agenda/agenda-routes.ts';
import { publicManageRouter } from './manage/manage-routes.ts';
import { bookingEmailKinds } from './mail/emails.ts';
import { bookingWording } from './mail/email-wording.ts';
import { feedAlertEmailKinds, feedAlertWording } from './calendars/feed-alert-email.ts';
import { feedRefreshCron } from './calendars/feed-job.ts';
import { stopFeedWorker } from './calendars/feed-thread.ts';
import { bookingPageFiller } from './pages/page.ts';
import { manageVisitPage } from './manage/manage-page.ts';

export const bookingFeature = {
  name: 'booking',
  uses: ['accounts', 'attribution', 'contacts', 'privacy'],
  routers: () => [publicBookingRouter(), hostCalendarRouter(), publicManageRouter()],
  adminRouters: (base) => [adminBookingSettingsRouter(base), adminBookingsRouter(base)],
  // The booking page's free times change by the minute; the manage page shows one booking as it is now.
  site: ({ config, knex }) => ({
    fillers: {
      'rendez-vous/index.html': bookingPageFiller(knex, { secret: config.sessionSecret }),
      'rendez-vous/gerer/index.html': manageVisitPage(knex, config.sessionSecret),
    },
  }),
  emailKinds: { ...bookingEmailKinds, ...feedAlertEmailKinds },
  emailWording: { ...bookingWording, ...feedAlertWording },
  crons: [feedRefreshCron],
  // Once no job reads a feed any more, its worker thread ends (decision 126).
  server: { start: async () => ({ workersDone: stopFeedWorker }) },
} satisfies FeatureManifest;
