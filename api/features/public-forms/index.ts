/**
 * Public forms: the contact request and the webinar sign-up (`POST /api/leads`), the invitation's
 * one-step sign-up, the newsletter's double opt-in, and the e-mails a submission causes
 * (acknowledgement, team alert, newsletter confirmation).
 */
import type { FeatureJob } from '../../platform/queue/scheduled.ts';
import { workSubmissionEmails } from './prepare-emails.ts';

/** `emails-prepare`: a submission's e-mail rows (its queue is the outbox's, api/platform/mail/queues.ts). */
export const publicFormJobs: FeatureJob[] = [{ work: workSubmissionEmails }];

export { publicFormsEmailKinds } from './emails.ts';
export { publicFormsWording } from './email-wording.ts';
export { PUBLIC_ACTIVITY_TITLES } from './submissions.ts';
