/** The section of site/content/emails.yaml that the public forms' e-mail reads: the acknowledgement of a contact request. */
import { z } from 'zod';
import { person, personNoName, plain } from '../../platform/mail/content.ts';

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
};

export type PublicFormsWording = z.output<z.ZodObject<typeof publicFormsWording>>;
