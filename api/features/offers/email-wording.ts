/**
 * The section of site/content/emails.yaml that the offer's e-mail reads: each text with the
 * placeholders it can fill (api/platform/mail/content.ts checks them at start).
 */
import { z } from 'zod';
import { plain, template } from '../../platform/mail/content.ts';

/** The person's first name, the offer's total in CHF, its validity date (in words), the brand. */
const offer = template('firstName', 'total', 'validUntil', 'brand');
const offerNoName = template('total', 'validUntil', 'brand');

export const offersWording = {
  offerSent: z.strictObject({
    subject: offer,
    preview: offer,
    greeting: offer,
    greetingNoName: offerNoName,
    intro: offer,
    totalLabel: plain,
    startLabel: plain,
    validUntilLabel: plain,
    planLabel: plain,
    button: plain,
    buttonHint: plain,
    attachmentHint: plain,
    closing: plain,
  }),
};

export type OffersWording = z.output<z.ZodObject<typeof offersWording>>;
