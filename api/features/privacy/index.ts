/**
 * Privacy (revFADP): the notice shown beside the forms and its proofs, consents, a contact's data
 * export and erasure from the back office, and the retention run that erases contacts kept too long.
 */
import type { FeatureJob } from '../../platform/queue/scheduled.ts';
import { scheduleRetention, workRetention } from './retention-job.ts';

/** The retention run: a cron. */
export const privacyJobs: FeatureJob[] = [{ schedule: (queue) => scheduleRetention(queue), work: (queue, deps) => workRetention(queue, deps) }];

export { currentNotice } from './notice.ts';
export { recordConsentProof } from './consents.ts';
