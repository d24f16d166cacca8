/**
 * Webinars: sessions, seats and the waiting list, reminders, updates and cancellations, invitations and
 * follow-ups, the registration links, the next-session slot of the public pages. What other features
 * and the application may use of it; everything else stays inside this folder.
 */
export type { CancellationEmailData, RegistrationEmailData, WebinarFacts } from './mail/email-data.ts';

// The webinar sign-up sent to `POST /api/leads`, whose entry is api/features/public-forms': the seat or
// the waiting list, the receipt, and the e-mail job (its `emails-prepare` worker: signUpPreparers).
export { SIGN_UP_NOTE_TITLE, receiptWithoutSigningUp, replayedReceipt, signUpForNextWebinar } from './seats/sign-up.ts';
export type { PublicReceipt, WebinarOutcome } from './contract/index.ts';

export { findWebinarOr404, webinarStats } from './sessions/webinars.ts';

// The newsletter's "Prochains webinaires" block: the sessions to come and the invitation's one-step sign-up link.
export { upcomingSessions } from './sessions/upcoming-sessions.ts';
export type { UpcomingSession } from './sessions/upcoming-sessions.ts';
export { joinUrl, marketingUnsubscribeUrl } from './mail/links.ts';
