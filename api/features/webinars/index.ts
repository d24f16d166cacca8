/**
 * Webinars: sessions, seats and the waiting list, reminders, updates and cancellations, invitations and
 * follow-ups, the registration links, the next-session slot of the public pages. What other features
 * and the application may use of it; everything else stays inside this folder.
 */
import type { FeatureJob } from '../../platform/queue/scheduled.ts';
import { scheduleFollowups, workFollowups } from './follow-ups/followups.ts';

/** The follow-ups after a session (decision 053): a cron every minute. */
export const webinarJobs: FeatureJob[] = [{ schedule: (queue) => scheduleFollowups(queue), work: (queue, { knex, logger }) => workFollowups(queue, knex, logger) }];

export { webinarEmailKinds } from './mail/emails.ts';
export { webinarWording } from './mail/email-wording.ts';
export type { CancellationEmailData, RegistrationEmailData, WebinarFacts } from './mail/email-data.ts';

// The webinar sign-up sent to `POST /api/leads`, whose entry is api/features/public-forms': the seat or
// the waiting list, the receipt, and the e-mail job (its `emails-prepare` worker: signUpPreparers).
export { SIGN_UP_NOTE_TITLE, receiptWithoutSigningUp, replayedReceipt, signUpForNextWebinar } from './seats/sign-up.ts';
export { signUpPreparers } from './seats/sign-up-emails.ts';
export type { PublicReceipt, WebinarOutcome } from './seats/seats.ts';

export { findWebinarOr404, webinarStats } from './sessions/webinars.ts';
export { invalidateNextSession, nextSession } from './sessions/next-session.ts';
export { loadSessionCopy, nextSessionHtml } from './sessions/next-session-slot.ts';

// The newsletter's "Prochains webinaires" block: the sessions to come and the invitation's one-step sign-up link.
export { upcomingSessions } from './sessions/upcoming-sessions.ts';
export type { UpcomingSession } from './sessions/upcoming-sessions.ts';
export { joinUrl } from './mail/links.ts';
