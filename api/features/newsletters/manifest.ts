/** What newsletters contribute to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminNewslettersRouter } from './routes.ts';
import { adminNewsletterPreviewRouter } from './preview-routes.ts';
import { newsletterEmailKinds } from './emails.ts';
import { newsletterWording } from './email-wording.ts';
import { newsletterSubscriptionRouter } from './subscription-routes.ts';
import { subscriptionEmailKinds } from './subscription-emails.ts';
import { subscriptionWording } from './subscription-wording.ts';
import { dispatcherWorker } from './dispatcher.ts';
import { archiveIssueRoute, archiveListFiller, archiveSitemapFiller } from './archive-pages.ts';

export const newslettersFeature = {
  name: 'newsletters',
  uses: ['attribution', 'booking', 'contacts', 'privacy', 'webinars'],
  // The subscription's double opt-in joined newsletters (decision 137).
  routers: () => [newsletterSubscriptionRouter()],
  adminRouters: (base) => [adminNewslettersRouter(base), adminNewsletterPreviewRouter(base)],
  // The archive and the sitemap list the issues published so far, made at each visit (decision 114).
  site: ({ config, knex }) => ({
    fillers: { 'newsletter/index.html': archiveListFiller(knex), 'sitemap-0.xml': archiveSitemapFiller(knex) },
    routes: [archiveIssueRoute(knex, config.publicUrl ?? '')],
  }),
  emailKinds: { ...newsletterEmailKinds, ...subscriptionEmailKinds },
  emailWording: { ...newsletterWording, ...subscriptionWording },
  workers: [dispatcherWorker],
} satisfies FeatureManifest;
