/**
 * The wording of every e-mail lives in site/content/emails.yaml (beside the site's copy), so a
 * non-developer edits it without touching code. This module is its schema: strict (a misspelt field is
 * an error), no empty text, and only the placeholders each e-mail can fill. `loadEmailContent()` runs
 * at start; a problem stops the start with the file and the field named.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { contentFile } from '../paths.ts';

export const EMAIL_CONTENT_FILE = contentFile('emails.yaml');

/** A text that may use only the given `{placeholders}`. */
function template(...allowed: string[]) {
  return z
    .string()
    .trim()
    .min(1, 'ce texte ne peut pas être vide')
    .superRefine((value, ctx) => {
      for (const [, name] of value.matchAll(/\{(\w*)\}/g)) {
        if (!allowed.includes(name!)) {
          ctx.addIssue({
            code: 'custom',
            message: `la variable {${name}} n'existe pas ici (permises : ${allowed.map((item) => `{${item}}`).join(', ') || 'aucune'})`,
          });
        }
      }
    });
}

const plain = template();
const person = template('firstName', 'brand');
const session = template('firstName', 'title', 'date', 'duration', 'brand');
/** The greeting used when the typed first name does not look like a name (decision 087): no {firstName}. */
const personNoName = template('brand');
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

export const emailContentSchema = z.strictObject({
  senderAddress: z.email('une adresse e-mail est attendue'),
  senderName: plain,
  footer: plain,
  signature: plain,
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
  /** The line and link every e-mail about a registration ends with (issue 13). */
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
    bookingPath: z.string().regex(/^\/[^\s]*$/, 'un chemin du site est attendu (ex. /innercircle/#contact)'),
    webinarPath: z.string().regex(/^\/[^\s]*$/, 'un chemin du site est attendu (ex. /webinaire/)'),
  }),
  contactAcknowledgement: z.strictObject({
    subject: person,
    preview: person,
    greeting: person,
    greetingNoName: personNoName,
    intro: person,
    nextStepsTitle: plain,
    nextSteps: z.array(person).min(1),
    closing: plain,
  }),
  teamAlert: z.strictObject({
    contactSubject: template('name'),
    webinarSubject: template('name'),
    preview: template('name'),
    contactIntro: template('name'),
    webinarIntro: template('name'),
    /** An alert covering several submissions of one contact (decision 088). */
    groupedSubject: template('name', 'count', 'since'),
    groupedPreview: template('name', 'count', 'since'),
    groupedIntro: template('name', 'count', 'since'),
    groupedItem: template('number', 'count'),
    kinds: z.strictObject({ contact: plain, webinar: plain }),
    labels: z.strictObject({ name: plain, email: plain, phone: plain, company: plain, message: plain, webinar: plain, outcome: plain, receivedAt: plain }),
    outcomes: z.strictObject({ registered: plain, already_registered: plain, waitlisted: plain, no_upcoming_webinar: plain }),
    button: plain,
  }),
  newsletterConfirmation: z.strictObject({
    subject: person,
    preview: person,
    greeting: person,
    greetingNoName: personNoName,
    intro: person,
    button: plain,
    hint: plain,
    ignore: plain,
    unsubscribe: plain,
    closing: plain,
  }),
});

export type EmailContent = z.output<typeof emailContentSchema>;

export class EmailContentError extends Error {}

export function loadEmailContent(file = EMAIL_CONTENT_FILE): EmailContent {
  const name = path.relative(process.cwd(), file) || file;
  let raw: unknown;
  try {
    raw = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new EmailContentError(`Contenu invalide : ${name} — ${(error as Error).message.split('\n')[0]}`);
  }
  const parsed = emailContentSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'racine');
    const where = issue.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys].join('.') : field;
    throw new EmailContentError(`Contenu invalide : ${name}, champ ${where} — ${issue.code === 'unrecognized_keys' ? 'champ inconnu' : issue.message}`);
  }
  return parsed.data;
}

/** Replaces `{name}` placeholders (the schema guarantees only known ones are used). */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
