/** The section of site/content/emails.yaml that the newsletter's confirmation e-mail reads (./subscription-emails.ts). */
import { z } from 'zod';
import { person, personNoName, plain } from '../../platform/mail/content.ts';

export const subscriptionWording = {
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

export type SubscriptionWording = z.output<z.ZodObject<typeof subscriptionWording>>;
