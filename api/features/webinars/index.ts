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

// The webinar sign-up sent to `POST /api/leads`, whose entry is api/features/public-forms': the seat or
// the waiting list, the receipt, and the e-mail job (its `emails-prepare` worker: signUpPreparers).
export { SIGN_UP_NOTE_TITLE, receiptWithoutSigningUp, replayedReceipt, signUpForNextWebinar } from './sign-up.ts';
export { signUpPreparers } from './sign-up-emails.ts';
export type { PublicReceipt, WebinarOutcome } from './contract/index.ts';

export { findWebinarOr404, webinarStats } from './webinars.ts';
export { invalidateNextSession, nextSession } from './next-session.ts';
export { loadSessionCopy, nextSessionHtml } from './next-session-slot.ts';

// The newsletter's "Prochains webinaires" block: the sessions to come and the invitation's one-step sign-up link.
export { upcomingSessions } from './upcoming-sessions.ts';
export type { UpcomingSession } from './upcoming-sessions.ts';
export { joinUrl } from './links.ts';
