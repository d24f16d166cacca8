/**
 * The section of site/content/emails.yaml that the team alert reads (./team-alert-email.ts): what the
 * team is told of a contact's submissions, a contact request or a webinar sign-up.
 */
import { z } from 'zod';
import { plain, template } from '../../../platform/mail/content.ts';

export const contactsWording = {
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
};

export type ContactsWording = z.output<z.ZodObject<typeof contactsWording>>;
