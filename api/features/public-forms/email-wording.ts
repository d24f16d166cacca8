/**
 * The sections of site/content/emails.yaml that the public forms' e-mails read: the acknowledgement
 * of a contact request, the team alert, the newsletter confirmation.
 */
import { z } from 'zod';
import { person, personNoName, plain, template } from '../../platform/mail/content.ts';

export const publicFormsWording = {
  contactAcknowledgement: z.strictObject({
    subject: person,
    preview: person,
    greeting: person,
    greetingNoName: personNoName,
    intro: person,
    nextStepsTitle: plain,
    nextSteps: z.array(person).min(1),
    /** The booking page's offer, under the next steps. */
    booking: person,
    bookingButton: plain,
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
};

export type PublicFormsWording = z.output<z.ZodObject<typeof publicFormsWording>>;
