/** The sections of site/content/emails.yaml that the newsletter's e-mails read (decisions 112, 113). */
import { z } from 'zod';
import { plain, template } from '../../platform/mail/content.ts';

export const newsletterWording = {
  newsletterIssue: z.strictObject({
    /** The test send's subject: the issue's, marked. */
    testSubject: template('subject'),
    testNotice: plain,
    webinarsTitle: plain,
    webinarsEmpty: plain,
    webinarLine: template('title', 'date', 'seats'),
    seatsMany: template('count'),
    seatsOne: plain,
    seatsNone: plain,
    webinarButton: plain,
    bookingTitle: plain,
    bookingText: plain,
    bookingButton: plain,
    unsubscribe: plain,
  }),
  newsletterPausedAlert: z.strictObject({
    subject: template('subject'),
    preview: template('subject'),
    intro: template('subject'),
    labels: z.strictObject({ reason: plain, sent: plain, queued: plain }),
    action: plain,
    button: plain,
  }),
};
export type NewsletterWording = z.output<z.ZodObject<typeof newsletterWording>>;
