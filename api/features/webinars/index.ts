/**
 * Webinars: sessions, seats and the waiting list, reminders, updates and cancellations, invitations and
 * follow-ups, the registration links, the next-session slot of the public pages. What other features
 * and the application may use of it; everything else stays inside this folder.
 */
import type { FeatureJob } from '../../platform/queue/scheduled.ts';
import { scheduleFollowups, workFollowups } from './followups.ts';

/** The follow-ups after a session (decision 053): a cron every minute. */
export const webinarJobs: FeatureJob[] = [{ schedule: (queue) => scheduleFollowups(queue), work: (queue, { knex, logger }) => workFollowups(queue, knex, logger) }];

export { webinarEmailKinds } from './emails.ts';
export { webinarWording } from './email-wording.ts';
export type { CancellationEmailData, RegistrationEmailData, WebinarFacts } from './email-data.ts';

// A public sign-up (api/features/public-forms): a seat, or a place on the waiting list, and its e-mails.
export { SEAT_STATUSES_SQL, takeSeatInNextWebinar, takeSeatInWebinar, type HeldSeat, type PublicReceipt, type WebinarOutcome } from './seats.ts';
export { signUpEmails } from './seat-emails.ts';
export { verifyJoinToken } from './links.ts';
export { invalidLink, REGISTRATION_LINK_MESSAGES } from './registration-links.ts';

export { findWebinarOr404, webinarStats } from './webinars.ts';
export { invalidateNextSession, nextSession } from './next-session.ts';
export { loadSessionCopy, nextSessionHtml } from './next-session-slot.ts';
