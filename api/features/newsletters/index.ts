/**
 * Newsletters (decisions 112, 113): issues written in Markdown, previewed, tested, sent to confirmed
 * subscribers by a paced dispatcher that survives restarts, and the published issues of the archive.
 */
import type { FeatureJob } from '../../platform/queue/scheduled.ts';
import { startDispatcher } from './dispatcher.ts';

/** The dispatcher runs beside the queue's workers, in every instance that runs them. */
export const newsletterJobs: FeatureJob[] = [
  {
    work: async (_queue, { config, knex, logger, whenQuiet, mailEngine, onStop }) => {
      const dispatcher = startDispatcher({ knex, logger, engine: mailEngine, ratePerMinute: config.newsletterRatePerMinute, whenQuiet });
      onStop(dispatcher.stop);
    },
  },
];

export { newsletterEmailKinds } from './emails.ts';
// The subscription's double opt-in (its confirmation e-mail and wording).
export { subscriptionEmailKinds } from './subscription-emails.ts';
export { subscriptionWording } from './subscription-wording.ts';
export type { IssueEmailData, PausedAlertData } from './emails.ts';
export { newsletterWording } from './email-wording.ts';
export type { NewsletterWording } from './email-wording.ts';
export { renderMarkdown, splitBody, tagLink } from './markdown.ts';
export { slugOf } from './issues.ts';
export { publishedIssues, publishedIssue } from './archive.ts';
export type { PublishedIssue, PublishedIssueSummary } from './archive.ts';
// The archive's pages, made at each visit from the build (decision 114).
export { archiveIssueRoute, archiveListFiller, archiveSitemapFiller } from './archive-pages.ts';
