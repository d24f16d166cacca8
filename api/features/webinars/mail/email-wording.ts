/**
 * The sections of site/content/emails.yaml that the webinar's e-mails read: each text with the
 * placeholders its e-mail can fill (api/platform/mail/content.ts checks them at start).
 */
import { z } from 'zod';
import { plain, template } from '../../../platform/mail/content.ts';

const session = template('firstName', 'title', 'date', 'duration', 'brand');
/** The greeting used when the typed first name does not look like a name (decision 087): no {firstName}. */
const sessionNoName = template('title', 'date', 'duration', 'brand');

/** How every e-mail about one session begins: subject, greeting, introduction, date and duration. */
const sessionOpening = {
  subject: session,
  preview: session,
  greeting: session,
  greetingNoName: sessionNoName,
  intro: session,
  dateLabel: plain,
  durationLabel: plain,
  durationValue: session,
};

/** The fields of every e-mail about one seat in a session (confirmation, reminder). */
const sessionEmail = {
  ...sessionOpening,
  joinButton: plain,
  joinHint: plain,
  noJoinLink: session,
  closing: plain,
};

/** An e-mail saying a seat or a place on the waiting list is gone (the calendar hint only with a file). */
const cancellationEmail = z.strictObject({
  subject: session,
  preview: session,
  greeting: session,
  greetingNoName: sessionNoName,
  intro: session,
  calendarHint: session,
  nextSteps: session,
  closing: plain,
});

const invitation = template('firstName', 'title', 'date', 'duration', 'brand');
const followup = template('firstName', 'title', 'brand');
const followupNext = template('firstName', 'title', 'brand', 'nextDate');
const followupNoName = template('title', 'brand');

export const webinarWording = {
  webinarConfirmation: z.strictObject({ ...sessionEmail, calendarHint: session }),
  webinarReminder: z.strictObject(sessionEmail),
  webinarUpdate: z.strictObject({ ...sessionEmail, calendarHint: session }),
  webinarCancelled: cancellationEmail,
  /** The session was deleted while the person was on its waiting list. */
  webinarCancelledWaitlist: cancellationEmail,
  /** The person cancelled their seat with an e-mail's link (decision 090). */
  registrationCancelled: cancellationEmail,
  /** The person left the waiting list with an e-mail's link. */
  waitlistLeft: cancellationEmail,
  /** The one-click unsubscribe line of the invitations and follow-ups (decision 091). */
  marketingUnsubscribe: z.strictObject({ text: plain, label: plain }),
  /** The line and link every e-mail about a registration ends with (decision 051). */
  cancelLink: z.strictObject({ text: plain, label: plain }),
  waitlistPromoted: z.strictObject({ ...sessionEmail, calendarHint: session }),
  /** A sign-up for a full session: on the waiting list, no seat yet (so no join link, no calendar file). */
  waitlistJoined: z.strictObject({
    ...sessionOpening,
    nextSteps: session,
    /** The line and button to leave the waiting list (the cancellation link of the registration). */
    leaveLink: z.strictObject({ text: plain, label: plain }),
    closing: plain,
  }),
  webinarInvitation: z.strictObject({
    subject: invitation,
    preview: invitation,
    greeting: invitation,
    greetingNoName: sessionNoName,
    intro: invitation,
    dateLabel: plain,
    durationLabel: plain,
    durationValue: invitation,
    button: plain,
    hint: plain,
    closing: plain,
  }),
  webinarFollowup: z.strictObject({
    attended: z.strictObject({ subject: followup, preview: followup, greeting: followup, greetingNoName: followupNoName, intro: followup, booking: followup, button: plain, closing: plain }),
    noShow: z.strictObject({
      subject: followup,
      preview: followup,
      greeting: followup,
      greetingNoName: followupNoName,
      intro: followup,
      nextSession: followupNext,
      noNextSession: followup,
      button: plain,
      closing: plain,
    }),
    /** Site paths the buttons lead to. */
    bookingPath: z.string().regex(/^\/[^\s]*$/, 'un chemin du site est attendu (ex. /rendez-vous/)'),
    webinarPath: z.string().regex(/^\/[^\s]*$/, 'un chemin du site est attendu (ex. /webinaire/)'),
  }),
};

export type WebinarWording = z.output<z.ZodObject<typeof webinarWording>>;
